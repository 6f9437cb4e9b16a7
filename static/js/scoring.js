/* Duplicada scoring: small progressive enhancements. Every page works without this file. */
(function () {
  "use strict";

  // Captain and director forms: show EW points live as 72 - NS.
  function updateEw(form) {
    var ns = form.querySelector("input[name$='points_ns']");
    var out = form.querySelector("[data-ew-output]");
    var ew = form.querySelector("input[name$='points_ew']");
    if (!ns || !out) return;
    var value = parseInt(ns.value, 10);
    var valid = /^\d+$/.test(ns.value.trim()) && value >= 0 && value <= 72;
    out.textContent = valid ? String(72 - value) : "";
    if (ew) ew.placeholder = valid ? String(72 - value) : "";
  }
  // Delegated, so that forms fetched again in place (live updates) behave the same.
  document.querySelectorAll("form.result-form").forEach(updateEw);
  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (form && form.classList.contains("result-form")) updateEw(form);
  });
  // A double tap sends the form once (the server also stores it once). This covers the
  // forms sent the plain way (the director's); the captain's forms go through the outbox
  // (captain.js), which takes the submit first, ties the key to the entry and keeps the
  // button off until the answer.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form.classList.contains("result-form")) return;
    var button = form.querySelector("button[type=submit]");
    if (button) setTimeout(function () { button.disabled = true; }, 0);
  });

  // Director's grid: fetch the grid again, in place, when a result arrives (live updates),
  // or every few seconds while the live stream is unavailable.
  var grid = document.getElementById("grid");
  if (grid) {
    var seconds = parseInt(grid.getAttribute("data-refresh-seconds"), 10) || 15;
    var every = Math.max(3, seconds) * 1000;  // as the page says
    var live = window.DuplicadaLive;
    var refresh = function () {
      fetch(grid.getAttribute("data-refresh-url"), { credentials: "same-origin", cache: "no-store" })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) {
          if (!html) return;
          var holder = document.createElement("div");
          holder.innerHTML = html;
          var fresh = holder.querySelector("#grid");
          if (fresh) { grid.replaceWith(fresh); grid = fresh; }
        })
        .catch(function () { /* bad Wi-Fi: try again next time */ });
    };
    if (live) {
      var soon = live.throttle(refresh, 700);  // a burst of confirmations: a few fetches
      live.onChange(function (event) {
        if (event.round && String(event.round) !== grid.getAttribute("data-round")) return;
        soon();
      });
    }
    setInterval(function () { if (!(live && live.connected)) refresh(); }, every);
    // "Last heard": keep the times fresh between fetches, in the page's language.
    if (window.Intl && Intl.RelativeTimeFormat) {
      var words = new Intl.RelativeTimeFormat(document.documentElement.lang || undefined,
                                              { numeric: "auto" });
      setInterval(function () {
        document.querySelectorAll("#grid [data-heard]").forEach(function (cell) {
          var seconds = Math.round((Date.parse(cell.getAttribute("data-heard")) - Date.now()) / 1000);
          if (isNaN(seconds)) return;
          cell.textContent = seconds > -60 ? words.format(seconds, "second")
            : seconds > -3600 ? words.format(Math.round(seconds / 60), "minute")
            : words.format(Math.round(seconds / 3600), "hour");
        });
      }, 30000);
    }
  }
})();
