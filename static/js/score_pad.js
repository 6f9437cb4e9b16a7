/* Duplicada's score pad for a game of two pairs (a free-deal game, rules.md 11; a group
   game, 12.1, which lasts its set hands and then extra hands while level): each hand as it is played,
   scored as ordinary play (rules.md 5): the side over 36 scores the excess times the
   multiplier (Botifarra x2, times the doubling scheme's factor); a revoke gives the other
   pair 36 times the multiplier. The hands are kept on the phone (localStorage, per table)
   and fill in the game's result form: both totals (capped), the hands played, how the game
   ended, and the record itself, which the server checks again. Without this file the page
   works as a plain form.

   The pad belongs to the phone, not to the server's copy of the page: when the page fetches
   its game card again and swaps it in (captain.js, on every live event, such as the
   director's clock buttons), the copy's pad is blank and hidden, so this pad takes its place
   again, with its hands, the hand being typed and its buttons. */
(function () {
  "use strict";

  function dataOf(pad) {
    var tag = pad.querySelector("#pad-data");
    try { return tag ? JSON.parse(tag.textContent) : null; } catch (e) { return null; }
  }

  // One table's pad: its hands, its buttons, and the game's form that it fills (looked up
  // each time: the page may have swapped in a new copy of the form).
  function setUp(pad) {
    var D = dataOf(pad);
    if (!D || !document.getElementById("game-form")) return null;
    var KEY = "duplicada-score-pad:" + D.key;
    var hands = [];
    try { hands = JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { hands = []; }
    pad.hidden = false;

    function el(id) { return pad.querySelector("#" + id); }
    function factor(contract, doubling) {
      var steps = [1].concat(D.scheme.split("-").map(Number));
      return (contract === "BOT" ? 2 : 1) * steps[doubling];
    }
    function other(pair) { return pair === "first" ? "second" : "first"; }
    function firstMakers() {
      var checked = pad.querySelector("input[name='pad-first-makers']:checked");
      return checked ? checked.value : "first";
    }
    function makersOf(index) {
      // The deal passes to the right after each hand: the pairs make trumps in turn.
      return index % 2 === 0 ? firstMakers() : other(firstMakers());
    }
    function capped(total) { return D.cap ? Math.min(total, D.cap) : total; }
    function totals() {
      var t = { first: 0, second: 0 };
      hands.forEach(function (h) { if (h.scorer) t[h.scorer] += h.points; });
      return t;
    }
    // The hands the game lasts: at most the hand limit; a group game (rules.md 12.1,
    // D.extra_hands) lasts the set hands, then the extra hands again while the points are
    // level after them.
    function lastHand() {
      if (!D.hand_limit) return 0;
      var limit = D.hand_limit;
      if (!D.extra_hands) return limit;
      var t = { first: 0, second: 0 };
      for (var i = 0; i < hands.length && i < limit; i++) {
        if (hands[i].scorer) t[hands[i].scorer] += hands[i].points;
        if (i + 1 === limit && capped(t.first) === capped(t.second)) limit += D.extra_hands;
      }
      return limit;
    }
    function setField(form, name, value) {
      var field = form && form.elements[name];
      if (field) field.value = value;
    }
    function render() {
      var form = document.getElementById("game-form");
      var body = el("pad-rows");
      body.textContent = "";
      var running = { first: 0, second: 0 };
      hands.forEach(function (h, i) {
        h.makers = makersOf(i);
        if (h.scorer) running[h.scorer] += h.points;
        var row = document.createElement("tr");
        [String(i + 1), D.contracts[h.contract] + (h.doubling ? " · " + D.doublings[h.doubling] : "") +
          " (" + D.names[h.makers] + ")", String(capped(running.first)),
         String(capped(running.second))].forEach(function (text, col) {
          var cell = document.createElement(col === 0 ? "th" : "td");
          if (col !== 1) cell.className = "num";
          cell.textContent = text;
          row.appendChild(cell);
        });
        body.appendChild(row);
      });
      var t = totals();
      el("pad-first-total").textContent = capped(t.first);
      el("pad-second-total").textContent = capped(t.second);
      var reached = D.target && (t.first >= D.target || t.second >= D.target);
      var limit = lastHand();
      var atLimit = limit && hands.length >= limit;
      // Level after the set hands (or an extra batch): say how many more are played.
      var extra = D.extra_hands && !atLimit && limit > D.hand_limit &&
        hands.length === limit - D.extra_hands;
      // At the target the game is over: no "Hand 6" to type, but who won, and the result
      // below to send.
      el("pad-next").textContent = reached ? D.strings.over :
        D.strings.next.replace("%(number)s", hands.length + 1).replace("%(pair)s", D.names[makersOf(hands.length)]);
      ["pad-contract", "pad-doubling", "pad-points", "pad-revoke", "pad-add"].forEach(function (id) {
        el(id).disabled = Boolean(reached || atLimit);
      });
      var winner = capped(t.first) > capped(t.second) ? "first" : "second";
      el("pad-status").textContent = reached ? D.strings.won.replace("%(pair)s", D.names[winner])
        .replace("%(first)s", capped(t.first)).replace("%(second)s", capped(t.second))
        : atLimit ? D.strings.limit : extra ? D.strings.level
          .replace("%(hands)s", hands.length).replace("%(extra)s", D.extra_hands) : "";
      el("pad-clear-line").hidden = !hands.length;
      if (hands.length) {
        setField(form, "first_points", capped(t.first));
        setField(form, "second_points", capped(t.second));
        setField(form, "hands_played", hands.length);
        if (reached) setField(form, "ended_by", "target");
        else if (atLimit) setField(form, "ended_by", "hands");
        setField(form, "hands", JSON.stringify(hands));
        // The outbox (captain.js) sees a changed entry: its button may be pressed again.
        var points = form && form.elements.first_points;
        if (points) points.dispatchEvent(new Event("input", { bubbles: true }));
      } else {
        setField(form, "hands", "");
      }
      localStorage.setItem(KEY, JSON.stringify(hands));
    }

    el("pad-add").addEventListener("click", function () {
      var contract = el("pad-contract").value;
      var doubling = Number(el("pad-doubling").value);
      var revoke = el("pad-revoke").value;
      var input = el("pad-points");
      var makers = makersOf(hands.length);
      var mult = factor(contract, doubling);
      var scorer = null, points = 0;
      if (revoke) {
        scorer = other(revoke);
        points = 36 * mult;
      } else {
        var taken = Number(input.value);
        if (input.value === "" || !(taken >= 0 && taken <= 72) || taken % 1) {
          el("pad-status").textContent = D.strings.points;
          input.focus();
          return;
        }
        if (taken !== 36) {
          scorer = taken > 36 ? makers : other(makers);
          points = Math.abs(taken - 36) * mult;
        }
      }
      hands.push({ makers: makers, contract: contract, doubling: doubling, scorer: scorer,
                   points: points });
      input.value = "";
      el("pad-revoke").value = "";
      el("pad-doubling").value = "0";
      render();
      // The game is over (the target or the hand limit): on to the result to send.
      var send = document.querySelector("#game-form button[type=submit]");
      if (el("pad-add").disabled && send) send.focus();
    });
    el("pad-undo").addEventListener("click", function () {
      hands.pop();
      render();
    });
    // Totals typed by hand that are not the pad's would be refused with the pad's record:
    // say so, and offer to clear the pad (asked first: the hands cannot be brought back).
    el("pad-clear").addEventListener("click", function () {
      if (!window.confirm(D.strings.clear.replace("%(hands)s", hands.length))) return;
      hands = [];
      render();
      var first = document.getElementById("game-form");
      if (first && first.elements.first_points) first.elements.first_points.focus();
    });
    document.addEventListener("input", function (event) {
      var form = document.getElementById("game-form");
      if (!event.isTrusted || !hands.length || !form || event.target.form !== form) return;
      if (["first_points", "second_points", "hands_played"].indexOf(event.target.name) < 0) return;
      var t = totals();
      var differs = Number(form.elements.first_points.value) !== capped(t.first) ||
        Number(form.elements.second_points.value) !== capped(t.second) ||
        Number(form.elements.hands_played.value) !== hands.length;
      el("pad-status").textContent = differs ? D.strings.typed : "";
    });
    pad.querySelectorAll("input[name='pad-first-makers']").forEach(function (radio) {
      if (hands.length && hands[0].makers === radio.value) radio.checked = true;
      radio.addEventListener("change", render);
    });
    // Once the result is stored, the pad starts empty for the next round.
    if (D.sent) localStorage.removeItem(KEY); else render();
    return {
      element: pad, key: D.key, render: render,
      // Hands kept or a hand being typed: what the captain must not lose sight of.
      holdsSomething: function () { return hands.length > 0 || el("pad-points").value !== ""; }
    };
  }

  var current = null;
  var examined = null;  // the last pad element looked at (a page changes at every clock tick)
  // A new copy of the page's pad was swapped in (it is not the one set up): this table's
  // pad takes its place again and fills the new copy of the form; another table's (the
  // next round swapped in) is set up afresh. Run before the browser paints the copy.
  function keepThePad() {
    var shown = document.getElementById("score-pad");
    if (!shown || shown === examined) return;
    examined = shown;
    var fresh = dataOf(shown);
    if (current && fresh && fresh.key === current.key) {
      examined = current.element;
      shown.replaceWith(current.element);
      current.render();
      // The server's copy may have put the pad under "Enter a different result" (the other
      // pair entered one meanwhile): open it when the pad holds something.
      var details = current.element.closest("details");
      if (details && current.holdsSomething()) details.open = true;
    } else {
      current = setUp(shown) || current;
    }
  }
  keepThePad();
  new MutationObserver(keepThePad).observe(document.body, { childList: true, subtree: true });
})();
