"""Rounds: the plan of a round (its matches and its bye), and the round robin, which plans
every round of an event at once (rules.md section 7).

A :class:`Match` is two teams at one table, one sitting North-South and the other East-West;
a :class:`RoundPlan` holds the matches of one round and the team with a bye.  Teams are any
hashable, orderable values (typically ids).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["Match", "RoundPlan", "round_robin"]

T = TypeVar("T", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Match(Generic[T]):
    """Two teams at one table for a round: ``ns`` sits North-South, ``ew`` East-West."""

    ns: T
    ew: T

    @property
    def teams(self) -> tuple[T, T]:
        """Both teams, NS first."""
        return self.ns, self.ew


@dataclass(frozen=True, slots=True)
class RoundPlan(Generic[T]):
    """The matches of one round and the team with a bye (``None`` for an even field)."""

    matches: tuple[Match[T], ...]
    bye: T | None = None

    def teams(self) -> list[T]:
        """Every team of the round, the bye included."""
        teams = [team for match in self.matches for team in match.teams]
        if self.bye is not None:
            teams.append(self.bye)
        return teams


# --- Round robin -----------------------------------------------------------------------


def _check_teams(teams: Sequence[T]) -> list[T]:
    teams = list(teams)
    if len(set(teams)) != len(teams):
        raise ValueError("a team is listed twice")
    if any(team is None for team in teams):
        raise ValueError("None cannot be a team (it marks the bye)")
    return teams


def round_robin(teams: Sequence[T]) -> list[RoundPlan[T]]:
    """Every team meets every other team once (the circle method).

    N - 1 rounds for an even N; N rounds for an odd N, each team having one bye.  Over the
    event each team's NS and EW counts differ by at most one.

    With ``m`` teams on the circle (numbered modulo ``m``) and a fixed extra place (the
    last team, or the bye for an odd field), round ``r`` pairs the fixed place with circle
    team ``r`` and circle teams ``r + k`` and ``r - k`` for ``k = 1 .. (m - 1) / 2``.
    Circle team ``r + k`` always sits NS: each circle team is once ``r + k`` and once
    ``r - k`` for every ``k``, so those matches balance exactly.  The fixed team alternates,
    and its opponent takes the other direction, so every count is off by at most one.
    """
    teams = _check_teams(teams)
    if len(teams) < 2:
        raise ValueError("a round robin needs at least two teams")
    odd = len(teams) % 2 == 1
    circle = teams if odd else teams[:-1]
    fixed = None if odd else teams[-1]
    m = len(circle)
    rounds: list[RoundPlan[T]] = []
    for r in range(m):
        matches: list[Match[T]] = []
        if fixed is not None:
            if r % 2 == 0:
                matches.append(Match(fixed, circle[r]))
            else:
                matches.append(Match(circle[r], fixed))
        for k in range(1, (m - 1) // 2 + 1):
            matches.append(Match(circle[(r + k) % m], circle[(r - k) % m]))
        rounds.append(RoundPlan(tuple(matches), circle[r] if odd else None))
    return rounds
