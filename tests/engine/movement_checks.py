"""Test helper: what every round that a movement plans must hold."""

from engine.movements import RoundPlan


def check_round(plan: RoundPlan, teams) -> None:
    seen = plan.teams()
    assert len(seen) == len(set(seen)) == len(teams), "a team twice in a round, or missing"
    assert set(seen) == set(teams)
