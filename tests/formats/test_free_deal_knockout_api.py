"""The knockout stage through the REST API (rules.md 11.3): the bracket, starting it, a game;
bad input is a 400 naming the field with nothing written."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient
from test_free_deal_knockout_stage import expected_ranking, swiss_played

from scoring.models import KnockoutGame
from tournaments.models import Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(director):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(director)
    return client


def test_start_then_play_a_final_over_the_api(api, director):
    championship = swiss_played(director, knockout_size=2, knockout_best_of=3)
    ranked = expected_ranking(championship)
    url = f"/api/v1/championships/{championship.pk}/free-deal/knockout/"
    before = api.get(url).json()
    assert (before["started"], before["size"], before["best_of"]) == (False, 2, 3)
    started = api.post(url + "start/")
    assert started.status_code == 201
    (final,) = started.json()["rounds"][0]["ties"]
    first, second = (Team.objects.get(pk=pk).number for pk in ranked[:2])
    assert (final["first"]["pair"], final["second"]["pair"]) == (first, second)
    assert api.post(url + "start/").status_code == 409
    game_url = url + "rounds/1/ties/1/games/"
    level = api.post(game_url, {"first_points": 90, "second_points": 90}, format="json")
    assert level.status_code == 400 and "second_points" in level.json()
    missing = api.post(game_url, {"first_points": 90}, format="json")
    assert missing.status_code == 400 and "second_points" in missing.json()
    # A free-deal knockout game is played to its target: it has no hands to give (11.3).
    hands = api.post(game_url, {"first_points": 101, "second_points": 20, "hands": 12},
                     format="json")
    assert hands.status_code == 400 and "hands" in hands.json()
    assert not KnockoutGame.objects.exists()
    for points in ((101, 20), (101, 99)):
        answer = api.post(game_url, {"first_points": points[0], "second_points": points[1]},
                          format="json")
        assert answer.status_code == 201
    body = answer.json()
    assert body["champion"]["pair"] == first
    assert [g["first_points"] for g in body["rounds"][0]["ties"][0]["games"]] == [101, 101]
    assert api.post(game_url, {"first_points": 1, "second_points": 0},
                    format="json").status_code == 409
    assert api.post(url + "rounds/2/ties/1/games/", {"first_points": 1, "second_points": 0},
                    format="json").status_code == 404


def test_a_bracket_size_the_format_does_not_have_is_refused_naming_the_field(api):
    answer = api.post("/api/v1/championships/", {
        "name": "Torneig", "format": "free_deal_pairs", "rounds_planned": 5,
        "free_deal": {"knockout_size": 6, "knockout_best_of": 2}}, format="json")
    assert answer.status_code == 400
    errors = answer.json()["free_deal"]
    assert set(errors) == {"knockout_size", "knockout_best_of"}
