"""The ranking of a free-deal pair tournament (rules.md 11.3).

Each game gives **match points**: win, draw, loss by a :class:`MatchPoints` scheme (1, 1/2,
0 by default; 2/1/0 and 3/1/0 are also used), kept as exact fractions.  Pairs are ranked by
an ordered list of metric names, :data:`TIE_BREAKS` by default (a setting, in
:class:`RankingSettings`); pairs equal on all of them share the place, shown as ``4=``.

Policies (kept here, in one place):

- **default order** (:data:`TIE_BREAKS`): match points; point difference (own capped points
  minus the opponents', over every game); points scored; Buchholz; then a shared place.
  Every metric a ranking may name is in :data:`METRICS`.
- **Buchholz**: the sum of the match points of the pair's opponents, one term per game
  played (their current totals, byes included).  **A bye has no opponent and adds 0** to
  the Buchholz of the pair that had it.
- **bye**: scores a win (the scheme's win in match points) with the points and point
  difference the director sets, 0 and 0 by default (:class:`Bye`).  It is counted in
  ``byes``, never in ``games`` or ``wins``: it is shown as a bye, not a game.
- **withdrawal** (as rules.md 6.5): a pair that withdraws keeps every game it played, and
  stays in the ranking; its match points keep counting in its opponents' Buchholz.  Its
  later rounds are simply not paired (:mod:`.pairing`).
- pairs that share a place are listed by pair id, so the order never depends on the order
  in which results arrive.

Pair ids are any hashable values.  Pure Python, no Django.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

__all__ = [
    "METRICS",
    "TIE_BREAKS",
    "Bye",
    "MatchPoints",
    "Metric",
    "PairLine",
    "PlacedPair",
    "RankingSettings",
    "pair_lines",
    "rank_lines",
    "rank_pairs",
]


class MatchPoints(Enum):
    """The match points of a win, a draw and a loss (rules.md 11.3)."""

    ONE_HALF_ZERO = "1-1/2-0"
    TWO_ONE_ZERO = "2-1-0"
    THREE_ONE_ZERO = "3-1-0"

    @property
    def win(self) -> Fraction:
        return Fraction(self.value.split("-")[0])

    @property
    def draw(self) -> Fraction:
        return Fraction(self.value.split("-")[1])

    @property
    def loss(self) -> Fraction:
        return Fraction(self.value.split("-")[2])

    def for_game(self, own_points: int, other_points: int) -> Fraction:
        """The match points of a pair that scored ``own_points`` against ``other_points``."""
        if own_points > other_points:
            return self.win
        return self.draw if own_points == other_points else self.loss

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Bye:
    """A round without an opponent: a win, with the points and point difference the
    director sets (default 0 and 0)."""

    pair: Hashable
    points: int = 0
    difference: int = 0

    @property
    def points_against(self) -> int:
        """The points it counts against the pair: its points less its difference."""
        return self.points - self.difference


@dataclass(frozen=True, slots=True)
class PairLine:
    """One pair's figures in the ranking.

    ``games`` counts games played (byes apart); ``points`` the capped points it scored
    (byes' points included), ``points_against`` its opponents', ``point_difference`` the
    first minus the second (byes' differences included); ``buchholz`` the sum of its
    opponents' match points.
    """

    pair: Hashable
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    match_points: Fraction = Fraction(0)
    points: int = 0
    points_against: int = 0
    point_difference: int = 0
    buchholz: Fraction = Fraction(0)


@dataclass(frozen=True, slots=True)
class Metric:
    """A ranking metric: a higher ``value(line)`` ranks better."""

    name: str
    value: Callable[[PairLine], Any]
    description: str


#: Every metric a ranking may use, by name.
METRICS: dict[str, Metric] = {
    metric.name: metric
    for metric in (
        Metric("match_points", lambda line: line.match_points, "more match points"),
        Metric("point_difference", lambda line: line.point_difference,
               "higher point difference"),
        Metric("points", lambda line: line.points, "more points scored"),
        Metric("buchholz", lambda line: line.buchholz,
               "higher Buchholz (sum of the opponents' match points)"),
        Metric("wins", lambda line: line.wins, "more games won"),
        Metric("points_against", lambda line: -line.points_against,
               "fewer points conceded"),
    )
}  # fmt: skip

#: Policy: the default ranking order, first metric first; then a shared place.
TIE_BREAKS: tuple[str, ...] = ("match_points", "point_difference", "points", "buchholz")


@dataclass(frozen=True, slots=True)
class RankingSettings:
    """How a free-deal event ranks its pairs: the match points scheme and the metrics, in
    order (names from :data:`METRICS`)."""

    match_points: MatchPoints = MatchPoints.ONE_HALF_ZERO
    tie_breaks: tuple[str, ...] = TIE_BREAKS

    def __post_init__(self) -> None:
        object.__setattr__(self, "match_points", MatchPoints(self.match_points))
        if isinstance(self.tie_breaks, str):
            raise ValueError("tie_breaks is a list of metric names, not one string")
        names = tuple(self.tie_breaks)
        unknown = [name for name in names if name not in METRICS]
        if unknown:
            raise ValueError(f"unknown ranking metric {unknown[0]!r}; known: {', '.join(METRICS)}")
        if len(set(names)) != len(names):
            raise ValueError("a ranking metric is listed twice")
        object.__setattr__(self, "tie_breaks", names)


@dataclass(frozen=True, slots=True)
class PlacedPair:
    """A pair's place in the ranking; ``shared`` when tied with another pair."""

    place: int
    shared: bool
    line: PairLine

    @property
    def label(self) -> str:
        """The place as shown: ``'4'``, or ``'4='`` when shared."""
        return f"{self.place}=" if self.shared else str(self.place)

    @property
    def pair(self) -> Hashable:
        return self.line.pair


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def pair_lines(
    pairs: Iterable[Hashable],
    games: Iterable[tuple[Hashable, Hashable, int, int]],
    byes: Iterable[Hashable | Bye] = (),
    match_points: MatchPoints = MatchPoints.ONE_HALF_ZERO,
) -> list[PairLine]:
    """Every pair's figures, in the order ``pairs`` lists them.

    ``games`` holds ``(first_pair, second_pair, first_points, second_points)`` with capped
    points; ``byes`` a :class:`Bye` (or just the pair id, for a bye of 0 and 0) per bye.
    """
    scheme = MatchPoints(match_points)
    pairs = list(pairs)
    if len(set(pairs)) != len(pairs):
        raise ValueError("a pair is listed twice")
    # Match points are summed as integers in units of 1/scale (1/2 for 1-1/2-0) and made
    # exact fractions once at the end: Fraction arithmetic per game is slow.
    scale = math.lcm(scheme.win.denominator, scheme.draw.denominator, scheme.loss.denominator)
    unit = {result: int(value * scale) for result, value in
            ((1, scheme.win), (2, scheme.draw), (3, scheme.loss))}  # fmt: skip
    # pair -> [games, wins, draws, losses, byes, match points (units), for, against, difference]
    rows: dict[Hashable, list] = {pair: [0, 0, 0, 0, 0, 0, 0, 0, 0] for pair in pairs}
    opponents: dict[Hashable, list[Hashable]] = {pair: [] for pair in pairs}
    for game in games:
        first, second, first_points, second_points = game
        for pair in (first, second):
            if pair not in rows:
                raise ValueError(f"a game names {pair!r}, which is not a pair of the event")
        if first == second:
            raise ValueError(f"{first!r} cannot play itself")
        for value in (first_points, second_points):
            if not _is_int(value) or value < 0:
                raise ValueError(f"game points must be whole numbers >= 0, not {value!r}")
        for pair, own, other, opponent in (
            (first, first_points, second_points, second),
            (second, second_points, first_points, first),
        ):
            row = rows[pair]
            row[0] += 1
            result = 1 if own > other else 2 if own == other else 3  # win, draw, loss
            row[result] += 1
            row[5] += unit[result]
            row[6] += own
            row[7] += other
            row[8] += own - other
            opponents[pair].append(opponent)
    for bye in byes:
        if not isinstance(bye, Bye):
            bye = Bye(bye)
        if bye.pair not in rows:
            raise ValueError(f"a bye names {bye.pair!r}, which is not a pair of the event")
        if not _is_int(bye.points) or bye.points < 0 or not _is_int(bye.difference):
            raise ValueError("a bye's points must be a whole number >= 0, its difference whole")
        row = rows[bye.pair]
        row[4] += 1
        row[5] += unit[1]
        row[6] += bye.points
        row[7] += bye.points_against
        row[8] += bye.difference
    lines = []
    for pair in pairs:
        games_, wins, draws, losses, byes_, units, points, against, difference = rows[pair]
        # Buchholz: the opponents' final match points, one term per game; a bye adds 0.
        buchholz = sum(rows[opponent][5] for opponent in opponents[pair])
        lines.append(PairLine(
            pair, games_, wins, draws, losses, byes_, Fraction(units, scale), points, against,
            difference, Fraction(buchholz, scale),
        ))  # fmt: skip
    return lines


def _pair_order(lines: list[PairLine]) -> list[PairLine]:
    """Order lines by pair id, so tied pairs are always listed the same way."""
    try:
        return sorted(lines, key=lambda line: line.pair)
    except TypeError:  # ids that do not compare with each other
        return sorted(lines, key=lambda line: (type(line.pair).__name__, repr(line.pair)))


def rank_lines(
    lines: Iterable[PairLine], tie_breaks: Sequence[str] = TIE_BREAKS
) -> list[PlacedPair]:
    """Rank pair lines by ``tie_breaks`` in order; pairs equal on all share the place
    (standard competition ranking: 1, 2=, 2=, 4...) and are listed by pair id."""
    metrics = [METRICS[name] for name in tie_breaks]
    keyed = [
        (tuple(metric.value(line) for metric in metrics), line) for line in _pair_order(list(lines))
    ]
    keyed.sort(key=lambda pair: pair[0], reverse=True)  # stable: ties keep the id order
    placed: list[PlacedPair] = []
    start = 0
    while start < len(keyed):
        end = start + 1
        while end < len(keyed) and keyed[end][0] == keyed[start][0]:
            end += 1
        shared = end - start > 1
        placed.extend(PlacedPair(start + 1, shared, line) for _, line in keyed[start:end])
        start = end
    return placed


def rank_pairs(
    pairs: Iterable[Hashable],
    games: Iterable[tuple[Hashable, Hashable, int, int]],
    byes: Iterable[Hashable | Bye] = (),
    settings: RankingSettings | None = None,
) -> list[PlacedPair]:
    """The ranking of the pairs after ``games`` and ``byes``, best first (rules.md 11.3).

    ``pairs`` lists every pair of the event (or section), withdrawn ones included;
    ``games`` holds ``(first_pair, second_pair, first_points, second_points)`` with capped
    points, in any order; ``byes`` a :class:`Bye` or a pair id per bye.  See the module
    docstring for the policies.
    """
    settings = RankingSettings() if settings is None else settings
    lines = pair_lines(pairs, games, byes, settings.match_points)
    return rank_lines(lines, settings.tie_breaks)
