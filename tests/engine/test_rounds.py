"""Round plans and the round robin (rules.md section 7)."""

import itertools
from collections import Counter

import pytest
from movement_checks import check_round

from engine.movements import Match, RoundPlan, round_robin

# --- round robin -------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 41))
def test_round_robin(n):
    teams = [f"T{i:02d}" for i in range(n)]
    rounds = round_robin(teams)
    assert len(rounds) == (n if n % 2 else n - 1)
    pairs = Counter()
    ns, ew, byes = Counter(), Counter(), Counter()
    for plan in rounds:
        check_round(plan, teams)
        assert (plan.bye is None) == (n % 2 == 0)
        if plan.bye is not None:
            byes[plan.bye] += 1
        for match in plan.matches:
            pairs[frozenset(match.teams)] += 1
            ns[match.ns] += 1
            ew[match.ew] += 1
    assert set(pairs) == {frozenset(p) for p in itertools.combinations(teams, 2)}
    assert set(pairs.values()) == {1}
    if n % 2:
        assert byes == Counter(teams)
    for team in teams:
        assert ns[team] + ew[team] == n - 1
        assert abs(ns[team] - ew[team]) <= 1


def test_round_robin_is_deterministic_and_keeps_team_values():
    assert round_robin([3, 1, 2, 4]) == round_robin([3, 1, 2, 4])
    assert round_robin(["a", "b"]) == [RoundPlan((Match("b", "a"),), None)]


@pytest.mark.parametrize("teams", [[], ["a"], ["a", "a", "b"], [None, "a"]])
def test_round_robin_rejects_bad_fields(teams):
    with pytest.raises(ValueError):
        round_robin(teams)
