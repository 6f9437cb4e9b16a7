"""A captain's group game costs no more statements than a free-deal game (issue 38): the
entry and the other pair's confirmation, through the pages and through the API, counted for
a group game and for a free-deal game on fields of 8 and 64 pairs (every other game of the
round in and confirmed). The group game's figures are at most the free-deal game's, and
neither grows with the field."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from free_deal_factories import make_free_deal
from free_deal_factories import next_round as free_deal_round
from groups_knockout_factories import make_groups_event

from formats.groups_knockout.services import make_groups
from scoring.models import GameEntry, GameReview
from tournaments import services

pytestmark = pytest.mark.django_db

SIZES = (8, 64)
KINDS = ("page submit", "page confirm", "api submit", "api confirm")


def count(call):
    with CaptureQueriesContext(connection) as context:
        response = call()
    return len(context), response


def group_round(director, pairs: int):
    # The settings: groups of 4, the first of each through, a bracket of 16 (at 64
    # pairs; the bracket left to its default below 16 groups).
    championship = make_groups_event(director, pairs=pairs, seeding="snake",
                                     qualifiers_per_group=1,
                                     bracket_size=16 if pairs >= 64 else None)
    make_groups(championship)
    (round_,) = services.generate_next_round(championship)
    services.release_round(round_, by=director)
    return round_


def played_but_two(round_, first_points: int, second_points: int, ended_by: str, hands: int):
    """Every game of the round in and confirmed but tables 1 (the pages') and 2 (the API's),
    which are returned."""
    tables = list(round_.tables.select_related("ns_team", "ew_team").order_by("number"))
    entries = GameEntry.objects.bulk_create(
        GameEntry(table=t, first_points=first_points, second_points=second_points,
                  ended_by=ended_by, hands_played=hands, by_team_id=t.ns_team_id)
        for t in tables[2:])
    GameReview.objects.bulk_create(
        GameReview(entry=e, verdict="confirm", by_team_id=e.table.ew_team_id) for e in entries)
    return tables[0], tables[1]


def page_costs(table, path: str, game: dict) -> dict[str, int]:
    """``path``: the link's game URL under the pair's link (``game/``, ``group-game/``)."""
    first, second = table.ns_team, table.ew_team
    phone = Client(HTTP_ACCEPT_LANGUAGE="en")
    mine = f"/t/{first.pk}/{first.link_secret}/"
    key = re.search(r'name="idempotency_key" value="([^"]+)"',
                    phone.get(mine).content.decode()).group(1)
    result = {}
    result["page submit"], response = count(
        lambda: phone.post(f"{mine}{path}", {**game, "idempotency_key": key}))
    assert response.status_code == 302, response.content
    entry = GameEntry.objects.get(idempotency_key=key)
    theirs = f"/t/{second.pk}/{second.link_secret}/"
    result["page confirm"], response = count(
        lambda: phone.post(f"{theirs}{path}{entry.pk}/confirm/"))
    assert response.status_code == 302 and entry.reviews.filter(verdict="confirm").exists()
    return result


def api_costs(table, path: str, game: dict) -> dict[str, int]:
    """``path``: the link's game endpoint under the pair's API link."""
    first, second = table.ns_team, table.ew_team
    api = Client(HTTP_ACCEPT_LANGUAGE="en")
    mine = f"/api/v1/captain/{first.pk}/{first.link_secret}/{path}"
    theirs = f"/api/v1/captain/{second.pk}/{second.link_secret}/{path}"
    body = {**game, "round": 1, "table": table.number, "idempotency_key": f"cost-{table.pk}"}
    result = {}
    result["api submit"], response = count(
        lambda: api.post(mine, body, content_type="application/json"))
    assert response.status_code == 201, response.content
    entry_id = response.json()["entry"]["id"]
    result["api confirm"], response = count(lambda: api.post(f"{theirs}{entry_id}/confirm/"))
    assert response.status_code == 200 and response.json()["state"] == "confirmed"
    return result


def group_costs(pairs: int, director) -> dict[str, int]:
    round_ = group_round(director, pairs)
    page_table, api_table = played_but_two(round_, 70, 60, "hands", 8)
    game = {"first_points": 75, "second_points": 52, "ended_by": "hands", "hands_played": 8}
    return {**page_costs(page_table, "group-game/", {k: str(v) for k, v in game.items()}),
            **api_costs(api_table, "group-game/", game)}


def free_deal_costs(pairs: int, director) -> dict[str, int]:
    championship = make_free_deal(director, pairs=pairs, rounds=5)
    round_ = free_deal_round(championship, director)
    page_table, api_table = played_but_two(round_, 101, 40, "target", 9)
    game = {"first_points": 101, "second_points": 50, "ended_by": "target", "hands_played": 10}
    return {**page_costs(page_table, "game/", {k: str(v) for k, v in game.items()}),
            **api_costs(api_table, "free-deal/game/", game)}


def test_a_group_game_costs_no_more_than_a_free_deal_game_at_any_size(django_user_model):
    groups, free_deal = {}, {}
    for size in SIZES:
        director = django_user_model.objects.create_user(f"gk-fd-cost-{size}", password="x")
        groups[size] = group_costs(size, director)
        free_deal[size] = free_deal_costs(size, director)
    small, large = (groups[size] for size in SIZES)
    assert small == large, {k: (small[k], large[k]) for k in KINDS if small[k] != large[k]}
    assert free_deal[SIZES[0]] == free_deal[SIZES[1]], free_deal
    over = {k: (large[k], free_deal[SIZES[1]][k]) for k in KINDS
            if large[k] > free_deal[SIZES[1]][k]}
    assert not over, over
    # Pinned: a change that adds a statement says so here. PostgreSQL adds the table's row
    # lock to each write (SQLite serialises writers instead).
    lock = 1 if connection.vendor == "postgresql" else 0
    assert large == {"page submit": 8 + lock, "page confirm": 9 + lock,
                     "api submit": 9 + lock, "api confirm": 10 + lock}, large
