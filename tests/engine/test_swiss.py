"""Swiss rounds: the seeded first round, and later rounds paired from the standings
(rules.md section 7)."""

import itertools
from collections import Counter

import pytest
from movement_checks import check_round

from engine.movements import Match, PairingImpossible, RoundPlan, swiss_first_round, swiss_round

# --- Swiss: round 1 ------------------------------------------------------------------------


def test_first_round_is_a_reproducible_draw():
    teams = list(range(1, 21))
    plan = swiss_first_round(teams, b"key")
    check_round(plan, teams)
    assert plan == swiss_first_round(list(reversed(teams)), b"key")
    assert plan != swiss_first_round(teams, b"other key")
    assert plan.bye is None and len(plan.matches) == 10


def test_first_round_bye_for_an_odd_field():
    plan = swiss_first_round(list("abcdefg"), b"seed")
    check_round(plan, list("abcdefg"))
    assert plan.bye is not None and len(plan.matches) == 3


def test_first_round_needs_bytes_seed():
    with pytest.raises(ValueError, match="seed"):
        swiss_first_round([1, 2], "seed")
    with pytest.raises(ValueError, match="seed"):
        swiss_first_round([1, 2], b"")


def test_first_round_draw_is_close_to_uniform():
    # Team 0's opponent among 4 teams, over many seeds: each of the 3 about a third.
    counts = Counter()
    for i in range(3000):
        plan = swiss_first_round([0, 1, 2, 3], i.to_bytes(4, "big"))
        (match,) = [m for m in plan.matches if 0 in m.teams]
        counts[(set(match.teams) - {0}).pop()] += 1
    assert set(counts) == {1, 2, 3}
    assert all(900 < c < 1100 for c in counts.values()), counts


def test_first_round_draw_reaches_every_order():
    # With 3 teams the draw is a permutation; all 6 must appear (bye and directions differ).
    seen = {
        (swiss_first_round("abc", bytes([i])).matches, swiss_first_round("abc", bytes([i])).bye)
        for i in range(200)
    }
    assert len(seen) == 6


# --- Swiss: later rounds -----------------------------------------------------------------


def test_first_against_second_third_against_fourth():
    plan = swiss_round(list("abcdef"), set(), {}, {}, set())
    assert plan == RoundPlan((Match("a", "b"), Match("c", "d"), Match("e", "f")), None)


def test_rematch_moves_to_the_nearest_opponent():
    met = {frozenset("ab")}
    plan = swiss_round(list("abcd"), met, {}, {}, set())
    assert {frozenset(m.teams) for m in plan.matches} == {frozenset("ac"), frozenset("bd")}


def test_backtracks_when_the_nearest_opponent_leads_nowhere():
    # a-b met, so greedily a-c; but b has met d, e and f and can then meet only c.
    met = {frozenset(p) for p in ("ab", "bd", "be", "bf")}
    plan = swiss_round(list("abcdef"), met, {}, {}, set())
    assert {frozenset(m.teams) for m in plan.matches} == {
        frozenset("ad"), frozenset("bc"), frozenset("ef"),
    }  # fmt: skip


def test_direction_the_team_more_often_ns_sits_ew():
    plan = swiss_round(["a", "b"], set(), {"a": 3, "b": 2}, {"a": 2, "b": 2}, set())
    assert plan.matches == (Match("b", "a"),)


def test_direction_tie_higher_ranked_sits_ns():
    plan = swiss_round(["b", "a"], set(), {"a": 1, "b": 1}, {"a": 1, "b": 1}, set())
    assert plan.matches == (Match("b", "a"),)


def test_directions_prefer_compatible_opponents():
    # a and b both sat NS more often: a meets c (more often EW) instead of b.
    ns, ew = {"a": 1, "b": 1}, {"c": 1, "d": 1}
    plan = swiss_round(list("abcd"), set(), ns, ew, set())
    assert plan.matches == (Match("c", "a"), Match("d", "b"))
    # Without the criterion: plain rank order, directions still by the policy.
    plain = swiss_round(list("abcd"), set(), ns, ew, set(), balance_directions=False)
    assert plain.matches == (Match("a", "b"), Match("c", "d"))


def test_directions_give_way_to_rank_order_when_nothing_else_works():
    # a and b both +1, but a has met c and d: only a-b is left.
    met = {frozenset("ac"), frozenset("ad")}
    plan = swiss_round(list("abcd"), met, {"a": 1, "b": 1}, {"c": 1, "d": 1}, set())
    assert {frozenset(m.teams) for m in plan.matches} == {frozenset("ab"), frozenset("cd")}


def test_bye_to_the_lowest_team_without_one():
    plan = swiss_round(list("abcde"), set(), {}, {}, {"e"})
    assert plan.bye == "d"
    assert plan.matches == (Match("a", "b"), Match("c", "e"))


def test_bye_skips_a_team_whose_removal_leaves_no_pairing():
    # c may have the bye only if a and b can meet; they have met, so b has it.
    plan = swiss_round(list("abc"), {frozenset("ab")}, {}, {}, set())
    assert plan.bye == "b" and {frozenset(m.teams) for m in plan.matches} == {frozenset("ac")}


def test_second_bye_only_when_no_team_without_one_can_have_it():
    # Only c has not had the bye, but a-b have met: a second bye (lowest: b) is the only way.
    plan = swiss_round(list("abc"), {frozenset("ab")}, {}, {}, {"a", "b"})
    assert plan.bye == "b"
    plan = swiss_round(list("abc"), set(), {}, {}, {"a", "b", "c"})
    assert plan.bye == "c"


def test_pairing_impossible_after_a_complete_round_robin():
    teams = [1, 2, 3, 4]
    met = {frozenset(p) for p in itertools.combinations(teams, 2)}
    with pytest.raises(PairingImpossible, match="rematch"):
        swiss_round(teams, met, {}, {}, set())
    assert issubclass(PairingImpossible, ValueError)


def test_pairing_impossible_for_an_odd_field():
    met = {frozenset(p) for p in itertools.combinations("abc", 2)}
    with pytest.raises(PairingImpossible, match="bye"):
        swiss_round(list("abc"), met, {}, {}, set())


def test_pairing_impossible_even_though_every_team_has_opponents():
    # a, b, c have met d, e and f: each team has two possible opponents, but three teams
    # cannot be paired among themselves.
    met = {frozenset((x, y)) for x in "abc" for y in "def"}
    with pytest.raises(PairingImpossible):
        swiss_round(list("abcdef"), met, {}, {}, set())


@pytest.mark.parametrize("ranked", [["a"], ["a", "a"]])
def test_swiss_round_rejects_bad_fields(ranked):
    with pytest.raises(ValueError):
        swiss_round(ranked, set(), {}, {}, set())
