"""A pair that withdraws (rules.md 12.4, policy).

In the group stage, a withdrawn pair's group games not yet played count as **lost**, each by
the **mean winning margin** of all the group's games played so far (rounded down; 0 if
none), as a game its opponent won by that margin to 0 (:func:`walkovers`).  Its games already
played stand.  It stays in its group's ranking, is ranked in the final ranking with the pairs
that did not go through, and never goes through itself: the pairs below it move up
(:mod:`.qualification`).  In the knockout its opponent goes through
(:func:`engine.free_deal.knockout.advance`'s ``withdrawn``).

Policies:

- "played so far" means the games played when the withdrawal is recorded: the caller passes
  those games and keeps the walkovers made then, so the margin does not move as the group
  plays on;
- the mean is over games actually played (walkovers of an earlier withdrawal do not count);
- a game between two withdrawn pairs is not played and counts for neither: when the second
  pair withdraws, its game with the first is left out (the first's walkover to it, if made,
  is taken back by the caller: :func:`walkovers` names only games against pairs still in).

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Sequence

from .errors import GroupsError
from .games import GameResult

__all__ = ["mean_winning_margin", "walkovers"]


def mean_winning_margin(games: Iterable[GameResult]) -> int:
    """The mean of the played games' winning margins, rounded down; 0 with no game."""
    margins = [game.margin for game in games if not game.walkover]
    return sum(margins) // len(margins) if margins else 0


def walkovers(group: Sequence[Hashable], played: Iterable[GameResult], withdrawn: Hashable,
              *, also_withdrawn: Collection[Hashable] = ()) -> tuple[GameResult, ...]:  # fmt: skip
    """The games ``withdrawn`` loses by withdrawing: one against each pair of its ``group``
    it has not played, won by that pair by the mean winning margin to 0.

    ``played`` holds the group's games played so far; ``also_withdrawn`` the pairs of the
    group that withdrew earlier (no game is made against them).
    """
    if withdrawn not in group:
        raise GroupsError("withdrawn", f"pair {withdrawn} is not in this group",
                          code="unknown_pair", params={"pair": withdrawn})  # fmt: skip
    played = [game for game in played if not game.walkover]
    margin = mean_winning_margin(played)
    met = {pair for game in played if withdrawn in game.pairs for pair in game.pairs}
    return tuple(
        GameResult(opponent, withdrawn, margin, 0, walkover=True)
        for opponent in group
        if opponent != withdrawn and opponent not in met and opponent not in also_withdrawn
    )
