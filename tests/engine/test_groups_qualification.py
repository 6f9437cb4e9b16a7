"""Groups then knockout, who goes through (rules.md 12.3): the first Q of each group, the
repechage tier by tier compared per game across groups of 4 and 5, the 0-match-point
exclusion, byes when too few, the seeding, and the bracket's size."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.groups import (
    DrawNeeded,
    GroupLine,
    GroupsError,
    GroupStanding,
    PlacedLine,
    bracket_size,
    per_game,
    qualify,
)


def standing(*lines):
    """A complete group ranking from ``(pair, games, wins, for, against)``, best first."""
    return GroupStanding(tuple(PlacedLine(k, False, GroupLine(p, games, wins, wins, pf, pa))
                               for k, (p, games, wins, pf, pa) in enumerate(lines, start=1)))  # fmt: skip


def first_round(result):
    return [(tie.top, tie.bottom) for tie in result.bracket.rounds[0]]


def group_of_4(name, wins=(3, 2, 1, 0), bonus=0):
    """A group of 4 whose pairs ``name1``..``name4`` won ``wins`` games of 3, +10 a win and
    ``bonus`` points more each."""
    return standing(*((f"{name}{k}", 3, w, 100 + 10 * w + bonus, 100)
                      for k, w in enumerate(wins, 1)))  # fmt: skip


def test_the_default_bracket_is_the_smallest_power_of_two_holding_g_times_q():
    assert [bracket_size(g, 1) for g in (1, 2, 3, 5, 8, 9, 16)] == [2, 2, 4, 8, 8, 16, 16]
    assert bracket_size(16, 2) == 32


def test_the_first_q_of_each_group_go_through_winners_seeded_first():
    groups = [group_of_4("A"), standing(("B1", 3, 3, 200, 100), ("B2", 3, 1, 99, 100),
                                        ("B3", 3, 1, 98, 100), ("B4", 3, 1, 97, 100))]  # fmt: skip
    result = qualify(groups, per_group=2)
    assert result.size == 4 and result.repechage == ()
    # B1 (+33.3 a game) before A1 (+10 a game); A2 (2 of 3) before B2 (1 of 3).
    assert result.seeds == ("B1", "A1", "A2", "B2")
    # 1 v 4 and 2 v 3 hold two pairs of one group each; with B = 4 the ties stand.
    assert first_round(result) == [("B1", "B2"), ("A1", "A2")] and result.swaps == ()


def test_repechage_compares_per_game_across_groups_of_4_and_5():
    # Group A has 5 pairs (4 games each), group B 4 (3 games), group C 4.  Runner-up A2 has
    # 2 wins of 4 and +100 in all; B2 2 wins of 3 and +10: B2 is better per game (2/3 > 1/2)
    # though A2 has the same match points and a larger difference.
    groups = [
        standing(("A1", 4, 4, 400, 100), ("A2", 4, 2, 300, 200), ("A3", 4, 2, 250, 240),
                 ("A4", 4, 1, 100, 200), ("A5", 4, 1, 100, 410)),
        standing(("B1", 3, 3, 300, 100), ("B2", 3, 2, 200, 190), ("B3", 3, 1, 100, 150),
                 ("B4", 3, 0, 100, 260)),
        standing(("C1", 3, 3, 300, 120), ("C2", 3, 1, 200, 150), ("C3", 3, 1, 100, 150),
                 ("C4", 3, 1, 100, 300)),
    ]  # fmt: skip
    assert per_game(groups[0].lines[1].line)[0] == Fraction(1, 2)
    result = qualify(groups)  # G x Q = 3: a bracket of 4, one place by repechage
    assert result.direct == ("A1", "B1", "C1") and result.repechage == ("B2",)
    assert result.compared == (("B2", "A2", "C2"),)
    # With a bracket of 8: all three runners-up, then the two best third-placed pairs
    # (A3 2 of 4 = 1/2 a game, C3 and B3 1 of 3; C3 -50 over 3, B3 -50 over 3: B3 scored
    # the same... so a draw), only once the runners-up are in.
    with pytest.raises(DrawNeeded) as caught:
        qualify(groups, size=8)
    assert set(caught.value.params["pairs"]) == {"B3", "C3"}
    result = qualify(groups, size=8, draw=["C3", "B3"])
    assert result.repechage == ("B2", "A2", "C2", "A3", "C3")
    assert result.compared[1] == ("A3", "C3", "B3")


def test_a_better_third_never_passes_a_runner_up():
    # C3 has 2 wins of 3 (its group is strong at the top), better per game than A2 and B2,
    # yet the runners-up's tier is compared first and fills the one place.
    groups = [group_of_4("A"), group_of_4("B", bonus=3),
              standing(("C1", 3, 3, 200, 100), ("C2", 3, 2, 180, 100), ("C3", 3, 2, 170, 100),
                       ("C4", 3, 0, 0, 100))]  # fmt: skip
    result = qualify(groups, size=4)
    assert result.repechage == ("C2",)
    assert per_game(groups[2].lines[2].line) > per_game(groups[0].lines[1].line)
    assert result.compared == (("C2", "B2", "A2"),)


def test_a_pair_with_no_match_point_never_goes_through_by_repechage_and_byes_fill_the_rest():
    # Two groups of 4, a bracket of 8: 2 winners, then runners-up, thirds, and the fourths
    # have 0 match points, so 6 pairs: seeds 1 and 2 get byes.
    groups = [group_of_4("A"), group_of_4("B", (3, 2, 1, 0), bonus=5)]
    result = qualify(groups, size=8)
    assert set(result.excluded) == {"A4", "B4"}
    assert len(result.seeds) == 6 and not {"A4", "B4"} & set(result.seeds)
    assert set(result.byes) == {result.seeds[0], result.seeds[1]}
    byes = [tie for tie in result.bracket.rounds[0] if tie.bottom is None]
    assert sorted(tie.top_seed for tie in byes) == [1, 2]


def test_a_zero_point_pair_is_passed_over_within_its_tier():
    groups = [group_of_4("A", (3, 2, 1, 0)), group_of_4("B", (3, 2, 0, 0)),
              group_of_4("C", (3, 2, 1, 0))]  # fmt: skip
    # 3 winners + 3 runners-up = 6, two places left for the thirds: A3 and C3 (B3 has 0).
    result = qualify(groups, size=8, draw=["A1", "B1", "C1", "A2", "B2", "C2", "A3", "C3"])
    assert set(result.repechage[3:]) == {"A3", "C3"} and "B3" in result.excluded


def test_a_tie_beyond_the_last_place_needs_no_draw_but_one_across_it_does():
    groups = [group_of_4("A"), group_of_4("B"), group_of_4("C"),
              standing(("D1", 3, 3, 500, 100), ("D2", 3, 2, 500, 100), ("D3", 3, 1, 1, 10),
                       ("D4", 3, 0, 0, 1000))]  # fmt: skip
    # Winners A1, B1, C1 equal: their seeding order needs a draw.
    with pytest.raises(DrawNeeded) as caught:
        qualify(groups, size=8)
    assert set(caught.value.params["pairs"]) == {"A1", "B1", "C1"}
    draw = ["C1", "A1", "B1"]
    result = qualify(groups, size=8, draw=draw + ["B2", "A2", "C2"])
    assert result.direct == ("D1", "C1", "A1", "B1")
    assert result.repechage == ("D2", "B2", "A2", "C2")
    # A bracket of 4: the runners-up are not needed, so their tie is not drawn.
    assert qualify(groups, draw=draw).seeds == ("D1", "C1", "A1", "B1")
    # In a bracket of 8 all the runners-up fit, but their order is their seeding: drawn.
    with pytest.raises(DrawNeeded):
        qualify(groups, size=8, draw=draw)


def test_the_bracket_size_is_checked():
    groups = [group_of_4(name) for name in "ABC"]
    draw = ["A1", "B1", "C1", "A2", "B2", "C2"]
    for size, code in ((6, "not_a_power_of_two"), (2, "bracket_too_small"),
                       (1, "not_a_power_of_two")):  # fmt: skip
        with pytest.raises(GroupsError) as caught:
            qualify(groups, size=size, draw=draw)
        assert (caught.value.field, caught.value.code) == ("bracket_size", code)
    with pytest.raises(GroupsError) as caught:
        qualify(groups, per_group=0)
    assert caught.value.field == "per_group"
    with pytest.raises(GroupsError) as caught:
        qualify(groups, best_of=2, draw=draw)
    assert caught.value.field == "best_of"


def test_at_least_two_pairs_go_through():
    with pytest.raises(GroupsError) as caught:
        qualify([group_of_4("A", (3, 0, 0, 0))])
    assert caught.value.code == "too_few_pairs"
    assert qualify([group_of_4("A")]).seeds == ("A1", "A2")  # B = 2, A2 by repechage


@given(st.lists(st.integers(3, 6), min_size=1, max_size=20), st.integers(1, 3),
       st.integers(0, 2), st.randoms(use_true_random=False))  # fmt: skip
def test_the_bracket_holds_each_qualifier_once(sizes, per_group, extra, rng):
    groups = []
    for g, n in enumerate(sizes):
        wins = sorted((rng.randint(0, n - 1) for _ in range(n)), reverse=True)
        groups.append(standing(*((f"{g}.{k}", n - 1, w, 100 * w + k, 50 * n - k)
                                 for k, w in enumerate(wins))))  # fmt: skip
    draw = [placed.pair for group in groups for placed in group.lines]
    rng.shuffle(draw)
    size = bracket_size(len(groups), per_group) * 2**extra
    try:
        result = qualify(groups, per_group=per_group, size=size, draw=draw)
    except GroupsError as error:
        assert error.code == "too_few_pairs"
        return
    in_bracket = [p for tie in result.bracket.rounds[0] for p in tie.pairs if p is not None]
    assert sorted(in_bracket) == sorted(result.seeds)
    assert len(set(result.seeds)) == len(result.seeds) <= size
    assert len(result.byes) == size - len(result.seeds) or len(result.seeds) <= size // 2
    first_q = {placed.pair for group in groups for placed in group.lines[:per_group]}
    assert first_q <= set(result.seeds)
    assert all(groups[int(p.split(".")[0])].line(p).line.match_points > 0
               for p in result.repechage)  # fmt: skip
