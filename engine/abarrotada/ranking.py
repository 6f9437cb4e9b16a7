"""Free-deal individual evenings: ranking by game totals (rules.md 10.4).

Each table reports each player's game total (the sum of their ordinary scores, 10.1).  The
ranking: the sum of game totals, then the number of games won (the highest total at the table;
**policy**: a shared highest total is a game won by each of them), then shared places.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

__all__ = ["PlayerLine", "rank_players"]


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """A player's line in the ranking; ``place`` is shared by equal lines."""

    player: Hashable
    total: int
    games_won: int
    games: int
    place: int


def rank_players(games: Iterable[Mapping[Hashable, int]]) -> list[PlayerLine]:
    """Rank the players from ``games``: each game maps a player at that table to their total."""
    totals: dict[Hashable, int] = {}
    won: dict[Hashable, int] = {}
    played: dict[Hashable, int] = {}
    for game in games:
        if not game:
            continue
        for player, total in game.items():
            if isinstance(total, bool) or not isinstance(total, int) or total < 0:
                raise ValueError(
                    f"game total of {player!r} must be a whole number from 0, got {total!r}"
                )
        top = max(game.values())
        for player, total in game.items():
            totals[player] = totals.get(player, 0) + total
            played[player] = played.get(player, 0) + 1
            won[player] = won.get(player, 0) + (total == top)
    order = sorted(totals, key=lambda p: (-totals[p], -won[p]))
    lines: list[PlayerLine] = []
    for i, player in enumerate(order):
        key = (totals[player], won[player])
        if lines and (lines[-1].total, lines[-1].games_won) == key:
            place = lines[-1].place
        else:
            place = i + 1
        lines.append(PlayerLine(player, totals[player], won[player], played[player], place))
    return lines
