"""The director's form for a knockout game says which game of the tie it enters (rules.md
11.3): if that game has counted since the form was opened (the other pair confirmed a
captain's report of it), the form is stale and refused, naming the field, and nothing is
written; it never becomes the tie's next game. The same through the director's API."""

from __future__ import annotations

import re

import pytest
from rest_framework.test import APIClient
from test_free_deal_knockout_stage import swiss_played

from formats.free_deal import services as fd
from scoring.models import KnockoutGame, KnockoutTie
from scoring.services.knockout_captains import confirm_knockout_entry, submit_knockout_entry

pytestmark = pytest.mark.django_db
english = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def semi(director):
    championship = swiss_played(director, knockout_size=4, knockout_best_of=3)
    fd.start_knockout(championship, by=director)
    return KnockoutTie.objects.select_related("first", "second").get(
        championship=championship, stage=1, slot=1)


def bracket_url(tie) -> str:
    return f"/director/c/{tie.championship_id}/knockout/"


def game_field(page: str, tie) -> str:
    """The game number the tie's form sends."""
    form = page[page.index(f'id="tie-{tie.pk}"'):]
    return re.search(r'<input type="hidden" name="game" value="(\d+)"', form).group(1)


def confirm_a_captains_report(tie, first_points: int, second_points: int) -> None:
    """The other pair confirms a captain's report of the tie's next game: it counts."""
    entry, _created = submit_knockout_entry(team=tie.first, tie_id=tie.pk,
                                               first_points=first_points,
                                               second_points=second_points)
    confirm_knockout_entry(team=tie.second, entry_id=entry.pk)


def test_a_stale_bracket_form_is_refused_and_writes_nothing(semi, director_client):
    page = director_client.get(bracket_url(semi), **english).content.decode()
    assert game_field(page, semi) == "1"
    # While the director's form for game 1 is open, the pairs settle game 1 themselves.
    confirm_a_captains_report(semi, 101, 70)
    stale = director_client.post(bracket_url(semi), {
        "action": "game", "tie": semi.pk, "game": game_field(page, semi),
        "first_points": "60", "second_points": "101"}, **english)
    assert stale.status_code == 400
    text = stale.content.decode()
    assert "Game: this form was for game 1 of the tie" in text, text
    assert KnockoutGame.objects.filter(tie=semi).count() == 1  # game 2 nobody played: none
    # The page now offers game 2; sent for game 2 it counts.
    assert game_field(text, semi) == "2"
    done = director_client.post(bracket_url(semi), {
        "action": "game", "tie": semi.pk, "game": "2", "first_points": "60",
        "second_points": "101"}, **english)
    assert done.status_code == 302
    assert list(KnockoutGame.objects.filter(tie=semi).values_list("number", "first_points")) == [
        (1, 101), (2, 60)]


@pytest.mark.parametrize("game", ["", "0", "abc", "3"])
def test_a_bracket_form_without_a_right_game_number_writes_nothing(semi, director_client, game):
    answer = director_client.post(bracket_url(semi), {
        "action": "game", "tie": semi.pk, "game": game, "first_points": "101",
        "second_points": "60"}, **english)
    assert answer.status_code == 400
    assert "Game:" in answer.content.decode()
    assert not KnockoutGame.objects.exists()


def test_the_api_refuses_a_game_number_already_entered(semi, director):
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(director)
    url = f"/api/v1/championships/{semi.championship_id}/free-deal/knockout/rounds/1/ties/1/games/"
    confirm_a_captains_report(semi, 101, 70)
    stale = api.post(url, {"game": 1, "first_points": 60, "second_points": 101}, format="json")
    assert stale.status_code == 400, stale.content
    assert "this form was for game 1" in stale.json()["game"][0]
    assert KnockoutGame.objects.filter(tie=semi).count() == 1
    done = api.post(url, {"game": 2, "first_points": 60, "second_points": 101}, format="json")
    assert done.status_code == 201, done.content
    assert KnockoutGame.objects.filter(tie=semi).count() == 2
