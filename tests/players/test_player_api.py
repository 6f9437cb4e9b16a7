"""The player API (rules.md 13.4): the search and a player's page, as the pages show them."""

from __future__ import annotations

import pytest
from player_page_factories import finished, in_series, player, rated
from rest_framework.test import APIClient

from tournaments.models import Player

pytestmark = pytest.mark.django_db

FOUR = [("Maria Costa", "Joan Puig"), ("Pere Vila", "Anna Roca"),
        ("Jordi Mas", "Laia Font"), ("Marc Soler", "Núria Pons")]


@pytest.fixture
def api():
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


def test_the_search_finds_public_players_only(api, director):
    finished(director, FOUR, [1, 2, 3, 4])
    finished(director, [("Hidden One", "Maria Costa")], [1], public=False)
    answer = api.get("/api/v1/players/", {"q": "maria"})
    assert answer.status_code == 200
    assert answer.json()["results"] == [{"id": player("Maria Costa").pk, "name": "Maria Costa",
                                         "club": "Club", "championships": 1}]
    assert api.get("/api/v1/players/", {"q": "hidden"}).json()["count"] == 0


def test_the_search_names_a_missing_query(api):
    answer = api.get("/api/v1/players/", {"q": "  "})
    assert answer.status_code == 400 and "q" in answer.json()


def test_a_players_page(api, director):
    championship = finished(director, FOUR, [1, 2, 2, 4], name="Spring open")
    in_series("Club ranking", championship)
    in_series("Secret circuit", championship, public=False)
    anna = player("Anna Roca")
    rated(anna, (championship, 1, 2.5))
    data = api.get(f"/api/v1/players/{anna.pk}/").json()
    assert data["name"] == "Anna Roca" and data["current_rating"] == 2.5
    (played,) = data["championships"]
    assert played["name"] == "Spring open" and played["place_label"] == "2="
    assert played["entrants"] == 4 and played["shared"] is True
    assert played["partners"] == [{"id": player("Pere Vila").pk, "name": "Pere Vila"}]
    assert [(s["series_name"], s["points"]) for s in played["series"]] == [
        ("Club ranking", "18.00")]
    assert data["ratings"] == [{"championship_id": championship.pk, "name": "Spring open",
                                "date": str(championship.starts_on), "rating": 2.5}]


def test_a_merged_player_answers_as_the_player_kept_and_unknown_is_a_404(api, director):
    finished(director, FOUR, [1, 2, 3, 4])
    kept = player("Maria Costa")
    duplicate = Player.objects.create(name="M. Costa", merged_into=kept)
    assert api.get(f"/api/v1/players/{duplicate.pk}/").json()["id"] == kept.pk
    answer = api.get("/api/v1/players/99999/")
    assert answer.status_code == 404 and answer.json()["code"] == "not_found"
