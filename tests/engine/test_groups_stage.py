"""Groups then knockout, the group stage (rules.md 12.1): the groups (their number and
sizes, the seeded draw, the snake, swaps), the aligned round robins with sit-outs, and a game
of 8 hands with 2 more while level, repeated."""

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.groups import (
    GameResult,
    GameRules,
    GroupsError,
    check_game,
    drawn_groups,
    group_count,
    group_sizes,
    group_stage_schedule,
    rounds_needed,
    snake_groups,
    swap_pairs,
)

# --- The groups -------------------------------------------------------------------------


def test_ten_pairs_in_groups_of_four_make_groups_of_4_3_3():
    assert group_count(10, 4) == 3
    assert group_sizes(10, 4) == (4, 3, 3)
    assert sorted(map(len, drawn_groups(range(10), 4, seed=1)), reverse=True) == [4, 3, 3]


@pytest.mark.parametrize(("pairs", "size", "sizes"), [
    (64, 4, (4,) * 16), (64, 5, (5,) * 12 + (4,)), (64, 6, (6,) * 9 + (5,) * 2),
    (13, 6, (5, 4, 4)), (5, 4, (3, 2)), (3, 4, (3,)),
])  # fmt: skip
def test_uneven_groups_are_never_larger_than_the_size(pairs, size, sizes):
    assert group_sizes(pairs, size) == sizes


@pytest.mark.parametrize("size", [3, 7, 0, "4", True])
def test_only_groups_of_4_5_or_6(size):
    with pytest.raises(GroupsError) as caught:
        group_sizes(20, size)
    assert caught.value.field == "group_size"


def test_snake_seeding_turns_at_each_row():
    # 12 pairs, groups of 4: G = 3.  Row 1 left to right, row 2 back, row 3 forward again.
    assert snake_groups(range(1, 13), 4) == ((1, 6, 7, 12), (2, 5, 8, 11), (3, 4, 9, 10))


def test_a_last_partial_row_goes_on_in_its_rows_direction():
    # 10 pairs: seeds 1-3 in groups 1..3, 4-6 in 3..1, 7-9 in 1..3, and seed 10 starts the
    # fourth row, which runs from group 3 down.
    assert snake_groups(range(1, 11), 4) == ((1, 6, 7), (2, 5, 8), (3, 4, 9, 10))
    # 11 pairs: the partial row 10, 11 runs from group 3 to group 2.
    assert snake_groups(range(1, 12), 4) == ((1, 6, 7), (2, 5, 8, 11), (3, 4, 9, 10))
    # 7 pairs at size 4 (G = 2): row 4 (seed 7) runs from group 2 back: 1 4 5 | 2 3 6 7.
    assert snake_groups(range(1, 8), 4) == ((1, 4, 5), (2, 3, 6, 7))


def test_the_draw_is_repeatable_from_its_seed_and_moves_with_it():
    pairs = [f"P{k}" for k in range(20)]
    assert drawn_groups(pairs, 5, seed=42) == drawn_groups(pairs, 5, seed=42)
    assert drawn_groups(pairs, 5, seed=42) != drawn_groups(pairs, 5, seed=43)


def test_pairs_listed_twice_or_too_few_are_refused():
    with pytest.raises(GroupsError) as caught:
        snake_groups([1, 2, 1], 4)
    assert caught.value.code == "pair_twice"
    with pytest.raises(GroupsError) as caught:
        drawn_groups([1], 4, seed=0)
    assert caught.value.code == "too_few_pairs"


def test_swapping_two_pairs_between_groups():
    groups = snake_groups(range(1, 9), 4)  # (1, 4, 5, 8), (2, 3, 6, 7)
    assert swap_pairs(groups, 4, 6) == ((1, 6, 5, 8), (2, 3, 4, 7))
    with pytest.raises(GroupsError) as caught:
        swap_pairs(groups, 1, 8)
    assert caught.value.code == "same_group"
    with pytest.raises(GroupsError) as caught:
        swap_pairs(groups, 1, 99)
    assert (caught.value.field, caught.value.code) == ("second", "unknown_pair")


@given(st.integers(2, 200), st.sampled_from((4, 5, 6)), st.integers(0, 10**6))
def test_groups_hold_every_pair_once_and_differ_by_at_most_one(n, size, seed):
    for groups in (drawn_groups(range(n), size, seed), snake_groups(range(n), size)):
        sizes = [len(group) for group in groups]
        assert len(groups) == -(-n // size)
        assert max(sizes) <= size and max(sizes) - min(sizes) <= 1
        assert sorted(p for group in groups for p in group) == list(range(n))


# --- The rounds -------------------------------------------------------------------------


def test_a_group_of_three_sits_one_pair_out_each_round_and_all_groups_are_aligned():
    rounds = group_stage_schedule(((1, 2, 3, 4), (5, 6, 7)))
    assert [r.number for r in rounds] == [1, 2, 3]
    for r in rounds:
        assert {g.round for g in r.games} == {r.number}
        assert [g.group for g in r.games] == [1, 1, 2]  # group 1 first, one game of group 2
        assert [group for group, _ in r.sitting_out] == [2]
    assert sorted(pair for r in rounds for _, pair in r.sitting_out) == [5, 6, 7]


def test_a_shorter_round_robin_sits_out_the_later_rounds():
    rounds = group_stage_schedule(((1, 2, 3, 4, 5), (6, 7, 8, 9)))
    assert len(rounds) == 5 == rounds_needed(5)
    assert rounds_needed(4) == 3 and rounds_needed(6) == 5
    assert {g.group for g in rounds[3].games} == {1}
    assert {pair for group, pair in rounds[3].sitting_out if group == 2} == {6, 7, 8, 9}


def test_a_pair_in_two_groups_is_refused():
    with pytest.raises(GroupsError) as caught:
        group_stage_schedule(((1, 2, 3), (3, 4, 5)))
    assert caught.value.code == "pair_twice"


@given(st.integers(2, 80), st.sampled_from((4, 5, 6)), st.integers(0, 1000))
def test_every_pair_meets_every_other_pair_of_its_group_exactly_once(n, size, seed):
    groups = drawn_groups(range(n), size, seed)
    rounds = group_stage_schedule(groups)
    assert len(rounds) == max(rounds_needed(len(group)) for group in groups)
    met = [frozenset(game.pairs) for r in rounds for game in r.games]
    expected = [frozenset(c) for group in groups for c in combinations(group, 2)]
    assert sorted(met, key=sorted) == sorted(expected, key=sorted)
    group_of = {p: k for k, group in enumerate(groups, start=1) for p in group}
    for r in rounds:
        playing = [p for game in r.games for p in game.pairs]
        out = [p for _, p in r.sitting_out]
        assert sorted(playing + out) == list(range(n))  # each pair once a round
        assert all(group_of[game.first] == group_of[game.second] == game.group
                   for game in r.games)  # fmt: skip
        # An odd group still playing has exactly one pair out.
        for k, group in enumerate(groups, start=1):
            if len(group) % 2 and r.number <= len(group):
                assert sum(1 for g, _ in r.sitting_out if g == k) == 1


# --- A game -----------------------------------------------------------------------------


@pytest.mark.parametrize("hands", [8, 10, 12, 14, None])
def test_a_game_lasts_8_hands_then_2_more_while_level_again_and_again(hands):
    assert check_game(GameResult("A", "B", 40, 52, hands)) == "B"


@pytest.mark.parametrize("hands", [7, 9, 11, 0])
def test_other_numbers_of_hands_are_refused(hands):
    with pytest.raises(GroupsError) as caught:
        check_game(GameResult("A", "B", 40, 52, hands))
    assert (caught.value.field, caught.value.code) == ("hands", "hands_not_allowed")


def test_the_settings_change_the_hands():
    rules = GameRules(hands=6, extra_hands=3)
    assert [h for h in range(15) if rules.allows(h)] == [6, 9, 12]
    with pytest.raises(GroupsError):
        check_game(GameResult("A", "B", 40, 52, 8), rules)


def test_a_game_is_never_a_draw():
    with pytest.raises(GroupsError) as caught:
        check_game(GameResult("A", "B", 60, 60, 8))
    assert (caught.value.field, caught.value.code) == ("points", "level_points")
    assert caught.value.params["extra_hands"] == 2


@pytest.mark.parametrize(("game", "rules", "field", "code"), [
    (GameResult("A", "B", -1, 30), GameRules(), "first_points", "negative_points"),
    (GameResult("A", "B", 30, 130), GameRules(cap=121), "second_points", "above_cap"),
    (GameResult("A", "A", 30, 10), GameRules(), "second", "same_pair"),
])  # fmt: skip
def test_impossible_games_are_refused_naming_the_field(game, rules, field, code):
    with pytest.raises(GroupsError) as caught:
        check_game(game, rules)
    assert (caught.value.field, caught.value.code) == (field, code)


@pytest.mark.parametrize(("field", "value"), [("hands", 0), ("extra_hands", 100), ("cap", 0)])
def test_settings_out_of_range_are_refused(field, value):
    with pytest.raises(GroupsError) as caught:
        GameRules(**{field: value})
    assert (caught.value.field, caught.value.code) == (field, "out_of_range")
