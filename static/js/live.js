/* Duplicada live updates: listen to the page's event stream (Server-Sent Events, live/asgi.py)
   and tell the page's scripts; when the stream is unavailable (a WSGI server answers 204, Redis
   away, bad Wi-Fi), the pages poll instead. Every page works without this file. */
(function () {
  "use strict";
  var holder = document.querySelector("[data-live-url]");
  var live = window.DuplicadaLive = {
    connected: false,
    handlers: [],
    onChange: function (fn) { live.handlers.push(fn); },
    // Run fn soon after an event, but at most once every `gap` ms: during the end-of-round
    // burst a director's page fetches a few times a second, not once per confirmation.
    throttle: function (fn, gap) {
      var timer = null, last = 0;
      return function () {
        if (timer) return;
        var wait = Math.max(100, last + gap - Date.now());
        timer = setTimeout(function () { timer = null; last = Date.now(); fn(); }, wait);
      };
    }
  };
  if (!holder) return;
  var url = holder.getAttribute("data-live-url");
  var opened = 0;
  function tell(payload) {
    live.handlers.forEach(function (fn) {
      try { fn(payload); } catch (e) { /* one page script failing must not stop the others */ }
    });
  }
  function state(on) {
    live.connected = on;
    document.documentElement.setAttribute("data-live", on ? "on" : "off");
  }
  function connect() {
    if (!window.EventSource) { state(false); return; }
    var source = new EventSource(url);
    source.onopen = function () {
      state(true);
      opened += 1;
      // Events sent while the stream was down are lost: fetch once on reconnecting.
      if (opened > 1) tell({ kind: "resync" });
    };
    source.onmessage = function (event) {
      var payload;
      try { payload = JSON.parse(event.data); } catch (e) { return; }
      tell(payload);
    };
    source.onerror = function () {
      state(false);
      if (source.readyState === EventSource.CLOSED) {
        // Refused (204 under WSGI, 403, 503): poll, and try the stream again later.
        setTimeout(connect, 30000);
      }
    };
  }
  state(false);
  connect();

  // Pages with live regions (standings, projector): fetch the page again and swap them in.
  var regions = document.querySelectorAll("[data-live-region]");
  if (!regions.length) return;
  function refresh() {
    fetch(location.href, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html");
        document.querySelectorAll("[data-live-region]").forEach(function (region) {
          var other = fresh.getElementById(region.id);
          if (other) region.replaceWith(document.importNode(other, true));
        });
      })
      .catch(function () { /* bad Wi-Fi: the next event or poll tries again */ });
  }
  live.onChange(live.throttle(refresh, 700));
  var poll = parseInt(holder.getAttribute("data-live-poll"), 10);
  if (poll > 0) {
    setInterval(function () { if (!live.connected) refresh(); }, poll * 1000);
  }
})();
