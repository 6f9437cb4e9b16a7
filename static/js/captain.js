/* Duplicada captain's page: works with a bad network. Without this file the page works as
   plain forms.
   - The outbox (its storage: outbox_store.js): an entry, a confirmation or a dispute is
     kept on the phone (IndexedDB) with
     an idempotency key tied to the entry (the form's content: one tap or ten of the same
     entry carry the same key, a changed entry gets a new one), shown as "saved on this
     phone, not sent yet", and sent by itself when the network is back (or with "Send now");
     the server stores it once however often it arrives, and its answer is shown. The button
     stays off from the press until the answer (or until the entry is changed). A refusal
     keeps what was typed in the form.
   - A service worker (/t/sw.js) keeps the page and its files, so it opens with no network.
   - Live updates (live.js) fetch the deals again when something happens at the table. */
(function () {
  "use strict";
  var stringsTag = document.getElementById("outbox-strings");
  if (!stringsTag) return;
  var T = JSON.parse(stringsTag.textContent);
  var PAGE = location.pathname;
  var store = window.DuplicadaOutboxStore(PAGE);
  var save = store.save, drop = store.drop, items = store.items, replace = store.replace;
  var newKey = store.newKey;

  // --- What the captain sees -----------------------------------------------------------------
  var recent = {};  // answers shown since the page opened, by deal and kind
  // The unit an item belongs to: a deal's card on the duplicate page, the game's on the
  // free-deal page (the element marked data-outbox-card with the forms' data-deal).
  var CARDS = ".deal-card, [data-outbox-card]";
  function card(deal) {
    return document.querySelector("[data-outbox-card='" + deal + "']") ||
      document.getElementById("deal-" + deal);
  }
  function formOf(item) {
    var box = card(item.deal);
    return box && box.querySelector("form[data-outbox='" + item.kind + "']");
  }
  function markFields(item, note) {
    // The fields a refusal names are marked invalid and described by the note that says
    // why (as the page does without JavaScript); any other state clears the marks.
    var form = formOf(item);
    if (!form) return;
    note.id = note.id || ("outbox-note-" + item.deal + "-" + item.kind);
    form.querySelectorAll("[data-outbox-invalid]").forEach(function (input) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("data-outbox-invalid");
      var kept = input.getAttribute("data-described-before");
      if (kept) input.setAttribute("aria-describedby", kept);
      else input.removeAttribute("aria-describedby");
      input.removeAttribute("data-described-before");
    });
    if (item.state !== "refused" || !item.errors) return;
    Object.keys(item.errors).forEach(function (field) {
      form.querySelectorAll("[name$='-" + field + "']").forEach(function (input) {
        if (input.type === "hidden") return;
        var before = input.getAttribute("aria-describedby") || "";
        input.setAttribute("data-described-before", before);
        input.setAttribute("data-outbox-invalid", "");
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", (note.id + " " + before).trim());
      });
    });
  }
  function restore(item) {
    // Put what was typed back in the form (after a reload with no network, or a refusal).
    var form = formOf(item);
    if (!form || item.kind === "confirm") return;
    Object.keys(item.fields).forEach(function (name) {
      var value = item.fields[name];
      form.querySelectorAll("[name='" + name + "']").forEach(function (input) {
        if (input.type === "radio") input.checked = input.value === value;
        else if (input.type === "checkbox") input.checked = value !== "" && value !== undefined;
        else if (input.type !== "hidden") input.value = value;
      });
    });
    form.querySelectorAll("input[type=checkbox]").forEach(function (input) {
      if (!(input.name in item.fields)) input.checked = false;
    });
    var details = form.closest("details");
    if (details) details.open = true;
    form.setAttribute("data-dirty", "1");
    form.dispatchEvent(new Event("input", { bubbles: true }));  // EW points shown again
    // The restored entry keeps its key: pressing again without a change is the same entry.
    form.outboxContent = contentOf(form);
    form.outboxKey = item.key;
    var submit = form.querySelector("button[type=submit]");
    if (submit) submit.disabled = item.state !== "refused";
  }
  function show(item) {
    var box = card(item.deal);
    if (!box) return;
    var note = box.querySelector(".outbox-note[data-kind='" + item.kind + "']");
    if (!note) {
      note = document.createElement("div");
      note.className = "outbox-note";
      note.setAttribute("data-kind", item.kind);
      note.setAttribute("role", "status");
      var title = box.querySelector("h2");
      box.insertBefore(note, title ? title.nextSibling : box.firstChild);
    }
    note.setAttribute("data-outbox-state", item.state);
    note.setAttribute("data-key", item.key);
    note.textContent = "";
    var head = document.createElement("strong");
    head.textContent = T[item.kind].replace("{deal}", item.deal) + " · ";
    note.appendChild(head);
    var text = document.createElement("span");
    var words = { queued: T.queued, sending: T.sending, sent: T.sent, refused: T.refused }[item.state];
    text.textContent = words + (item.message ? " " + item.message : "");
    note.appendChild(text);
    if (item.state === "refused") {
      var hint = document.createElement("p");
      hint.className = "small";
      hint.textContent = T.refused_hint;
      note.appendChild(hint);
    }
    // A refusal (a wrong PIN, a result the rules refuse) is announced at once and takes the
    // focus, in the deal's card where the captain is looking; progress stays polite.
    note.setAttribute("role", item.state === "refused" ? "alert" : "status");
    markFields(item, note);
    if (item.state === "refused") {
      note.setAttribute("tabindex", "-1");
      note.focus();
    } else if (item.state === "sent" && focusAfterSend === item.key) {
      // Sent: the focus comes back to the card (its button was disabled, and the card is
      // fetched again in place), on the note that says so, unless the captain moved on.
      var at = document.activeElement;
      if (!at || at === document.body || box.contains(at)) {
        note.setAttribute("tabindex", "-1");
        note.focus();
      }
    }
    var button = null;
    if (item.state === "queued") {
      button = document.createElement("button");
      button.type = "button";
      button.className = "send-now";
      button.textContent = T.send_now;
    } else if (item.state === "refused") {
      button = document.createElement("button");
      button.type = "button";
      button.className = "dismiss";
      button.textContent = T.dismiss;
    }
    if (button) { note.appendChild(document.createTextNode(" ")); note.appendChild(button); }
    // The button is off from the press until the answer; a refusal lets the captain resend.
    var form = formOf(item);
    var submit = form && form.querySelector("button[type=submit]");
    if (submit && item.state === "sending") submit.disabled = true;
    if (submit && item.state === "refused") submit.disabled = false;
  }

  // --- Keeping and sending -------------------------------------------------------------------
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var kind = form.getAttribute("data-outbox");
    if (!kind) {
      if (form.classList.contains("pin-form") && navigator.onLine === false) {
        event.preventDefault();  // a PIN is never kept on the phone
        var warning = form.querySelector(".pin-offline");
        if (!warning) {
          warning = form.insertBefore(document.createElement("p"), form.firstChild);
          warning.className = "errors pin-offline";
        }
        warning.textContent = T.pin_offline;
      }
      return;
    }
    event.preventDefault();
    var submit = form.querySelector("button[type=submit]");
    if (submit) submit.disabled = true;  // off until the answer, or until the entry changes
    var item = entryOf(form, kind);
    form.setAttribute("data-dirty", "1");
    replace(item).then(function (stored) {
      if (!stored) return;  // a second tap of the same entry
      show(item);
      flush();
    });
  }, true);

  // The key belongs to the entry: the same content in the same form keeps its key (a double
  // tap, a resend), other content gets a new one. The server stores a key once.
  function contentOf(form) {
    var data = new FormData(form);
    data["delete"](keyName(form));
    return new URLSearchParams(data).toString();
  }
  function keyName(form) {
    var keyInput = form.querySelector("input[name$='idempotency_key']");
    return keyInput ? keyInput.name : "idempotency_key";
  }
  function entryOf(form, kind) {
    var content = contentOf(form);
    if (form.outboxContent !== content || !form.outboxKey) {
      form.outboxContent = content;
      form.outboxKey = newKey();
    }
    var keyInput = form.querySelector("input[name$='idempotency_key']");
    if (keyInput) keyInput.value = form.outboxKey;
    var data = new FormData(form);
    var fields = {};
    data.forEach(function (value, name) { fields[name] = value; });
    return {
      key: form.outboxKey, page: PAGE, action: form.action, kind: kind,
      deal: form.getAttribute("data-deal"), fields: fields,
      body: new URLSearchParams(data).toString(), state: "queued", message: "", at: Date.now()
    };
  }

  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (!form || !form.hasAttribute("data-outbox")) return;
    form.setAttribute("data-dirty", "1");
    if (contentOf(form) !== form.outboxContent) {
      // Another entry: it may be sent (a new key is made when it is).
      var submit = form.querySelector("button[type=submit]");
      if (submit) submit.disabled = false;
    }
  });

  document.addEventListener("click", function (event) {
    var note = event.target.closest && event.target.closest(".outbox-note");
    if (!note) return;
    if (event.target.classList.contains("send-now")) flush();
    if (event.target.classList.contains("dismiss")) {
      drop(note.getAttribute("data-key")).then(function () { note.remove(); });
    }
  });

  var flushing = false, again = false;
  function flush() {
    if (flushing) { again = true; return; }  // e.g. the network came back mid-attempt
    flushing = true;
    again = false;
    return items().then(function (all) {
      var queue = all.filter(function (item) { return item.state === "queued"; });
      var next = function () {
        var item = queue.shift();
        if (!item) return null;
        // In order, and stop at the first that cannot leave: the rest wait with it.
        return send(item).then(function (left) { return left ? next() : null; });
      };
      return next();
    }).catch(function () { /* storage failed: nothing to send */ })
      .then(function () {
        flushing = false;
        if (again) flush();
      });
  }

  function send(item) {
    item.state = "sending";
    show(item);
    return fetch(item.action, {
      method: "POST", body: item.body, credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/x-www-form-urlencoded",
                 "X-Duplicada-Outbox": "1", "Accept": "application/json" }
    }).then(function (response) {
      if (response.status >= 500 || response.status === 408 || response.status === 429) {
        throw new Error("not now");  // the server is busy or lost its database: try again
      }
      var json = (response.headers.get("Content-Type") || "").indexOf("json") >= 0;
      return (json ? response.json() : Promise.resolve(null)).then(function (answer) {
        if (response.ok && answer && answer.ok) {
          item.state = "sent";
          item.message = answer.message;
          recent[item.deal + item.kind] = item;
          var form = formOf(item);
          if (form) form.removeAttribute("data-dirty");
          focusAfterSend = item.key;
          return drop(item.key).then(function () { show(item); refresh(); return true; });
        }
        item.state = "refused";
        item.message = (answer && answer.message) ||
          T.status_error.replace("{status}", response.status);
        item.errors = (answer && answer.errors) || null;
        return save(item).then(function () { show(item); restore(item); return true; });
      });
    }).catch(function () {
      item.state = "queued";
      item.message = T.offline;
      return save(item).then(function () { show(item); return false; });
    });
  }

  // --- Fetching the deals again ----------------------------------------------------------------
  function busy(box) {
    // A card the captain is typing in, or with something not yet settled, stays as it is.
    var typing = document.activeElement;
    if (typing && box.contains(typing) && /^(INPUT|TEXTAREA|SELECT)$/.test(typing.tagName)) return true;
    if (box.querySelector("form[data-dirty]")) return true;
    return !!box.querySelector(".outbox-note[data-outbox-state='queued'], " +
      ".outbox-note[data-outbox-state='sending'], .outbox-note[data-outbox-state='refused']");
  }
  var refreshing = null;
  // The entry just sent, whose card takes the focus back once it is shown again.
  var focusAfterSend = null;
  function refresh() {
    if (refreshing) return;
    refreshing = setTimeout(function () {
      refreshing = null;
      fetch(location.href, { credentials: "same-origin", cache: "no-store" })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) {
          if (!html) return;
          var fresh = new DOMParser().parseFromString(html, "text/html");
          var cards = document.querySelectorAll(CARDS);
          var freshCards = fresh.querySelectorAll(CARDS);
          var same = cards.length === freshCards.length;
          freshCards.forEach(function (other) {
            // A card of another round (data-round: the free-deal game, whose card is always
            // #game) is another page too: its table, its opponents, its clock.
            var box = document.getElementById(other.id);
            if (!box || box.getAttribute("data-round") !== other.getAttribute("data-round")) {
              same = false;
            }
          });
          if (!same) {
            // Another round on the page: swap the whole page in, unless the captain is busy.
            var anyBusy = Array.prototype.some.call(cards, busy);
            var main = document.querySelector("main"), freshMain = fresh.querySelector("main");
            if (!anyBusy && main && freshMain) main.innerHTML = freshMain.innerHTML;
          } else {
            freshCards.forEach(function (other) {
              var box = document.getElementById(other.id);
              if (!busy(box)) box.replaceWith(document.importNode(other, true));
            });
          }
          Object.keys(recent).forEach(function (name) { show(recent[name]); });
          focusAfterSend = null;
          return items().then(function (all) { all.forEach(show); });
        })
        .catch(function () { /* no network: the page stays as it is */ });
    }, 150);
  }

  var live = window.DuplicadaLive;
  if (live) live.onChange(function () { refresh(); });
  var ticks = 0;
  setInterval(function () {
    items().then(function (all) {
      if (all.some(function (item) { return item.state === "queued"; })) flush();
    });
    // Without the live stream, look for news every 45 s.
    ticks += 1;
    if (ticks % 3 === 0 && !(live && live.connected) && navigator.onLine !== false) refresh();
  }, 15000);
  window.addEventListener("online", function () { banner(); flush(); });
  window.addEventListener("offline", banner);

  function banner() {
    // Say so while the phone has no network: what is entered meanwhile waits on it.
    var shown = document.getElementById("offline-banner");
    if (navigator.onLine === false && !shown) {
      shown = document.createElement("p");
      shown.id = "offline-banner";
      shown.className = "card notice";
      shown.setAttribute("role", "status");
      shown.textContent = T.offline_banner;
      var main = document.querySelector("main");
      if (main) main.insertBefore(shown, main.firstChild);
    } else if (navigator.onLine !== false && shown) {
      shown.remove();
    }
  }
  banner();

  // On opening (perhaps from the phone's copy, with no network): what waits, then send it.
  items().then(function (all) {
    all.forEach(function (item) {
      if (item.state === "sending") item.state = "queued";  // the page closed mid-send
      show(item);
      if (item.state !== "sent") restore(item);
    });
    flush();
  });

  // --- The service worker ------------------------------------------------------------------------
  var offline = document.getElementById("offline");
  if (offline && "serviceWorker" in navigator && window.caches) {
    navigator.serviceWorker.register(offline.getAttribute("data-sw"), { scope: "/t/" })
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function () {
        // The first visit was not served through the worker: keep a copy of the page now.
        return caches.open(offline.getAttribute("data-cache")).then(function (cache) {
          return cache.match(PAGE).then(function (hit) { return hit || cache.add(PAGE); });
        });
      })
      .catch(function () { /* no worker (private mode, plain HTTP on a LAN address) */ });
  }
})();
