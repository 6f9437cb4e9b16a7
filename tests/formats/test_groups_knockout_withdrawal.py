"""Groups then knockout, a pair that withdraws in the group stage (rules.md 12.4): its group
games not yet played become walkovers, won by the mean winning margin of the group's games
confirmed so far (rounded down; 0 before any) to 0 and fixed then; two withdrawn pairs make no
game; a released table whose game is not confirmed becomes a walkover, a confirmed one stands;
the standings count the walkovers, the stage completes, the withdrawn pair never goes through
and its opponents have a bye at its tables in the rounds drafted later."""

from __future__ import annotations

import pytest
from django.db.models import Q
from django.test import Client
from django.urls import reverse
from groups_knockout_factories import make_groups_event

from formats.groups_knockout.models import GroupWalkover
from formats.groups_knockout.services import groups_of, make_groups, stage_schedule, swap_pairs
from formats.groups_knockout.standings import DIRECT, group_stage
from scoring.services.games import GameRefused, GameValues, director_set_game
from tournaments import services
from tournaments.models import AuditEvent, Round, Table

pytestmark = pytest.mark.django_db


def event(director, pairs: int = 4, **settings):
    championship = make_groups_event(director, pairs=pairs, seeding="snake", **settings)
    make_groups(championship)
    return championship


def by_number(first, second):
    """The lower number wins 71 to 60 (a margin of 11)."""
    return (71, 60) if first.number < second.number else (60, 71)


def play_round(championship, director, points=by_number, *, close=True, skip=()):
    """Draft, release and set every game of the next group round (but those of the pairs
    in ``skip``); tables with a withdrawal's bye play none."""
    (round_,) = services.generate_next_round(championship)
    services.release_round(round_, by=director)
    for table in round_.tables.select_related("ns_team", "ew_team", "round__championship"):
        if table.bye_team_id is None and not {table.ns_team.number,
                                               table.ew_team.number} & set(skip):
            first, second = points(table.ns_team, table.ew_team)
            director_set_game(table=table, values=GameValues(first, second, "hands", 8),
                              user=director)
    if close:
        services.close_round(round_, by=director)
    return round_


def walkovers(championship) -> dict[tuple[int, int], int]:
    """(winner's number, withdrawn pair's number): margin."""
    return {(w.winner.number, w.withdrawn.number): w.margin
            for w in GroupWalkover.objects.filter(group__championship=championship)
            .select_related("winner", "withdrawn")}


def opponents(championship, team) -> set[int]:
    """The numbers of the pairs ``team`` met at a table with a confirmed game."""
    met = set()
    for table in Table.objects.filter(round__championship=championship, bye_team=None):
        if team.pk in (table.ns_team_id, table.ew_team_id) and table.game_entries.exists():
            met |= {table.ns_team.number, table.ew_team.number} - {team.number}
    return met


def line_of(stage, team):
    return next(placed.line for view in stage.groups for placed in view.standing.lines
                if placed.pair == team.pk)


def test_after_round_1_the_unplayed_games_are_lost_by_the_mean_margin(director):
    championship = event(director)  # one group of 4: 1, 2, 3, 4
    margins = {}

    def points(first, second):  # round 1: margins 40 and 11, a mean of 25 (rounded down)
        margin = 40 if 1 in (first.number, second.number) else 11
        margins[frozenset((first.number, second.number))] = margin
        return (60 + margin, 60) if first.number < second.number else (60, 60 + margin)
    play_round(championship, director, points)
    assert sorted(margins.values()) == [11, 40]
    withdrawn = groups_of(championship)[0][3]  # pair 4
    met = opponents(championship, withdrawn)
    services.withdraw_team(withdrawn, by=director)

    expected = {(number, 4): 25 for number in {1, 2, 3} - met}
    assert len(expected) == 2 and walkovers(championship) == expected
    detail = list(AuditEvent.objects.filter(
        championship=championship, action=AuditEvent.Action.WITHDRAWAL_BYE_GIVEN)
        .values_list("detail", flat=True))
    assert detail == ["walkover 25-0, pair 4 withdrawn"] * 2
    # Fixed then: a big win later does not move the margin.
    round_2 = play_round(championship, director, lambda a, b: (99, 0) if a.number < b.number
                         else (0, 99))
    assert walkovers(championship) == expected
    # Its table in round 2, drafted after the withdrawal: its opponent has a bye.
    (bye_table,) = round_2.tables.exclude(bye_team=None)
    assert 4 in (bye_table.ns_team.number, bye_table.ew_team.number)
    assert bye_table.bye_team.number != 4
    with pytest.raises(GameRefused):
        director_set_game(table=bye_table, values=GameValues(70, 60, "hands", 8),
                          user=director)
    play_round(championship, director)
    stage = group_stage(championship)
    assert stage.complete and stage.missing == 0 and stage.scheduled == 6
    line = line_of(stage, withdrawn)
    assert (line.games, line.wins) == (3, 0)
    assert line.points_against - line.points_for == margins[frozenset((*met, 4))] + 2 * 25


def test_a_withdrawal_before_any_game_loses_every_game_0_to_0(director):
    championship = event(director)
    withdrawn = groups_of(championship)[0][1]  # pair 2
    services.withdraw_team(withdrawn, by=director)
    assert walkovers(championship) == {(1, 2): 0, (3, 2): 0, (4, 2): 0}
    assert sorted(GroupWalkover.objects.values_list("round_number", flat=True)) == [1, 2, 3]
    for _round in range(3):
        play_round(championship, director)
    stage = group_stage(championship)
    assert stage.complete
    line = line_of(stage, withdrawn)
    assert (line.games, line.wins, line.points_for, line.points_against) == (3, 0, 0, 0)
    winner = line_of(stage, groups_of(championship)[0][0])
    assert winner.wins == 3  # a walkover by 0 is still won


def test_two_withdrawals_make_no_game_between_them(director):
    championship = event(director)
    play_round(championship, director)
    first = groups_of(championship)[0][0]  # pair 1
    met = opponents(championship, first)
    services.withdraw_team(first, by=director)
    second = next(team for team in groups_of(championship)[0]
                  if team.number not in met | {1})
    assert (second.number, 1) in walkovers(championship)
    services.withdraw_team(second, by=director)

    made = walkovers(championship)
    assert (second.number, 1) not in made and (1, second.number) not in made
    assert {winner for winner, loser in made if loser == second.number} == (
        {2, 3, 4} - {second.number} - opponents(championship, second))
    assert AuditEvent.objects.filter(
        championship=championship, action=AuditEvent.Action.WITHDRAWAL_BYE_REMOVED,
        team=second, detail__contains="taken back").count() == 1
    # Round 1's margin of 11 for both: the first's walkovers are not games.
    assert set(made.values()) == {11}
    for _round in range(2):
        round_ = play_round(championship, director)
        assert not round_.tables.filter(ns_team__in=[first, second],
                                        ew_team__in=[first, second]).exists()
    stage = group_stage(championship)
    assert (stage.scheduled, stage.missing) == (5, 0) and stage.complete


def test_in_a_released_round_a_confirmed_game_stands(director):
    championship = event(director)
    withdrawn = groups_of(championship)[0][3]  # pair 4
    (round_1,) = services.generate_next_round(championship)
    services.release_round(round_1, by=director)
    tables = list(round_1.tables.select_related("ns_team", "ew_team", "round__championship"))
    (own,) = [t for t in tables if withdrawn.pk in (t.ns_team_id, t.ew_team_id)]
    director_set_game(table=own, values=GameValues(*by_number(own.ns_team, own.ew_team),
                                                   "hands", 8), user=director)
    services.withdraw_team(withdrawn, by=director)  # the other table's game not entered
    played = opponents(championship, withdrawn)
    assert len(played) == 1
    # Only pair 4's game is confirmed: its margin of 11 is the mean.
    assert walkovers(championship) == {(number, 4): 11 for number in {1, 2, 3} - played}
    own.refresh_from_db()
    assert own.bye_team is None  # the confirmed game stands
    assert not round_1.tables.exclude(bye_team=None).exists()


def test_a_game_of_a_released_round_not_yet_confirmed_becomes_a_walkover(director):
    championship = event(director)
    play_round(championship, director)
    withdrawn = groups_of(championship)[0][3]  # pair 4
    round_2 = play_round(championship, director, close=False, skip=(4,))
    services.withdraw_team(withdrawn, by=director)
    (table,) = round_2.tables.exclude(bye_team=None)
    opponent = table.bye_team
    assert walkovers(championship)[opponent.number, 4] == 11
    assert not table.game_entries.exists()
    services.close_round(round_2, by=director)
    play_round(championship, director)
    assert group_stage(championship).complete


def test_the_public_counts_a_walkover_with_its_round(director):
    championship = event(director)
    play_round(championship, director)
    withdrawn = groups_of(championship)[0][3]
    services.withdraw_team(withdrawn, by=director)
    assert line_of(group_stage(championship, up_to=1), withdrawn).games == 1
    assert line_of(group_stage(championship), withdrawn).games == 3


def test_a_withdrawn_group_leader_stays_in_its_table_and_the_runner_up_goes_through(director):
    championship = event(director, 8)  # groups 1 4 5 8 and 2 3 6 7, the first of each through
    leader = groups_of(championship)[0][0]  # pair 1, withdrawn before its round-3 game
    (last,) = [game for game in stage_schedule(championship.pk)[2].games
               if leader.pk in game.pairs]
    (gifted,) = set(last.pairs) - {leader.pk}

    def points(first, second):  # pair 1 wins big, its last opponent loses all, else by number
        if 1 in (first.number, second.number):
            return (100, 0) if first.number == 1 else (0, 100)
        if gifted in (first.pk, second.pk):
            return (60, 71) if first.pk == gifted else (71, 60)
        return by_number(first, second)
    play_round(championship, director, points)
    play_round(championship, director, points)
    services.withdraw_team(leader, by=director)
    assert len([1 for _winner, loser in walkovers(championship) if loser == 1]) == 1
    play_round(championship, director, points)
    stage = group_stage(championship)
    assert stage.complete and stage.qualification is not None
    rows = stage.groups[0].rows
    assert rows[0].team == leader and rows[0].place == "1" and rows[0].through == ""
    assert rows[1].through == DIRECT
    assert leader.pk not in stage.qualification.seeds


def test_the_standings_page_shows_the_walkovers(director):
    championship = event(director)
    play_round(championship, director)
    services.withdraw_team(groups_of(championship)[0][3], by=director)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(director)
    html = client.get(reverse("scoring:standings", args=[championship.pk])).content.decode()
    for winner, _loser in walkovers(championship):
        assert f"Pair {winner} 11–0 pair 4, withdrawn (w/o)" in html


def test_reinstating_the_pair_takes_its_walkovers_back(director):
    championship = event(director)
    play_round(championship, director)
    withdrawn = groups_of(championship)[0][3]
    round_2 = play_round(championship, director, close=False, skip=(4,))
    services.withdraw_team(withdrawn, by=director)
    assert walkovers(championship)
    services.reinstate_team(withdrawn, by=director)
    assert walkovers(championship) == {}
    assert not round_2.tables.exclude(bye_team=None).exists()  # its game can be played
    assert Round.objects.filter(championship=championship).count() == 2


def test_reinstating_the_second_of_two_gives_it_back_the_first_s_walkover(director):
    championship = event(director)
    first = groups_of(championship)[0][0]
    services.withdraw_team(first, by=director)  # before any game: walkovers by 0
    (round_1,) = services.generate_next_round(championship)
    (table,) = round_1.tables.filter(Q(ns_team=first) | Q(ew_team=first))
    second = table.bye_team
    services.withdraw_team(second, by=director)
    assert not round_1.tables.filter(Q(ns_team=first) | Q(ew_team=first)).exists()
    assert (second.number, first.number) not in walkovers(championship)
    services.reinstate_team(second, by=director)
    assert walkovers(championship)[second.number, first.number] == 0
    assert round_1.tables.get(Q(ns_team=first) | Q(ew_team=first)).bye_team == second


def test_a_swap_before_round_1_makes_the_walkovers_again_in_the_new_groups(director):
    championship = event(director, 8)  # groups 1 4 5 8 and 2 3 6 7
    services.withdraw_team(groups_of(championship)[0][0], by=director)
    assert set(walkovers(championship)) == {(4, 1), (5, 1), (8, 1)}
    swap_pairs(championship, 4, 2, by=director)
    assert set(walkovers(championship)) == {(2, 1), (5, 1), (8, 1)}
    assert group_stage(championship).groups[0].standing.lines  # ranked without an error
