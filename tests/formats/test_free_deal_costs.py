"""What a free-deal request costs does not grow with the field: a 10-pair and a 150-pair
event (every other game of the round in and confirmed) make exactly as many queries for a
captain's entry and confirmation (on the pages and through the API), the captain's page,
the director's games and the standings; and a game costs no more statements than a
duplicate deal (test_request_costs)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from free_deal_factories import make_free_deal, next_round

from scoring.models import GameEntry, GameReview

SIZES = (10, 150)


def build(pairs: int, director):
    championship = make_free_deal(director, pairs=pairs, rounds=7)
    round_ = next_round(championship, director)
    tables = list(round_.tables.select_related("ns_team", "ew_team").order_by("number"))
    # Every game is in and confirmed but tables 1 (the pages') and 2 (the API's).
    entries = GameEntry.objects.bulk_create(
        GameEntry(table=t, first_points=101, second_points=t.number % 90, ended_by="target",
                  hands_played=9, by_team_id=t.ns_team_id) for t in tables[2:])
    GameReview.objects.bulk_create(
        GameReview(entry=e, verdict="confirm", by_team_id=e.table.ew_team_id) for e in entries)
    return championship, tables[0], tables[1]


def count(call):
    with CaptureQueriesContext(connection) as context:
        response = call()
    return len(context), response


def api_costs(championship, table) -> dict[str, int]:
    """A game entered, sent again, confirmed and read through the API."""
    first, second = table.ns_team, table.ew_team
    api = Client()
    mine = f"/api/v1/captain/{first.pk}/{first.link_secret}/free-deal/game/"
    theirs = f"/api/v1/captain/{second.pk}/{second.link_secret}/free-deal/game/"
    game = {"first_points": 101, "second_points": 50, "ended_by": "target", "hands_played": 10,
            "round": 1, "table": table.number, "idempotency_key": f"api-{championship.pk}"}
    result = {}
    result["api submit"], response = count(
        lambda: api.post(mine, game, content_type="application/json"))
    assert response.status_code == 201, response.content
    entry_id = response.json()["entry"]["id"]
    result["api resend"], response = count(
        lambda: api.post(mine, game, content_type="application/json"))
    assert response.status_code == 200
    result["api confirm"], response = count(lambda: api.post(f"{theirs}{entry_id}/confirm/"))
    assert response.status_code == 200 and response.json()["state"] == "confirmed"
    result["api game"], response = count(lambda: api.get(theirs))
    assert response.status_code == 200
    director_api = Client()
    director_api.force_login(championship.directors.get())
    c = f"/api/v1/championships/{championship.pk}/"
    for name, url in (("api games", f"{c}free-deal/rounds/1/games/"),
                      ("api table game", f"{c}free-deal/rounds/1/games/{table.number}/"),
                      ("api standings", f"{c}free-deal/standings/")):
        result[name], response = count(lambda url=url: director_api.get(url))
        assert response.status_code == 200, name
    return result


def costs(pairs: int, director) -> dict[str, int]:
    championship, table, api_table = build(pairs, director)
    first, second = table.ns_team, table.ew_team
    phone = Client()
    link = f"/t/{first.pk}/{first.link_secret}/"
    key = re.search(r'name="idempotency_key" value="([^"]+)"',
                    phone.get(link).content.decode()).group(1)
    result = {}
    result["page submit"], response = count(lambda: phone.post(f"{link}game/", {
        "first_points": "101", "second_points": "50", "ended_by": "target",
        "hands_played": "10", "idempotency_key": key}))
    assert response.status_code == 302
    entry = GameEntry.objects.get(idempotency_key=key)
    other = f"/t/{second.pk}/{second.link_secret}/"
    result["page confirm"], response = count(
        lambda: phone.post(f"{other}game/{entry.pk}/confirm/"))
    assert response.status_code == 302 and entry.reviews.exists()
    result["captain page"], response = count(lambda: phone.get(other))
    assert response.status_code == 200
    result.update(api_costs(championship, api_table))
    director_client = Client()
    director_client.force_login(director)
    for name, url in (("games", f"/director/c/{championship.pk}/results/rounds/1/"),
                      ("standings", f"/c/{championship.pk}/results/"),
                      ("game", f"/director/c/{championship.pk}/results/rounds/1/games/1/")):
        result[name], response = count(lambda url=url: director_client.get(url))
        assert response.status_code == 200, name
    return result


@pytest.mark.django_db
def test_free_deal_query_counts_do_not_grow_with_the_field(django_user_model):
    by_size = {}
    for size in SIZES:
        director = django_user_model.objects.create_user(f"fd-cost-{size}", password="x")
        by_size[size] = costs(size, director)
    small, large = (by_size[size] for size in SIZES)
    assert small == large, {k: (small[k], large[k]) for k in small if small[k] != large[k]}
    # No more than a duplicate deal (test_request_costs: through the API at most 10 for a
    # submit and 11 for a confirmation, PostgreSQL's row lock included). A game's API
    # submit: the link, its write count, the pair's key (a game sent again answers before
    # any table is chosen), the table with its round, championship and settings, the
    # savepoint, the round's lock, the key and the game's entries again under the lock
    # (whether the latest is confirmed and how many are this pair's, in one read), the
    # insert and the release. PostgreSQL adds the table's row lock to each write (SQLite serialises
    # writers instead).
    lock = 1 if connection.vendor == "postgresql" else 0
    assert large["api submit"] == 9 + lock <= 10, large
    assert large["api confirm"] == 10 + lock <= 11, large
    # The page's confirmation first checks that the entry is at one of the link's tables
    # (another table's id answers as an unknown one): one read more than its submit.
    assert large["page submit"] == 8 + lock and large["page confirm"] == 9 + lock, large
