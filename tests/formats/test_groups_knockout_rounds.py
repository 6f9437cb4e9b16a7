"""Groups then knockout, the group rounds (rules.md 12.1): each round drafts every group's
games at once as the core's tables, numbered through the groups, with the odd groups'
sit-outs; the stage has as many rounds as its longest group, and no more; a drafted table
swapped by hand across groups is refused."""

from __future__ import annotations

import itertools

import pytest
from django.utils import timezone, translation
from groups_knockout_factories import make_groups_event

import engine.groups as eg
from formats import format_of
from formats.groups_knockout.models import GroupSitOut
from formats.groups_knockout.services import groups_of, make_groups
from tournaments import services
from tournaments.models import Round
from tournaments.services.common import ServiceError

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def play_stage(championship, director) -> list[Round]:
    rounds = []
    while True:
        try:
            (round_,) = services.generate_next_round(championship)
        except ServiceError as refused:
            return rounds, refused
        services.release_round(round_, by=director)
        # No game can be entered yet (the next step): close the round as the director.
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED,
                                                  closed_at=timezone.now())
        rounds.append(round_)


def test_ten_pairs_in_groups_of_four_play_three_rounds_with_sit_outs(director):
    championship = make_groups_event(director, pairs=10, seeding="snake")
    groups = [[t.pk for t in group] for group in make_groups(championship)]
    assert [len(g) for g in groups] == [3, 3, 4]
    rounds, refused = play_stage(championship, director)
    assert len(rounds) == 3 == len(eg.group_stage_schedule(groups))
    assert "3 rounds" in refused.message
    group_of = {pair: n for n, group in enumerate(groups) for pair in group}
    met = []
    for round_ in rounds:
        tables = list(round_.tables.order_by("number"))
        # Two games of the group of 4, one of each group of 3, group A's first.
        assert len(tables) == 4 and round_.bye_team_id is None
        assert [group_of[t.ns_team_id] for t in tables] == [0, 1, 2, 2]
        assert all(group_of[t.ns_team_id] == group_of[t.ew_team_id] for t in tables)
        sit_outs = set(GroupSitOut.objects.filter(round=round_).values_list("team_id", flat=True))
        assert format_of(championship).other_byes(round_) == sit_outs
        # One pair of each group of 3 sits out; every pair is placed exactly once.
        assert sorted(group_of[p] for p in sit_outs) == [0, 1]
        placed = [p for t in tables for p in (t.ns_team_id, t.ew_team_id)] + list(sit_outs)
        assert sorted(placed) == sorted(group_of)
        met += [frozenset((t.ns_team_id, t.ew_team_id)) for t in tables]
    # Every pair met every other pair of its group once.
    expected = {frozenset(pair) for group in groups for pair in itertools.combinations(group, 2)}
    assert sorted(met, key=sorted) == sorted(expected, key=sorted) and len(met) == len(expected)


def test_a_round_is_refused_before_the_groups_are_made(director):
    championship = make_groups_event(director, pairs=8)
    with pytest.raises(ServiceError) as refused:
        services.generate_next_round(championship)
    assert refused.value.field == "groups"
    assert not championship.rounds.exists()


def test_a_pair_added_after_the_groups_is_refused_until_they_are_made_again(director):
    championship = make_groups_event(director, pairs=8)
    make_groups(championship, seed="a")
    services.add_team(championship, name="Tard", player1="X", player2="Y")
    with pytest.raises(ServiceError) as refused:
        services.generate_next_round(championship)
    assert refused.value.field == "groups" and "9" in refused.value.message
    make_groups(championship, seed="a")
    (round_,) = services.generate_next_round(championship)
    assert sum(len(g) for g in groups_of(championship)) == 9


def test_groups_of_five_play_five_rounds(director):
    championship = make_groups_event(director, pairs=10, group_size=5)
    make_groups(championship, seed="cinc")
    rounds, _refused = play_stage(championship, director)
    assert len(rounds) == 5
    assert all(GroupSitOut.objects.filter(round=r).count() == 2 for r in rounds)
    assert all(r.tables.count() == 4 for r in rounds)


def test_a_table_swapped_by_hand_across_groups_is_refused(director):
    championship = make_groups_event(director, pairs=8, seeding="snake")
    make_groups(championship)  # [1, 4, 5, 8], [2, 3, 6, 7]
    (round_,) = services.generate_next_round(championship)
    first = round_.tables.get(number=1)
    other = round_.tables.get(number=3)
    with pytest.raises(ServiceError) as refused:
        services.swap_teams(round_, first.ns_team, other.ns_team)
    assert "groups" in refused.value.message


def test_the_next_step_offers_a_round_while_the_schedule_has_one(director):
    # Groups of 4 play 3 rounds: "Pair round 4" is not offered after round 3, though the
    # core's setting allows 5 rounds (the format answers Format.rounds_to_pair).
    from tournaments.next_step import next_step

    championship = make_groups_event(director, pairs=8, seeding="snake")
    make_groups(championship)
    offered = []
    for _ in range(3):
        (round_,) = services.generate_next_round(championship)
        services.release_round(round_, by=director)
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED,
                                                  closed_at=timezone.now())
        step = next_step(championship, list(championship.rounds.order_by("number")))
        offered.append(str(step.label))
    assert championship.rounds_planned == 5
    assert offered == ["Pair round 2", "Pair round 3", "Finish the championship"]
