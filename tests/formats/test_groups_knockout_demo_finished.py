"""The demo command loads a finished groups-then-knockout event too, once (issue 38: 24 pairs
in 6 groups of 4, every group game confirmed, the 6 group winners and 2 runners-up by
repechage in a bracket of 8, every tie and the third-place game played, results public, the
championship finished), and its pages answer, the director's and the public's."""

from __future__ import annotations

import pytest
from built_once import module_world
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from formats.groups_knockout.demo_finished import (
    GROUP_SIZE,
    PAIRS,
    load_finished_groups_demo,
)
from formats.groups_knockout.services import groups_of
from formats.groups_knockout.standings import REPECHAGE, group_stage
from formats.groups_knockout.standings_knockout import final_places
from scoring.exports import registry
from scoring.models import KnockoutEntry, KnockoutTie
from scoring.selectors import games as game_selectors
from tournaments.models import AuditEvent, Round

pytestmark = pytest.mark.django_db


def load_the_finished_event():
    director = get_user_model().objects.create_user("director1", password="secret-pass-1")
    with translation.override(settings.LANGUAGE_CODE):  # as `make demo` loads it
        championship, _message = load_finished_groups_demo(director)
    return director, championship


# The finished event, loaded once for the module; each test reads it in its own
# savepoint (tests/built_once.py).
built, world = module_world(load_the_finished_event)


@pytest.fixture
def director(world):
    """The world's director1, in place of the suite's fixture of that name."""
    return world[0]


@pytest.fixture
def finished(world):
    return world[1]


def test_the_group_stage_is_played_and_confirmed(finished):
    groups = [[team.number for team in group] for group in groups_of(finished)]
    assert len(groups) == PAIRS // GROUP_SIZE and groups[0] == [1, 12, 13, 24]
    rounds = list(finished.rounds.order_by("number"))
    assert [round_.status for round_ in rounds] == [Round.Status.CLOSED] * (GROUP_SIZE - 1)
    games = [game for round_ in rounds for game in game_selectors.round_games(round_)]
    assert len(games) == (GROUP_SIZE - 1) * PAIRS // 2
    assert {game.state for game in games} == {game_selectors.CONFIRMED}
    # Mostly 8 hands, some level after them and won in 2 more; never level at the end.
    hands = [game.latest.hands_played for game in games]
    assert {8, 10} <= set(hands) <= {8, 10, 12} and hands.count(8) > len(hands) // 2
    assert all(game.latest.first_points != game.latest.second_points for game in games)
    stage = group_stage(finished)
    assert stage.complete and not any(view.needs_draw for view in stage.groups)
    # 6 group winners and the 2 best runners-up, by repechage.
    through = [row for view in stage.groups for row in view.rows if row.through]
    assert len(through) == 8
    assert sum(row.through == REPECHAGE for row in through) == 2
    actions = set(AuditEvent.objects.filter(championship=finished)
                  .values_list("action", flat=True))
    assert {"groups_drawn", "round_closed", "knockout_started", "knockout_game_entered",
            "results_published", "championship_finished"} <= actions, actions


def test_the_knockout_is_played_to_the_final_and_the_third_place_game(finished):
    ties = list(KnockoutTie.objects.filter(championship=finished).order_by("stage", "slot"))
    assert [(tie.stage, tie.slot) for tie in ties] == [
        (1, 1), (1, 2), (1, 3), (1, 4), (2, 1), (2, 2), (3, 1), (3, 2)]
    assert all(tie.winner_id and tie.games.count() == 1 for tie in ties)
    # A few games reported by a pair and confirmed by the other, as on the night.
    reported = KnockoutEntry.objects.filter(tie__championship=finished)
    assert reported.count() >= 2 and {entry.state for entry in reported} == {"confirmed"}
    places = final_places(finished)
    labels = [place.label for place in places]
    assert len(places) == PAIRS
    assert labels[:8] == ["1", "2", "3", "4", "5=", "5=", "5=", "5="]
    # The same every time (a fixed seed): pair 3 beat the top seed in the final.
    assert [place.team.number for place in places[:4]] == [3, 1, 8, 18]
    final, third = ties[-2], ties[-1]
    assert places[0].team.pk == final.winner_id and places[2].team.pk == third.winner_id
    assert {places[0].team.pk, places[1].team.pk} == {final.first_id, final.second_id}
    assert all(place.knockout for place in places[:8])
    assert not any(place.knockout for place in places[8:])


def test_its_pages_answer(finished, director):
    public = Client(HTTP_ACCEPT_LANGUAGE="en")
    staff = Client(HTTP_ACCEPT_LANGUAGE="en")
    staff.force_login(director)
    standings = reverse("scoring:standings", args=[finished.pk])
    for reader in (public, staff):
        html = reader.get(standings)
        assert html.status_code == 200
        text = html.content.decode()
        assert 'id="bracket"' in text and 'id="final-ranking"' in text
        winner = final_places(finished)[0].team
        assert winner.name in text
        for number in (1, 12, PAIRS):
            page = reader.get(reverse("scoring:scorecard", args=[finished.pk, number]))
            assert page.status_code == 200
        for kind in registry.kinds_of(finished):
            response = reader.get(reverse("scoring:export", args=[finished.pk, kind]))
            assert response.status_code == 200, kind
    bracket = staff.get(reverse("groups_knockout:bracket", args=[finished.pk]))
    assert bracket.status_code == 200 and 'id="final-ranking"' in bracket.content.decode()
    assert staff.get(reverse("scoring:director_exports", args=[finished.pk])).status_code == 200
    grid = staff.get(reverse("scoring:director_results", args=[finished.pk]), follow=True)
    assert grid.redirect_chain and grid.status_code == 200  # the last round's games
    # The public archive and the director's full backup of the finished event.
    assert public.get(reverse("archive:public", args=[finished.pk])).status_code == 200
    assert staff.get(reverse("archive:full_backup", args=[finished.pk])).status_code == 200
    going = reverse("groups_knockout:going_through", args=[finished.pk])
    assert staff.get(going).status_code == 200
    assert public.get(reverse("groups_knockout:bracket", args=[finished.pk])).status_code in (
        302, 403, 404)
