"""The demo command loads a groups-then-knockout event in its group stage too, once (issue
38: 24 pairs, 6 groups of 4 made snake-wise, round 1 closed, round 2 in play)."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from formats.groups_knockout.demo import DEMO_NAME, GROUP_SIZE, PAIRS
from formats.groups_knockout.services import groups_of
from formats.groups_knockout.standings import group_stage
from scoring.selectors import games as game_selectors
from tournaments.models import Championship, Round


@pytest.mark.django_db
def test_the_demo_has_a_groups_event_in_its_second_round(capsys):
    call_command("demo", password="demo-password-123")
    assert "Obert de Botifarra de la Fira de Sant Andreu" in capsys.readouterr().out
    call_command("demo")  # loaded once
    (championship,) = Championship.objects.filter(name=DEMO_NAME)
    assert championship.format == "groups_knockout"
    statuses = list(championship.rounds.order_by("number").values_list("status", flat=True))
    assert statuses == [Round.Status.CLOSED, Round.Status.RELEASED]
    assert championship.results_public
    # Six groups of 4, snake-wise from the pairs' numbers: 1-6 then 12-7, and so on.
    groups = [[team.number for team in group] for group in groups_of(championship)]
    assert len(groups) == PAIRS // GROUP_SIZE
    assert groups[0] == [1, 12, 13, 24] and groups[5] == [6, 7, 18, 19]
    # Round 1: every game confirmed, some level after the 8 hands and won after 10.
    first = game_selectors.round_games(championship.rounds.get(number=1))
    assert len(first) == PAIRS // 2
    assert {game.state for game in first} == {game_selectors.CONFIRMED}
    hands = [game.latest.hands_played for game in first]
    assert set(hands) == {8, 10}
    assert all(game.latest.first_points != game.latest.second_points for game in first)
    # Round 2: some confirmed, one waiting for the other pair, one disputed, some not entered.
    states = [game.state for game in
              game_selectors.round_games(championship.rounds.get(number=2))]
    assert states.count(game_selectors.PENDING) == 1
    assert states.count(game_selectors.DISPUTED) == 1
    assert {game_selectors.CONFIRMED, game_selectors.EMPTY} <= set(states)
    # The director's standings count round 1 and round 2's confirmed games; nobody goes
    # through before the stage is complete.
    stage = group_stage(championship)
    confirmed = states.count(game_selectors.CONFIRMED)
    assert sum(row.line.games for view in stage.groups for row in view.rows) == 2 * (
        PAIRS // 2 + confirmed)
    assert stage.missing == 6 * PAIRS // GROUP_SIZE - (PAIRS // 2 + confirmed)
    assert stage.qualification is None
    # The public sees round 1 only.
    public = group_stage(championship, up_to=1)
    assert sum(row.line.games for view in public.groups for row in view.rows) == PAIRS
