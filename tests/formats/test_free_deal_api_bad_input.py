"""The free-deal API's bad-input corpus (as tests/scoring/test_bad_input_corpus_api.py does
for the duplicate endpoints): games the rules refuse (above the cap, both pairs over the
target, the target not reached, more hands than the limit, a hand record that does not add
up), a game for another round or table, a bye table, bad sections, wrong types and sizes, and bad
settings. Each is a 4xx whose JSON names the field (nested where the request nests it:
``{"free_deal": {"cap": [...]}}``, ``{"hands": {"2": {"points": [...]}}}``) or says what
was refused, and every table of every app has as many rows after as before."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest
from django.apps import apps
from rest_framework.test import APIClient
from table_counts import count_rows

from scoring.services import games
from scoring.services.games import GameValues
from tournaments import services

pytestmark = pytest.mark.django_db

GOOD = {"first_points": 101, "second_points": 40, "ended_by": "target", "hands_played": 9}


@dataclass
class Case:
    name: str
    url: str
    body: object = field(default_factory=dict)
    field_name: str | None = None  # the key the refusal names; dots go into nested objects
    text: str | None = None  # or a text the refusal says
    client: str = "captain"  # "captain" (no login), "director" or "other" (another director)
    method: str = "post"
    status: int | None = None  # a URL no route takes: a plain 404
    raw: str | None = None  # a body sent as is (JSON that json.dumps cannot write)


def _counts() -> dict[str, int]:
    # Every table but the links' write counters: a refused write still counts (by design).
    return count_rows(model for model in apps.get_models()
                      if model._meta.label != "scoring.ThrottleCount")


@pytest.fixture
def world(director, django_user_model):
    """Seven pairs, round 1 released: tables 1 and 2 play, table 3's second pair withdrew
    before the release (its first pair has a bye there), the odd pair has the round's bye;
    table 1's first pair has entered its game."""
    championship = services.create_championship(
        director, name="Lliure", format="free_deal_pairs", rounds_planned=5)
    for i in range(1, 8):
        services.add_team(championship, name=f"Parella {i}", player1="A", player2="B")
    (round_,) = services.generate_next_round(championship)
    one, two, three = round_.tables.select_related("ns_team", "ew_team").order_by("number")
    services.withdraw_team(three.ew_team)
    services.release_round(round_)
    entry, _ = games.submit_game(team=one.ns_team, table=one,
                                 values=GameValues(101, 40, "target", 9), idempotency_key=None)
    django_user_model.objects.create_user("outsider", password="x-pass-long")
    round_.refresh_from_db()
    return {"championship": championship, "one": one, "two": two, "three": three,
            "odd": round_.bye_team, "entry": entry}


def _hands(*points, scorer="first"):
    """A record whose trump makers alternate, each hand scored by ``scorer``."""
    return [{"makers": ("first", "second")[i % 2], "contract": "O", "doubling": 0,
             "scorer": scorer, "points": p} for i, p in enumerate(points)]


def _cases(w) -> list[Case]:
    one, two, three, entry = w["one"], w["two"], w["three"], w["entry"]
    c = f"/api/v1/championships/{w['championship'].pk}/"

    def link(team, tail=""):
        return f"/api/v1/captain/{team.pk}/{team.link_secret}/free-deal/game/{tail}"

    a, b = one.ns_team, one.ew_team
    cases = []
    # --- The rules of rules.md 11.1-11.2, entered by the other pair of table 1 ------------
    for name, body, where in [
        ("above the cap", {"first_points": 130, "second_points": 20}, "first_points"),
        ("the second pair above the cap", {"first_points": 20, "second_points": 122},
         "second_points"),
        ("both over the target", {"first_points": 101, "second_points": 105}, "first_points"),
        ("the target not reached", {"first_points": 90, "second_points": 40}, "ended_by"),
        ("the hand limit, before the limit",
         {"first_points": 90, "second_points": 40, "ended_by": "hands", "hands_played": 10},
         "hands_played"),
        ("hands above the limit",
         {"first_points": 90, "second_points": 40, "ended_by": "time", "hands_played": 13},
         "hands_played"),
        ("hands that do not add up",
         {"first_points": 40, "second_points": 0, "ended_by": "time", "hands_played": 3,
          "hands": _hands(10, 10, 10)}, "hands.2.points"),
        ("a record of another length",
         {"first_points": 20, "second_points": 0, "ended_by": "time", "hands_played": 3,
          "hands": _hands(10, 10)}, "hands"),
        ("makers that do not alternate",
         {"first_points": 20, "second_points": 0, "ended_by": "time", "hands_played": 2,
          "hands": [dict(h, makers="first") for h in _hands(10, 10)]}, "hands.1.makers"),
        ("an unknown contract",
         {"first_points": 10, "second_points": 0, "ended_by": "time", "hands_played": 1,
          "hands": [dict(_hands(10)[0], contract="Z")]}, "hands.0.contract"),
        ("a hand with a field missing",
         {"first_points": 10, "second_points": 0, "ended_by": "time", "hands_played": 1,
          "hands": [{"makers": "first"}]}, "hands.0.points"),
    ]:
        cases.append(Case(f"captain: {name}", link(b), {**GOOD, **body}, field_name=where))
    cases.append(Case("captain: the hand named where the record stops adding up", link(b),
                      {**GOOD, "first_points": 40, "second_points": 0, "ended_by": "time",
                       "hands_played": 3, "hands": _hands(10, 10, 10)}, text="at hand 3"))
    # --- Where the game was played --------------------------------------------------------
    cases.append(Case("captain: a game for another table", link(a),
                      {**GOOD, "table": two.number}, field_name="table"))
    cases.append(Case("captain: a game for another round", link(a), {**GOOD, "round": 2},
                      field_name="round"))
    cases.append(Case("captain: the bye table", link(three.ns_team), GOOD, field_name="table"))
    cases.append(Case("captain: the odd pair's bye", link(w["odd"]), GOOD, text="bye"))
    cases.append(Case("captain: a withdrawn pair", link(three.ew_team), GOOD, text="withdrawn"))
    cases.append(Case("captain: a wrong secret",
                      f"/api/v1/captain/{a.pk}/{'x' * 43}/free-deal/game/", GOOD,
                      text="Not found"))
    # --- Shapes ---------------------------------------------------------------------------
    for name, value in [("first_points", v) for v in (-1, "abc", 2**40, 1e309, None, True,
                                                      "<script>", "1; DROP TABLE x")] + [
        ("second_points", 1000), ("ended_by", "draw"), ("ended_by", ["target"]),
        ("hands_played", 0), ("hands_played", 100), ("hands", "all of them"),
        ("hands", [{"makers": "first"}] * 100), ("round", 0), ("table", 2**40),
        ("idempotency_key", "k" * 65), ("idempotency_key", ["k"]),
    ]:
        cases.append(Case(f"captain: {name}={str(value)[:20]!r}", link(b),
                          {**GOOD, name: value}, field_name=name))
    cases.append(Case("captain: a list body", link(b), [GOOD], field_name="non_field_errors"))
    # --- Reviews --------------------------------------------------------------------------
    cases += [
        Case("captain confirms its own entry", link(a, f"{entry.pk}/confirm/"),
             text="cannot confirm it"),
        Case("captain confirms another table's entry", link(two.ns_team, f"{entry.pk}/confirm/"),
             text="Not found"),
        Case("captain disputes another table's entry",
             link(two.ns_team, f"{entry.pk}/dispute/"), {"comment": "No"}, text="Not found"),
        Case("captain confirms entry 99999999999999999999",
             link(b, "99999999999999999999/confirm/"), status=404),
    ]
    for value in ("  ", "x" * 2001, None, {"a": 1}):
        cases.append(Case(f"captain dispute comment={str(value)[:12]!r}",
                          link(b, f"{entry.pk}/dispute/"), {"comment": value},
                          field_name="comment"))
    # --- The director ---------------------------------------------------------------------
    game = f"{c}free-deal/rounds/1/games/"
    for name, body, where in [
        ("above the cap", {"first_points": 130}, "first_points"),
        ("both over the target", {"second_points": 110}, "second_points"),
        ("hands above the limit", {"ended_by": "time", "first_points": 50, "hands_played": 13},
         "hands_played"),
        ("a long note", {"note": "n" * 2001}, "note"),
    ]:
        cases.append(Case(f"director enters {name}", f"{game}1/enter/", {**GOOD, **body},
                          field_name=where, client="director"))
    cases += [
        Case("director enters at the bye table", f"{game}3/enter/", GOOD, field_name="table",
             client="director"),
        Case("director enters at no such table", f"{game}9/enter/", GOOD, text="Not found",
             client="director"),
        Case("director enters in a round not paired", f"{c}free-deal/rounds/2/games/1/enter/",
             GOOD, text="Not found", client="director"),
        Case("another director enters", f"{game}1/enter/", GOOD, text="Not found",
             client="other"),
        Case("director confirms another table's entry", f"{game}2/confirm/",
             {"entry": entry.pk}, text="Not found", client="director"),
    ]
    for value in (0, 2**40, "first", None, "abc", "\u00b2", "1e3", "0x10", "\x00",
                  "1\x00", "9" * 5000, "9" * 30, 1.5, [1], {"id": 1}):
        cases.append(Case(f"director confirms entry={str(value)[:12]!r}", f"{game}1/confirm/",
                          {"entry": value}, field_name="entry", client="director"))
    cases.append(Case("director confirms entry=<5,000 digits>", f"{game}1/confirm/",
                      raw='{"entry": ' + "9" * 5000 + "}", text="not valid JSON",
                      client="director"))
    # The score pad's record nested deeper than Python's parser recurses (issue 34, item 3).
    deep = "[" * 5000 + "]" * 5000
    in_a_hand = ('[{"makers": ' + "[" * 990 + "]" * 990 + ', "contract": "O", "doubling": 0, '
                 '"scorer": "first", "points": 10}]')
    for name, hands in (("nested 5,000 deep", deep), ("nested 990 deep in a hand", in_a_hand)):
        body = json.dumps(GOOD)[:-1] + ', "hands": ' + hands + "}"
        cases.append(Case(f"captain: hands {name}", link(b), raw=body, field_name="hands"))
        cases.append(Case(f"director enters hands {name}", f"{game}1/enter/", raw=body,
                          field_name="hands", client="director"))
    # --- The championship: the format and its settings -------------------------------------
    new = {"name": "Nou", "format": "free_deal_pairs", "rounds_planned": 5}
    for name, settings, where in [
        ("a cap below the target", {"target": 130, "cap": 121}, "free_deal.cap"),
        ("no way to end a game", {"target": None, "hand_limit": None, "round_minutes": None},
         "free_deal.target"),
        ("a hand limit above 99", {"hand_limit": 100}, "free_deal.hand_limit"),
        ("an unknown tie-break", {"tie_breaks": "match_points,luck"}, "free_deal.tie_breaks"),
        ("a tie-break twice", {"tie_breaks": "points,points"}, "free_deal.tie_breaks"),
        ("match points 5-0-0", {"match_points": "5-0-0"}, "free_deal.match_points"),
        ("a negative bye", {"bye_points": -1}, "free_deal.bye_points"),
        ("seeding by luck", {"seeding": "luck"}, "free_deal.seeding"),
        ("a huge target", {"target": 2**40}, "free_deal.target"),
        ("a section named twice", {"sections": ["Beginners", "beginners"]},
         "free_deal.sections"),
        ("a single section", {"sections": ["Beginners"]}, "free_deal.sections"),
        ("21 sections", {"sections": [f"S{i}" for i in range(21)]}, "free_deal.sections"),
        ("sections as text", {"sections": "Beginners"}, "free_deal.sections"),
    ]:
        cases.append(Case(f"new championship: {name}", "/api/v1/championships/",
                          {**new, "free_deal": settings}, field_name=where, client="director"))
    # --- Sections (this championship has none) --------------------------------------------
    sections = f"{c}free-deal/sections/"
    cases += [
        Case("a pair put in a section that does not exist", sections,
             {"pairs": [{"pair": 1, "section": "Beginners"}]}, field_name="section",
             client="director", method="put"),
        Case("a section for no such pair", sections,
             {"pairs": [{"pair": 99, "section": ""}]}, field_name="pairs.0.pair",
             client="director", method="put"),
        Case("sections as text", sections, {"pairs": "all"}, field_name="pairs",
             client="director", method="put"),
    ]
    cases += [
        Case("new championship: free-deal settings on a duplicate one", "/api/v1/championships/",
             {"name": "Nou", "free_deal": {"target": 101}}, field_name="free_deal",
             client="director"),
        Case("new championship: no such format", "/api/v1/championships/",
             {**new, "format": "knockout"}, field_name="format", client="director"),
        Case("change the format", c, {"format": "duplicate_pairs"}, field_name="format",
             client="director", method="patch"),
        Case("change the settings once round 1 is released", c, {"free_deal": {"cap": 150}},
             field_name="free_deal.cap", client="director", method="patch"),
    ]
    return cases


def _named(body, path: str) -> bool:
    for key in path.split("."):
        if not isinstance(body, dict) or key not in body:
            return False
        body = body[key]
    return True


def test_bad_free_deal_input_is_refused_naming_the_field_and_nothing_is_written(
        world, director, django_user_model, settings):
    settings.API_CAPTAIN_WRITES = 10_000  # the corpus is not a flood
    clients = {"captain": APIClient(HTTP_ACCEPT_LANGUAGE="en"),
               "director": APIClient(HTTP_ACCEPT_LANGUAGE="en"),
               "other": APIClient(HTTP_ACCEPT_LANGUAGE="en")}
    clients["director"].force_login(director)
    clients["other"].force_login(django_user_model.objects.get(username="outsider"))
    cases = _cases(world)
    failures = []
    for case in cases:
        before = _counts()
        # 1e309 is a number JSON can carry but Python reads as infinity: send the digits.
        text = (case.raw if case.raw is not None
                else json.dumps(case.body, allow_nan=True).replace("Infinity", "1e309"))
        response = getattr(clients[case.client], case.method)(
            case.url, text.encode(), content_type="application/json")
        after = _counts()
        problems = []
        if after != before:
            problems.append(f"rows written: {[k for k in after if after[k] != before[k]]}")
        if not 400 <= response.status_code < 500:
            problems.append(f"status {response.status_code}")
        if case.status is not None:
            if response.status_code != case.status:
                problems.append(f"status {response.status_code}, expected {case.status}")
        else:
            body = response.json()
            shown = json.dumps(body, ensure_ascii=False)
            if case.field_name is not None:
                if response.status_code != 400 or not _named(body, case.field_name):
                    problems.append(f"{case.field_name!r} not named: {shown[:300]}")
            if case.text is not None and case.text not in shown:
                problems.append(f"{case.text!r} not said: {shown[:300]}")
        if problems:
            failures.append(f"{case.name}: {'; '.join(problems)}")
    assert len(cases) >= 70
    assert not failures, "\n".join(failures)
