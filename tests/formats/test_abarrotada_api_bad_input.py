"""The individual API's bad-input corpus (as tests/scoring/test_bad_input_corpus_api.py does
for the duplicate endpoints): reports the rules refuse (seat points not adding up to 72,
with the sum found; a contro by the trump maker; an Estevet with a recontro by the wrong
seat; West's points in the three-player form; more than three delegations; a trump maker
the delegations did not reach), a player
entering for a table they do not sit at, reports of other tables, bad players, wrong types
and sizes. Each is a 4xx whose JSON names the field or says what was refused, and every
table of every app has as many rows after as before."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from abarrotada_factories import make_individual, next_round, seated, values
from django.apps import apps
from rest_framework.test import APIClient
from table_counts import count_rows

from formats.abarrotada import services as ab

pytestmark = pytest.mark.django_db

API = "/api/v1/"
GOOD = {"maker": "N", "contract": "O", "points_n": 30, "points_e": 14, "points_s": 20,
        "points_w": 8}


@dataclass
class Case:
    name: str
    url: str
    body: object = field(default_factory=dict)
    field_name: str | None = None
    text: str | None = None
    director: bool = False


def _counts() -> dict[str, int]:
    return count_rows(model for model in apps.get_models()
                      if model._meta.label != "scoring.ThrottleCount")


def _link(player) -> str:
    return f"{API}captain/{player.pk}/{player.link_secret}/abarrotada/"


@pytest.fixture
def world(director):
    four = make_individual(director, players=8, rounds=2, deals=2)
    round4 = next_round(four, director)
    t1, t2 = round4.player_tables.order_by("number")
    three = make_individual(director, players=6, rounds=2, deals=2, form=3)
    round3 = next_round(three, director)
    t3 = round3.player_tables.order_by("number").first()
    pending, _ = ab.submit_report(player=seated(t1)["N"], table=t1, deal_number=1,
                                  values=values("30-14-20-8"), idempotency_key=None)
    return {"four": four, "three": three, "t1": t1, "t2": t2, "t3": t3, "pending": pending}


def _cases(w) -> list[Case]:
    n1, e1 = seated(w["t1"])["N"], seated(w["t1"])["E"]
    n2 = seated(w["t2"])["N"]
    n3 = seated(w["t3"])["N"]
    enter = f"{API}championships/{w['four'].pk}/abarrotada/rounds/1/tables/1/deals/2/enter/"
    players = f"{API}championships/{w['four'].pk}/abarrotada/players/"
    deal2 = f"{_link(e1)}deals/2/"
    return [
        Case("points do not add up", deal2, {**GOOD, "points_w": 9}, "points_n", "73, not 72"),
        Case("contro by the maker", deal2, {**GOOD, "contro_by": "N"}, "contro_by",
             "trump maker cannot"),
        Case("estevet, recontro by the wrong seat", deal2,
             {**GOOD, "maker": "E", "estevet": True, "delegations": 1, "contro_by": "",
              "recontro_by": "S"}, "recontro_by", "only the trump maker"),
        Case("four delegations", deal2, {**GOOD, "delegations": 4}, "delegations",
             "at most three"),
        # Each delegation passes the choice to the player on the left (rules.md 10.1): from
        # N to E, not to W on N's right; deal 2 is W's, who chose himself with none.
        Case("one delegation from N, W makes trumps", f"{_link(e1)}deals/1/",
             {**GOOD, "maker": "W", "delegations": 1}, "maker", "falls to E, not W"),
        Case("no delegation, another player makes trumps", deal2, GOOD, "maker",
             "falls to W, not N"),
        Case("an Estevet back to its dealer", f"{_link(n3)}deals/1/",
             {**GOOD, "points_n": 30, "points_e": 30, "points_s": 12, "points_w": None,
              "maker": "E", "estevet": True, "delegations": 3}, "delegations",
             "back to the dealer"),
        Case("west in the three-player form", f"{_link(n3)}deals/1/",
             {**GOOD, "points_n": 22}, "points_w", "does not play"),
        Case("three-player sum", f"{_link(n3)}deals/1/",
             {**GOOD, "points_n": 30, "points_w": None}, "points_n", "64, not 72"),
        Case("another table", f"{_link(n2)}deals/2/", {**GOOD, "table": 1}, "table",
             "not at table 1"),
        Case("another round", deal2, {**GOOD, "round": 2}, "round", "not round 2"),
        Case("a deal of another round", f"{_link(e1)}deals/7/", GOOD, "deal",
             "not played"),
        Case("no maker", deal2, {k: v for k, v in GOOD.items() if k != "maker"}, "maker"),
        Case("points as text", deal2, {**GOOD, "points_n": "thirty"}, "points_n"),
        Case("points too big", deal2, {**GOOD, "points_n": 99}, "points_n"),
        Case("contro by an unknown seat", deal2, {**GOOD, "contro_by": "NX"}, "contro_by"),
        Case("contract unknown", deal2, {**GOOD, "contract": "Z"}, "contract"),
        Case("confirming your own entry", f"{_link(n1)}reports/{w['pending'].pk}/confirm/",
             {}, text="cannot confirm it"),
        Case("reviewing another table's report",
             f"{_link(n2)}reports/{w['pending'].pk}/dispute/", {"comment": "x"},
             text="Not found"),
        Case("director: points do not add up", enter, {**GOOD, "points_s": 0}, "points_n",
             "52, not 72", director=True),
        Case("director: maker contro", enter, {**GOOD, "contro_by": "N"}, "contro_by",
             director=True),
        Case("director: one delegation from W, S makes trumps", enter,
             {**GOOD, "maker": "S", "delegations": 1}, "maker", "falls to N, not S",
             director=True),
        Case("player without a name", players, {"name": " "}, "name", director=True),
        Case("player's licence", players, {"name": "Nou", "licence": "12#4"}, "licence",
             director=True),
        Case("player's name taken", players, {"name": n1.name}, "name", director=True),
    ]


def test_bad_input_corpus(world, director, settings):
    settings.API_CAPTAIN_WRITES = 10_000
    staff = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    staff.force_login(director)
    anyone = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    before = _counts()
    for case in _cases(world):
        client = staff if case.director else anyone
        answer = client.post(case.url, case.body, format="json")
        assert 400 <= answer.status_code < 500, (case.name, answer.status_code)
        text = answer.content.decode()
        if case.field_name:
            assert case.field_name in answer.json(), (case.name, answer.json())
        if case.text:
            assert case.text in text, (case.name, text)
        assert _counts() == before, case.name
