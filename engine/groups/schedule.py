"""The group stage's rounds (rules.md 12.1).

Each group plays a **round robin**: every pair meets every other pair of its group once
(the circle method of :func:`engine.rounds.round_robin`).  All groups play their rounds at
the same time: round 1 of every group, then round 2, and so on, so the stage has as many
rounds as its longest group (a group of 3 or 4 plays 3 rounds, of 5 or 6 plays 5).  In a
group with an odd number of pairs one pair **sits out** each round, with no score; a group
whose round robin is over sits out the later rounds whole.

Policies: within a round the games are listed group by group, group 1 first (the order the
tables are numbered in); a game's ``first`` pair is the one the circle seats first (its
North-South), which carries no meaning in a free-deal game.

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from engine.rounds import round_robin

from .errors import GroupsError

__all__ = ["GroupGame", "GroupRound", "group_stage_schedule", "rounds_needed"]


@dataclass(frozen=True, slots=True)
class GroupGame:
    """One game of the group stage: its group (from 1), round (from 1) and two pairs."""

    group: int
    round: int
    first: Hashable
    second: Hashable

    @property
    def pairs(self) -> tuple[Hashable, Hashable]:
        return self.first, self.second


@dataclass(frozen=True, slots=True)
class GroupRound:
    """One round of every group: the games, group 1 first, and who sits out, as
    ``(group, pair)``."""

    number: int
    games: tuple[GroupGame, ...]
    sitting_out: tuple[tuple[int, Hashable], ...]


def rounds_needed(group_size: int) -> int:
    """A round robin's rounds: n - 1 for an even n, n for an odd one (one sits out)."""
    return group_size - 1 if group_size % 2 == 0 else group_size


def group_stage_schedule(groups: Sequence[Sequence[Hashable]]) -> tuple[GroupRound, ...]:
    """Every round of the group stage, all groups aligned by round."""
    if not groups:
        raise GroupsError("groups", "no group to play", code="too_few_pairs",
                          params={"min": 2, "count": 0})  # fmt: skip
    seen: set = set()
    for number, group in enumerate(groups, start=1):
        if len(group) < 2:
            raise GroupsError("groups", f"group {number} needs at least 2 pairs",
                              code="too_few_pairs",
                              params={"min": 2, "count": len(group), "group": number})  # fmt: skip
        for pair in group:
            if pair in seen or pair is None:
                raise GroupsError("groups", f"pair {pair} is listed twice", code="pair_twice",
                                  params={"pair": pair})  # fmt: skip
            seen.add(pair)
    plans = [round_robin(group) for group in groups]
    rounds = []
    for r in range(max(len(plan) for plan in plans)):
        games, out = [], []
        for number, plan in enumerate(plans, start=1):
            if r >= len(plan):
                out.extend((number, pair) for pair in groups[number - 1])
                continue
            games.extend(GroupGame(number, r + 1, match.ns, match.ew) for match in plan[r].matches)
            if plan[r].bye is not None:
                out.append((number, plan[r].bye))
        rounds.append(GroupRound(r + 1, tuple(games), tuple(out)))
    return tuple(rounds)
