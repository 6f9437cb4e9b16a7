"""The score pad's hand record (a JSON text) nested thousands deep (``[[[…]]]``) is refused
naming the field on the captain's and the director's game pages and in the API, nothing
written: Python's parser would recurse until ``RecursionError`` (a 500). The depth is
measured before parsing (``scoring.json_depth``)."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.test import Client
from free_deal_factories import make_free_deal, next_round
from table_counts import count_rows

from scoring.json_depth import too_deep

pytestmark = pytest.mark.django_db

GAME = {"first_points": "101", "second_points": "20", "ended_by": "target",
        "hands_played": "9", "idempotency_key": "deep"}
# Deep enough to exhaust the recursion; and just below Python's limit, which parses in a
# shallow test but not from a view's deeper stack.
DEPTHS = (5000, 990)


def _counts() -> dict[str, int]:
    return count_rows(model for model in apps.get_models()
                      if model._meta.label != "scoring.ThrottleCount")


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def in_a_hand(depth: int) -> str:
    return ('[{"makers": ' + nested(depth) + ', "contract": "O", "doubling": 0, '
            '"scorer": "first", "points": 10}]')


@pytest.fixture
def table(director):
    championship = make_free_deal(director, pairs=4)
    return next_round(championship, director).tables.select_related(
        "round__championship", "ns_team").order_by("number").first()


@pytest.mark.parametrize("hands", [nested(d) for d in DEPTHS] + [in_a_hand(d) for d in DEPTHS],
                         ids=["5000", "990", "5000 in a hand", "990 in a hand"])
def test_the_captain_page_refuses_a_deep_record_naming_it(table, hands):
    team = table.ns_team
    before = _counts()
    response = Client(raise_request_exception=False, headers={"accept-language": "en"}).post(
        f"/t/{team.pk}/{team.link_secret}/game/", {**GAME, "hands": hands})
    assert response.status_code == 200
    assert "hands" in response.context["form"].errors
    assert "hand-by-hand record" in response.content.decode()
    assert _counts() == before


@pytest.mark.parametrize("hands", [nested(5000), in_a_hand(990)], ids=["5000", "990 in a hand"])
def test_the_director_page_refuses_a_deep_record_naming_it(table, director_client, hands):
    director_client.raise_request_exception = False
    championship = table.round.championship
    before = _counts()
    response = director_client.post(
        f"/director/c/{championship.pk}/results/rounds/1/games/{table.number}/",
        {**GAME, "hands": hands, "note": ""})
    assert response.status_code == 200
    assert "hands" in response.context["form"].errors
    assert _counts() == before


@pytest.mark.parametrize("depth", [5000, 990, 40])
def test_the_api_names_the_field_a_deep_body_nests_under(table, depth):
    team = table.ns_team
    body = ('{"first_points": 101, "second_points": 20, "ended_by": "target", '
            '"hands_played": 9, "hands": ' + nested(depth) + "}")
    before = _counts()
    response = Client(headers={"accept-language": "en"}).post(
        f"/api/v1/captain/{team.pk}/{team.link_secret}/free-deal/game/", body,
        content_type="application/json")
    assert response.status_code == 400
    assert "nested too deeply" in response.json()["hands"][0]
    assert _counts() == before
    # Not under a field: said of the body.
    response = Client(headers={"accept-language": "en"}).post(
        f"/api/v1/captain/{team.pk}/{team.link_secret}/free-deal/game/", nested(depth),
        content_type="application/json")
    assert response.status_code == 400 and "nested too deeply" in response.json()["detail"]


@pytest.mark.parametrize("text,limit,where", [
    (nested(5000), 2, ""), ('{"a": 1, "hands": ' + nested(50) + "}", 32, "hands"),
    ('[{"makers": "[[[[[[[[["}]', 2, None), ('{"a": [{"b": [1]}]}', 3, "a"),
    ('{"a": [{"b": [1]}]}', 4, None), ('{"\\"x": [[[]]]}', 2, '"x'), ("[[", 1, ""),
])
def test_the_depth_is_found_without_parsing(text, limit, where):
    assert too_deep(text, limit) == where
