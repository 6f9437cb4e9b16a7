// The projector turns its pages by itself (replacing a <meta refresh>, which a screen reader
// user cannot stop: WCAG 2.2.1 and 2.2.2). Every `seconds` it opens the next page, unless
// paused; the pause holds from page to page (sessionStorage) until resumed. Without
// JavaScript the page stays still and its "Next page" link turns it.
(function () {
  "use strict";
  var pager = document.querySelector("[data-projector-next]");
  if (!pager) return;
  var KEY = "duplicada-projector-paused";
  var button = pager.querySelector("[data-projector-pause]");
  var seconds = parseInt(pager.getAttribute("data-projector-seconds"), 10) || 12;
  var timer = null;

  function paused() {
    try { return sessionStorage.getItem(KEY) === "1"; } catch (e) { return false; }
  }
  function remember(value) {
    try {
      if (value) sessionStorage.setItem(KEY, "1"); else sessionStorage.removeItem(KEY);
    } catch (e) { /* private mode: the pause lasts for this page only */ }
  }
  function show(isPaused) {
    button.setAttribute("aria-pressed", isPaused ? "true" : "false");
    button.textContent = pager.getAttribute(isPaused ? "data-resume-label" : "data-pause-label");
    pager.classList.toggle("is-paused", isPaused);
  }
  function schedule() {
    if (timer) clearTimeout(timer);
    timer = paused() ? null : setTimeout(function () {
      window.location.assign(pager.getAttribute("data-projector-next"));
    }, seconds * 1000);
  }
  button.hidden = false;
  button.addEventListener("click", function () {
    var now = !paused();
    remember(now);
    show(now);
    schedule();
  });
  show(paused());
  schedule();
})();
