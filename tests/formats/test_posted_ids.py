"""Ids that a request names, on the director's pages and on a pair's or a player's link.

- The director's confirmation of a game, a deal's report or an evening's game totals posts
  the id of the entry to settle: anything that is no id of that table (letters, "²", "1e3",
  "0x10", a NUL, 5,000 digits, nothing) is a 404, never a 500, and nothing is written.
- A link's confirmation, dispute or PIN names an entry in its URL: an entry of another table
  gets exactly the answer of an id that does not exist (a link tells nothing of others).

The three championships (a free-deal one, an individual one, a free-deal evening), each with
round 1 released and one entry at table 1, are built once for the module
(``world_built_once``, ``tests/built_once.py``); what a test writes is rolled back before the
next.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from built_once import module_world
from django.contrib.auth import get_user_model
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from formats.abarrotada import services as ab
from formats.abarrotada.models import GameTotalsReview, ReportReview
from formats.abarrotada.rules import ReportValues
from scoring.models import GameReview, KnockoutEntry, KnockoutTie
from scoring.services import games
from scoring.services.games import GameValues
from scoring.services.places import posted_id
from tournaments import services as tournament_services

NOT_IDS = ["abc", "²", "1e3", "0x10", "\x00", "1\x00", "9" * 5000, "9" * 19, "-1", "0", "",
           " 1", "1.0", "٣"]


def _free_deal(director):
    championship = tournament_services.create_championship(
        director, name="Lliure", format="free_deal_pairs", rounds_planned=3)
    for i in range(1, 5):
        tournament_services.add_team(championship, name=f"Parella {i}", player1="A",
                                     player2="B")
    (round_,) = tournament_services.generate_next_round(championship)
    tournament_services.release_round(round_)
    one, two = round_.tables.select_related("ns_team", "ew_team").order_by("number")
    entry, _ = games.submit_game(team=one.ns_team, table=one,
                                 values=GameValues(101, 40, "target", 9), idempotency_key=None)
    return championship, one, two, entry


def _individual(director, format_key):
    championship = tournament_services.create_championship(
        director, name="Abarrotada", format=format_key, rounds_planned=2, deals_per_match=2)
    for i in range(1, 9):
        ab.add_player(championship, name=f"Jugador {i}")
    (round_,) = tournament_services.generate_next_round(championship)
    tournament_services.release_round(round_)
    one, two = round_.player_tables.order_by("number")
    north = one.seatings.get(seat="N").player
    if format_key == "abarrotada":
        entry, _ = ab.submit_report(player=north, table=one, deal_number=1,
                                    values=ReportValues("N", "O", {"N": 30, "E": 14, "S": 20,
                                                                   "W": 8}),
                                    idempotency_key=None)
    else:
        entry, _ = ab.submit_totals(player=north, table=one, idempotency_key=None,
                                    values=ab.TotalsValues({"N": 1, "E": 2, "S": 3, "W": 4}))
    return championship, one, two, entry


def build_world() -> dict:
    """The director (as the tests' ``director`` fixture makes him) and his three
    championships: each ``(championship, table 1, table 2, table 1's entry)``."""
    director = get_user_model().objects.create_user("director1", password="secret-pass-1")
    return {"director": director, "free_deal": _free_deal(director),
            "abarrotada": _individual(director, "abarrotada"),
            "abarrotada_free": _individual(director, "abarrotada_free")}


built, world = module_world(build_world)


@pytest.fixture
def director(world):
    """The world's director, instead of the suite's (same username)."""
    return world["director"]


@given(st.one_of(st.text(), st.from_regex(r"\A[0-9]{1,20}\Z"), st.integers()))
def test_an_id_is_ascii_digits_that_a_bigint_holds(value):
    """What ``posted_id`` takes for an id, on any text or number (hypothesis)."""
    pk = posted_id(value)
    if isinstance(value, int):
        expected = value if 1 <= value <= 2**63 - 1 else None
    elif value.isascii() and value.isdigit() and len(value) <= 18:
        expected = int(value) or None
    else:
        expected = None
    assert pk == expected


# --- The director's pages -----------------------------------------------------------------------


@pytest.mark.parametrize("posted", NOT_IDS, ids=range(len(NOT_IDS)))
@pytest.mark.parametrize("page", ["free_deal", "abarrotada", "abarrotada_free"])
def test_a_director_page_refuses_what_is_no_id_of_its_table(page, posted, world,
                                                            director_client):
    championship, _one, _two, _entry = world[page]
    if page == "free_deal":
        path, field, reviews = "games/1/", "entry", GameReview.objects
    elif page == "abarrotada":
        path, field, reviews = "players/1/deals/1/", "report", ReportReview.objects
    else:
        path, field, reviews = "evening/1/", "entry", GameTotalsReview.objects
    url = f"/director/c/{championship.pk}/results/rounds/1/{path}"
    before = reviews.count()
    response = director_client.post(url, {"action": "confirm", field: posted})
    assert response.status_code == 404, (posted[:20], response.status_code)
    assert reviews.count() == before


@pytest.mark.parametrize("page", ["free_deal", "abarrotada", "abarrotada_free"])
def test_a_director_page_settles_an_entry_of_its_own_table(page, world, director,
                                                           director_client):
    """The control of the refusals above: the same form with the table's own entry."""
    championship, _one, _two, entry = world[page]
    path, field = {"free_deal": ("games/1/", "entry"),
                   "abarrotada": ("players/1/deals/1/", "report"),
                   "abarrotada_free": ("evening/1/", "entry")}[page]
    url = f"/director/c/{championship.pk}/results/rounds/1/{path}"
    response = director_client.post(url, {"action": "confirm", field: str(entry.pk)})
    assert response.status_code == 302
    assert entry.reviews.filter(verdict="confirm", by_director=director).exists()


# --- A link names another table's entry -----------------------------------------------------------


def _answers(client: Client, url: str, data: dict) -> tuple:
    """What the link sees: the page's answer (its status, where it leads, and the messages
    it then shows), and the outbox's (status and body). The page's form token differs at each
    answer, and its own address (in the login link's ``next``) names the id asked: both are
    set aside."""
    page = client.post(url, data, follow=True)
    shown = [str(m) for m in page.context["messages"]] if page.context and (
        "messages" in page.context) else []
    outbox = client.post(url, data, HTTP_X_DUPLICADA_OUTBOX="1")
    body = re.sub(rb'name="csrfmiddlewaretoken" value="[^"]*"', b"", outbox.content)
    for shown_url in (url, quote(url), quote(url, safe="")):
        body = body.replace(shown_url.encode(), b"{url}")
    return (page.status_code, page.redirect_chain, shown, outbox.status_code, body)


def _same_for_other_and_unknown(link, path: str, other_id: int, data: dict) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    base = f"/t/{link.pk}/{link.link_secret}/{path}"
    unknown = other_id + 100_000
    other = _answers(client, base.format(id=other_id), data)
    missing = _answers(client, base.format(id=unknown), data)
    assert other == missing
    assert other[0] == 404


@pytest.mark.parametrize(("action", "data"), [("confirm", {}), ("dispute", {"comment": "No"}),
                                              ("pin", {"pin": "1234"})])
def test_a_pair_link_answers_another_tables_game_as_an_unknown_one(action, data, world):
    _championship, _one, two, entry = world["free_deal"]
    _same_for_other_and_unknown(two.ns_team, f"game/{{id}}/{action}/", entry.pk, data)
    assert not GameReview.objects.filter(entry=entry).exists()


@pytest.mark.parametrize(("action", "data"), [("confirm", {}), ("dispute", {"comment": "No"}),
                                              ("pin", {"pin": "1234"})])
@pytest.mark.parametrize("format_key", ["abarrotada", "abarrotada_free"])
def test_a_player_link_answers_another_tables_entry_as_an_unknown_one(format_key, action, data,
                                                                     world):
    _championship, _one, two, entry = world[format_key]
    path = "seat/reports/{id}/" if format_key == "abarrotada" else "evening/{id}/"
    player = two.seatings.get(seat="N").player
    _same_for_other_and_unknown(player, f"{path}{action}/", entry.pk, data)
    assert not entry.reviews.exists()


@pytest.mark.parametrize(("action", "data"), [("confirm", {}), ("dispute", {"comment": "No"})])
def test_a_pair_link_answers_another_ties_report_as_an_unknown_one(action, data, world):
    championship, one, two, _entry = world["free_deal"]
    ties = [KnockoutTie.objects.create(championship=championship, stage=1, slot=slot,
                                       first=table.ns_team, second=table.ew_team)
            for slot, table in ((1, one), (2, two))]
    report = KnockoutEntry.objects.create(tie=ties[0], number=1, first_points=101,
                                          second_points=50, by_team=one.ns_team)
    _same_for_other_and_unknown(two.ns_team, f"knockout/entries/{{id}}/{action}/", report.pk,
                                data)
    assert report.state == "pending" and not report.reviews.exists()
