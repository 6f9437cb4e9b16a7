"""What a free-deal request costs does not grow with the field: a 10-pair and a 150-pair
event (every other game of the round in and confirmed) make exactly as many queries for a
captain's entry and confirmation, the captain's page, the director's games and the
standings; and a game costs no more statements than a duplicate deal (test_request_costs)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from free_deal_factories import make_free_deal, next_round

from formats.free_deal.models import GameEntry, GameReview

SIZES = (10, 150)


def build(pairs: int, director):
    championship = make_free_deal(director, pairs=pairs, rounds=7)
    round_ = next_round(championship, director)
    tables = list(round_.tables.select_related("ns_team", "ew_team").order_by("number"))
    entries = GameEntry.objects.bulk_create(
        GameEntry(table=t, first_points=101, second_points=t.number % 90, ended_by="target",
                  hands_played=9, by_team_id=t.ns_team_id) for t in tables[1:])
    GameReview.objects.bulk_create(
        GameReview(entry=e, verdict="confirm", by_team_id=e.table.ew_team_id) for e in entries)
    return championship, tables[0]


def count(call):
    with CaptureQueriesContext(connection) as context:
        response = call()
    return len(context), response


def costs(pairs: int, director) -> dict[str, int]:
    championship, table = build(pairs, director)
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
    # No more than a duplicate deal's page submit and confirmation.
    assert large["page submit"] <= 12 and large["page confirm"] <= 11, large
