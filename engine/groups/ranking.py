"""A group's ranking (rules.md 12.2).

Each game gives **match points**: a win 1 (a setting: 2 or 3), a loss 0; a game is never a
draw.  Pairs are ordered by

1. match points;
2. the **group point difference**: own points minus the opponents', over the group's games;
3. points scored;
4. when exactly two pairs are still tied and they have met, the game between them;
5. otherwise (three or more tied, or two that have not met) a **draw by the director**.

The director's draw is an input (``draw``: the tied pairs in the order drawn; pairs of other
ties may be listed too).  While a tie still needs a draw its pairs **share** the place
(shown ``2=``) and the standing lists them in :attr:`GroupStanding.needs_draw`.

Policies:

- the ranking holds every pair of the group, those that have not played yet included (with
  nothing), so it can be shown after any round;
- a walkover (a withdrawn pair's game, rules.md 12.4) counts as a game won and lost like any
  other, with its points;
- pairs sharing a place are listed by pair id, so the order never depends on the order in
  which results arrive.

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from .errors import GroupsError
from .games import GameResult

__all__ = [
    "WIN_POINTS",
    "GroupLine",
    "GroupStanding",
    "PlacedLine",
    "group_lines",
    "rank_group",
    "sorted_ids",
]

#: The match points a win may give (a loss gives 0).
WIN_POINTS = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class GroupLine:
    """A pair's figures over its group games."""

    pair: Hashable
    games: int = 0
    wins: int = 0
    match_points: int = 0
    points_for: int = 0
    points_against: int = 0

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def difference(self) -> int:
        """The group point difference: own points minus the opponents'."""
        return self.points_for - self.points_against

    @property
    def key(self) -> tuple[int, int, int]:
        """The figures compared, best first once reversed: match points, difference,
        points scored."""
        return self.match_points, self.difference, self.points_for


@dataclass(frozen=True, slots=True)
class PlacedLine:
    """A pair's line and its place; ``shared`` when it shares the place (``2=``)."""

    place: int
    shared: bool
    line: GroupLine

    @property
    def pair(self) -> Hashable:
        return self.line.pair

    @property
    def label(self) -> str:
        return f"{self.place}=" if self.shared else str(self.place)


@dataclass(frozen=True, slots=True)
class GroupStanding:
    """A group's ranking: its lines in order, and the ties still waiting for a draw."""

    lines: tuple[PlacedLine, ...]
    needs_draw: tuple[tuple[Hashable, ...], ...] = ()

    @property
    def order(self) -> tuple[Hashable, ...]:
        return tuple(placed.pair for placed in self.lines)

    @property
    def resolved(self) -> bool:
        """Every place is a place of its own."""
        return not self.needs_draw

    def line(self, pair: Hashable) -> PlacedLine:
        for placed in self.lines:
            if placed.pair == pair:
                return placed
        raise KeyError(pair)


def _check_win(win: int) -> None:
    if win not in WIN_POINTS:
        raise GroupsError("win_points", "a win gives 1, 2 or 3 match points",
                          code="out_of_range", params={"min": 1, "max": 3})  # fmt: skip


def group_lines(pairs: Sequence[Hashable], games: Iterable[GameResult], *,
                win: int = 1) -> dict[Hashable, GroupLine]:  # fmt: skip
    """Each pair's :class:`GroupLine` over ``games`` (games of other groups are refused)."""
    _check_win(win)
    figures = {pair: [0, 0, 0, 0] for pair in pairs}  # games, wins, for, against
    met: set[frozenset] = set()
    for game in games:
        for pair in game.pairs:
            if pair not in figures:
                raise GroupsError("games", f"pair {pair} is not in this group",
                                  code="unknown_pair", params={"pair": pair})  # fmt: skip
        key = frozenset(game.pairs)
        if key in met:
            raise GroupsError("games", f"{game.first} and {game.second} meet once",
                              code="played_twice",
                              params={"first": game.first, "second": game.second})  # fmt: skip
        met.add(key)
        for pair in game.pairs:
            own, other = game.points_of(pair)
            line = figures[pair]
            line[0] += 1
            line[1] += game.winner == pair
            line[2] += own
            line[3] += other
    return {pair: GroupLine(pair, g, w, w * win, pf, pa)
            for pair, (g, w, pf, pa) in figures.items()}  # fmt: skip


def sorted_ids(pairs: Iterable[Hashable]) -> list[Hashable]:
    """Pair ids in their natural order (by ``repr`` when they do not compare)."""
    pairs = list(pairs)
    try:
        return sorted(pairs)
    except TypeError:
        return sorted(pairs, key=repr)


def rank_group(pairs: Sequence[Hashable], games: Iterable[GameResult], *, win: int = 1,
               draw: Sequence[Hashable] = ()) -> GroupStanding:  # fmt: skip
    """The group's ranking after ``games`` (rules.md 12.2), ties broken by the game between
    two tied pairs, then by the director's ``draw``."""
    games = list(games)
    lines = group_lines(pairs, games, win=win)
    winners = {frozenset(game.pairs): game.winner for game in games}
    drawn = {pair: index for index, pair in enumerate(draw)}
    blocks: dict[tuple, list[Hashable]] = {}
    for pair, line in lines.items():
        blocks.setdefault(line.key, []).append(pair)
    placed: list[PlacedLine] = []
    needs: list[tuple[Hashable, ...]] = []
    for key in sorted(blocks, reverse=True):
        block = sorted_ids(blocks[key])
        place = len(placed) + 1
        if len(block) == 1:
            ordered = block
        elif len(block) == 2 and frozenset(block) in winners:
            first = winners[frozenset(block)]
            ordered = [first, *(pair for pair in block if pair != first)]
        elif all(pair in drawn for pair in block):
            ordered = sorted(block, key=drawn.__getitem__)
        else:
            needs.append(tuple(block))
            placed.extend(PlacedLine(place, True, lines[pair]) for pair in block)
            continue
        placed.extend(PlacedLine(place + k, False, lines[pair]) for k, pair in enumerate(ordered))
    return GroupStanding(tuple(placed), tuple(needs))
