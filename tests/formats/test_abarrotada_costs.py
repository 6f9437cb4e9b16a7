"""What a player's request costs (statements), at 5 and at 50 tables: the same. A request
does work for its own table, never for the whole round."""

from __future__ import annotations

import pytest
from abarrotada_factories import make_individual, next_round, seated
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

BODY = {"maker": "N", "contract": "O", "points_n": 30, "points_e": 14, "points_s": 20,
        "points_w": 8}


def costs(director, tables: int) -> tuple[int, int, int]:
    championship = make_individual(director, players=4 * tables, rounds=2, deals=2)
    round_ = next_round(championship, director)
    table = round_.player_tables.order_by("number").last()
    who = seated(table)
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    base = "/api/v1/captain/{}/{}/abarrotada/"
    north = base.format(who["N"].pk, who["N"].link_secret)
    east = base.format(who["E"].pk, who["E"].link_secret)
    deal = round_.first_deal
    counts = []
    with CaptureQueriesContext(connection) as read:
        assert client.get(east).status_code == 200
    counts.append(len(read))
    with CaptureQueriesContext(connection) as submit:
        answer = client.post(f"{north}deals/{deal}/", BODY, format="json")
        assert answer.status_code == 201, answer.json()
    counts.append(len(submit))
    report = answer.json()["report"]["id"]
    with CaptureQueriesContext(connection) as confirm:
        assert client.post(f"{east}reports/{report}/confirm/").status_code == 200
    counts.append(len(confirm))
    return tuple(counts)


def test_a_players_read_submit_and_confirm_cost_the_same_at_5_and_50_tables(director,
                                                                           django_user_model):
    small = costs(director, 5)
    other = django_user_model.objects.create_user("director2", password="secret-pass-2")
    large = costs(other, 50)
    assert small == large
    # Pinned so that a change in cost is a decision (PostgreSQL adds the table's row lock to
    # each write).
    lock = 1 if connection.vendor == "postgresql" else 0
    assert small == (8, 15 + lock, 14 + lock)
