/* Duplicada's score pad for a free-deal game (rules.md 11): each hand as it is played,
   scored as ordinary play (rules.md 5): the side over 36 scores the excess times the
   multiplier (Botifarra x2, times the doubling scheme's factor); a revoke gives the other
   pair 36 times the multiplier. The hands are kept on the phone (localStorage, per table)
   and fill in the game's result form: both totals (capped), the hands played, how the game
   ended, and the record itself, which the server checks again. Without this file the page
   works as a plain form. */
(function () {
  "use strict";
  var pad = document.getElementById("score-pad");
  var dataTag = document.getElementById("pad-data");
  var form = document.getElementById("game-form");
  if (!pad || !dataTag || !form) return;
  var D = JSON.parse(dataTag.textContent);
  var KEY = "duplicada-score-pad:" + D.key;
  var hands = [];
  try { hands = JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { hands = []; }
  pad.hidden = false;

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
  function setField(name, value) {
    var field = form.elements[name];
    if (field) field.value = value;
  }
  function render() {
    var body = document.getElementById("pad-rows");
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
    document.getElementById("pad-first-total").textContent = capped(t.first);
    document.getElementById("pad-second-total").textContent = capped(t.second);
    document.getElementById("pad-next").textContent =
      D.strings.next.replace("%(number)s", hands.length + 1).replace("%(pair)s", D.names[makersOf(hands.length)]);
    var reached = D.target && (t.first >= D.target || t.second >= D.target);
    var atLimit = D.hand_limit && hands.length >= D.hand_limit;
    document.getElementById("pad-add").disabled = Boolean(reached || atLimit);
    document.getElementById("pad-status").textContent =
      reached ? D.strings.target : atLimit ? D.strings.limit : "";
    if (hands.length) {
      setField("first_points", capped(t.first));
      setField("second_points", capped(t.second));
      setField("hands_played", hands.length);
      if (reached) setField("ended_by", "target");
      else if (atLimit) setField("ended_by", "hands");
      setField("hands", JSON.stringify(hands));
      // The outbox (captain.js) sees a changed entry: its button may be pressed again.
      var points = form.elements.first_points;
      if (points) points.dispatchEvent(new Event("input", { bubbles: true }));
    } else {
      setField("hands", "");
    }
    localStorage.setItem(KEY, JSON.stringify(hands));
  }

  document.getElementById("pad-add").addEventListener("click", function () {
    var contract = document.getElementById("pad-contract").value;
    var doubling = Number(document.getElementById("pad-doubling").value);
    var revoke = document.getElementById("pad-revoke").value;
    var input = document.getElementById("pad-points");
    var makers = makersOf(hands.length);
    var mult = factor(contract, doubling);
    var scorer = null, points = 0;
    if (revoke) {
      scorer = other(revoke);
      points = 36 * mult;
    } else {
      var taken = Number(input.value);
      if (input.value === "" || !(taken >= 0 && taken <= 72) || taken % 1) {
        document.getElementById("pad-status").textContent = D.strings.points;
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
    document.getElementById("pad-revoke").value = "";
    document.getElementById("pad-doubling").value = "0";
    render();
  });
  document.getElementById("pad-undo").addEventListener("click", function () {
    hands.pop();
    render();
  });
  pad.querySelectorAll("input[name='pad-first-makers']").forEach(function (radio) {
    if (hands.length && hands[0].makers === radio.value) radio.checked = true;
    radio.addEventListener("change", render);
  });
  // Once the result is stored, the pad starts empty for the next round.
  if (D.sent) localStorage.removeItem(KEY); else render();
})();
