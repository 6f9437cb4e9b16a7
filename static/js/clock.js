/* Duplicada round clock (templates/scoring/_clock.html): counts down on the captains'
   phones, the projector and the director's page.

   The count is the server's, not the device's: the page carries the server's time ("now")
   with the clock's end, and this file keeps the difference between the two clocks, so a
   phone set to the wrong time still counts down right. It asks the server again (the
   clock's address, data-clock-url) when a live event says something changed, when the
   device comes back online or the page is shown again, when it reaches zero (to be sure
   the director did not add time meanwhile), and once a minute. Without this file the page
   says the state in words and the time the round ends.

   A page may swap its content (the captain's page, captain.js, at a new round): the clock
   element then shown is a new one. This file follows whichever clock element the page shows,
   and stops counting on one that left the page. A page that may show a clock later loads
   this file too (it runs once however often it is loaded). */
(function () {
  "use strict";
  if (window.DuplicadaClock) return;  // loaded again (the page and the clock's own include)
  window.DuplicadaClock = true;
  var current = null;  // the clock element followed, and how to stop it

  // Count down on one clock element until stop().
  function follow(root) {
    var url = root.getAttribute("data-clock-url");
    var timeEl = root.querySelector("[data-clock-time]");
    var endsEl = root.querySelector("[data-clock-ends]");
    var clock = {};  // state, endsAt (ms, server's time), remaining (ms), offset (ms)
    var shown = null;
    var zeroChecked = false;
    var stopped = false;

    function serverNow() { return Date.now() + clock.offset; }

    // `sentAt` and `receivedAt` are this device's times around the request: the server read
    // its clock about halfway between them (at load both are the moment the page runs).
    function learn(data, sentAt, receivedAt) {
      var now = Date.parse(data.now);
      if (isNaN(now) || stopped) return;
      var before = clock.endsAt;
      clock = {
        state: data.state,
        endsAt: data.ends_at ? Date.parse(data.ends_at) : null,
        remaining: data.remaining === null || data.remaining === undefined
          ? 0 : parseFloat(data.remaining) * 1000,
        offset: now - (sentAt + receivedAt) / 2
      };
      // Ask again at zero only if the end moved (else a device a little ahead of the server
      // would ask twice).
      if (clock.endsAt !== before) zeroChecked = false;
      // The end as the server writes it, in the venue's time zone (not the device's).
      if (endsEl && data.ends_at_text !== undefined) {
        endsEl.setAttribute("datetime", data.ends_at || "");
        endsEl.textContent = data.ends_at_text;
      }
      tick();
    }

    function left() {
      if (clock.state === "running" && clock.endsAt !== null) {
        return Math.max(0, clock.endsAt - serverNow());
      }
      return clock.state === "last_hand" ? 0 : clock.remaining;
    }

    function stateNow() {
      return clock.state === "running" && left() <= 0 ? "last_hand" : clock.state;
    }

    function tick() {
      if (!clock.state || stopped) return;  // nothing learnt yet: the page's words stay
      var state = stateNow();
      if (state !== shown) {
        shown = state;
        root.setAttribute("data-state", state);
        root.hidden = state === "none";
        root.querySelectorAll("[data-when]").forEach(function (element) {
          element.hidden = element.getAttribute("data-when").split(" ").indexOf(state) < 0;
        });
      }
      if (timeEl) {
        var text = format(left());
        if (timeEl.textContent !== text) timeEl.textContent = text;
      }
      if (state === "last_hand" && clock.state === "running" && !zeroChecked) {
        zeroChecked = true;
        reread();
      }
    }

    var inFlight = false;
    function reread() {
      if (inFlight || !url || stopped) return;
      inFlight = true;
      var sentAt = Date.now();
      fetch(url, { credentials: "same-origin", cache: "no-store",
                   headers: { Accept: "application/json" } })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (data) { if (data) learn(data, sentAt, Date.now()); })
        .catch(function () { /* offline: the "online" event asks again */ })
        .then(function () { inFlight = false; });
    }

    var started = Date.now();
    learn({
      state: root.getAttribute("data-state"),
      now: root.getAttribute("data-now"),
      ends_at: root.getAttribute("data-ends-at") || null,
      remaining: root.getAttribute("data-remaining")
    }, started, started);
    var timers = [setInterval(tick, 250), setInterval(reread, 60000)];
    return {
      root: root,
      reread: reread,
      stop: function () {
        stopped = true;
        timers.forEach(clearInterval);
      }
    };
  }

  // Whole seconds rounded up, as the server writes them (scoring_tags.clock_time).
  function format(ms) {
    var seconds = Math.ceil(ms / 1000);
    var hours = Math.floor(seconds / 3600);
    var minutes = Math.floor((seconds % 3600) / 60);
    var rest = seconds % 60;
    var pad = function (n) { return (n < 10 ? "0" : "") + n; };
    return hours ? hours + ":" + pad(minutes) + ":" + pad(rest) : minutes + ":" + pad(rest);
  }

  // Follow the clock element the page shows now (if it changed): the old one stops.
  function attach() {
    var root = document.querySelector("[data-clock]");
    if (current && current.root === root) return;
    if (current) current.stop();
    current = root ? follow(root) : null;
  }
  function reread() {
    attach();
    if (current) current.reread();
  }

  attach();
  // A swapped page brings its own clock element (or none): follow it from the swap on.
  if (window.MutationObserver && document.body) {
    new MutationObserver(function () {
      if (!current || !current.root.isConnected) attach();
    }).observe(document.body, { childList: true, subtree: true });
  }
  window.addEventListener("online", reread);
  window.addEventListener("pageshow", function (event) { if (event.persisted) reread(); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") reread();
  });
  // live.js may load after this file (the projector includes it last): hook in once every
  // deferred script has run.
  document.addEventListener("DOMContentLoaded", function () {
    var live = window.DuplicadaLive;
    if (live) live.onChange(live.throttle(reread, 1000));
  });
})();
