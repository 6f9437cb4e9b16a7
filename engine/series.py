"""Series: players ranked across championships (rules.md 13.2).

A **series** (a club's annual ranking, a circuit) is a named, ordered list of championships of
any formats.  Each finished championship gives each of its players **series points** by place,
from the series' :class:`PointsTable`:

- the default table (:func:`default_table`): 25, 20, 16, 13, 11, 10, then one less per place
  down to 1 at 15th, 0 below;
- by entrants (:func:`entrants_table`): the number of entrants ranked − place + 1;
- typed by the director (:func:`typed_table`): 0 past its end.

A shared place shares the points of the places it covers, averaged and rounded to 2
decimals, halves up (places 4 to 11 shared: 69 / 8 = 8.625 → 8.63): :func:`place_points`.
Every player of an entrant (both players of a pair) gets the entrant's points.

The series ranking (:func:`series_ranking`) orders the players by

1. the sum of their best N results (a setting, default all; each result as rounded);
2. more first places, then more second places, and so on, over all their results in the
   series (a shared "3=" is a third place);
3. more points in the player's own most recent championship of the series;
4. still equal: the place is shared ("4=").

Policies:

- series points are :class:`~decimal.Decimal` with exactly 2 decimals, so totals add up
  exactly as shown; the rounding is the one scores are shown with
  (:func:`engine.final_scores.show_score`: halves away from zero, which for points, never
  negative, is halves up);
- a typed table's points are non-negative with at most 2 decimals;
- a championship's ranking must be complete: its places are standard competition places
  (1, 2, 2, 4...: a place shared by k entrants is followed by the place k further on);
- a player plays a championship once (in one entrant); a championship without a player of
  the series is simply not among the player's results;
- with best N, among results of equal points the earlier ones are the counted ones (the total
  is the same either way);
- players sharing a place are listed by player key.

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from numbers import Rational

from .field_error import FieldError
from .final_scores import show_score
from .groups.ranking import sorted_ids

__all__ = [
    "CODES",
    "DEFAULT_POINTS",
    "ChampionshipResult",
    "PointsTable",
    "SeriesError",
    "SeriesLine",
    "SeriesResult",
    "championship_points",
    "default_table",
    "entrants_table",
    "place_points",
    "series_ranking",
    "typed_table",
]

#: Every code a :class:`SeriesError` may carry, with what it means.
CODES: dict[str, str] = {
    "invalid": "not valid (no more precise code)",
    "not_an_integer": "a whole number was expected",
    "out_of_range": "the value lies outside its allowed range",
    "not_exact": "an exact number (whole or decimal, not a float) was expected",
    "negative_points": "points cannot be negative",
    "too_many_decimals": "points have at most 2 decimals",
    "empty_table": "a typed table holds at least one place's points",
    "entrants_unknown": "a table by entrants needs the number of entrants ranked",
    "no_entrants": "a championship ranks at least one entrant",
    "no_players": "an entrant has at least one player",
    "player_twice": "a player appears twice in one championship",
    "places_not_consecutive": "the places are not those of a complete ranking (1, 2, 2, 4...)",
}


class SeriesError(FieldError):
    """A series input refused: which field (``"best"``, ``"championships[2][0].place"``...),
    why in English, a stable ``code`` of :data:`CODES` and the ``params`` it quotes."""


#: The default table: the points of places 1, 2, ... (0 below the last).
DEFAULT_POINTS: tuple[int, ...] = (25, 20, 16, 13, 11, 10, *range(9, 0, -1))

_HUNDREDTH = Fraction(1, 100)


def _whole(field: str, value, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SeriesError(field, f"{value!r} is not a whole number", code="not_an_integer",
                          params={"value": value})  # fmt: skip
    if value < minimum:
        raise SeriesError(field, f"{value} is below {minimum}", code="out_of_range",
                          params={"value": value, "min": minimum})  # fmt: skip
    return value


@dataclass(frozen=True, slots=True)
class PointsTable:
    """A series' points by place: ``points[0]`` for 1st, ``points[1]`` for 2nd, ..., 0 past
    the end.  ``by_entrants``: the points are the number of entrants ranked − place + 1,
    counted afresh for each championship (``points`` is then empty until :meth:`sized`)."""

    points: tuple[Fraction, ...]
    by_entrants: bool = False

    def sized(self, entrants: int) -> PointsTable:
        """The table for a championship of ``entrants`` entrants ranked (a table by entrants
        is counted again for it, whatever count it was made with)."""
        return entrants_table(entrants) if self.by_entrants else self

    def of_place(self, place: int) -> Fraction:
        """The points of ``place`` on its own (not shared)."""
        if self.by_entrants and not self.points:
            raise SeriesError("table", "the number of entrants ranked is needed",
                              code="entrants_unknown")  # fmt: skip
        return self.points[place - 1] if place <= len(self.points) else Fraction(0)


def default_table() -> PointsTable:
    """25, 20, 16, 13, 11, 10, then one less per place down to 1 at 15th; 0 below."""
    return PointsTable(tuple(Fraction(p) for p in DEFAULT_POINTS))


def entrants_table(entrants: int | None = None) -> PointsTable:
    """Place p of ``entrants`` ranked scores ``entrants − p + 1`` (the last scores 1).  Without
    ``entrants`` the table counts each championship's entrants (:meth:`PointsTable.sized`)."""
    if entrants is None:
        return PointsTable((), by_entrants=True)
    _whole("entrants", entrants, 1)
    return PointsTable(tuple(Fraction(entrants - p + 1) for p in range(1, entrants + 1)),
                       by_entrants=True)  # fmt: skip


def _exact_points(field: str, value) -> Fraction:
    if (isinstance(value, bool) or not isinstance(value, Rational | Decimal)
            or (isinstance(value, Decimal) and not value.is_finite())):  # NaN, Infinity
        raise SeriesError(field, f"{value!r} is not an exact number", code="not_exact",
                          params={"value": value})  # fmt: skip
    exact = Fraction(value)
    if exact < 0:
        raise SeriesError(field, f"{value} is negative", code="negative_points",
                          params={"value": value})  # fmt: skip
    if (exact / _HUNDREDTH).denominator != 1:
        raise SeriesError(field, f"{value} has more than 2 decimals", code="too_many_decimals",
                          params={"value": value})  # fmt: skip
    return exact


def typed_table(points: Iterable[int | Decimal | Fraction]) -> PointsTable:
    """The director's table: ``points`` for places 1, 2, ...; 0 past its end."""
    exact = tuple(_exact_points(f"points[{i}]", value) for i, value in enumerate(points))
    if not exact:
        raise SeriesError("points", "the table is empty", code="empty_table")
    return PointsTable(exact)


def _rounded(value: Fraction) -> Decimal:
    """``value`` to 2 decimals, halves up (``value`` is never negative)."""
    return Decimal(show_score(value))


def place_points(table: PointsTable, place: int, covers: int = 1) -> Decimal:
    """The points of ``place`` shared by ``covers`` entrants: the mean of the points of
    places ``place`` to ``place + covers − 1``, rounded to 2 decimals, halves up."""
    _whole("place", place, 1)
    _whole("covers", covers, 1)
    if covers == 1:  # a place of its own: its points, rounded
        return _rounded(table.of_place(place))
    total = sum((table.of_place(p) for p in range(place, place + covers)), Fraction(0))
    return _rounded(total / covers)


@dataclass(frozen=True, slots=True)
class ChampionshipResult:
    """A player's result in one championship: the entrant's place (``shared``: "3=") and the
    series points it gives."""

    player: Hashable
    place: int
    shared: bool
    points: Decimal

    @property
    def label(self) -> str:
        return f"{self.place}=" if self.shared else str(self.place)


def championship_points(final_places: Iterable[tuple[Sequence[Hashable], int]],
                        table: PointsTable | None = None, *,
                        field: str = "final_places") -> dict[Hashable, ChampionshipResult]:  # fmt: skip
    """Each player's place and series points from one finished championship's ranking.

    ``final_places`` holds ``(players, place)`` per entrant (one player, a pair's two...);
    entrants sharing a place give the same place number, and the places it covers are
    counted from them.  ``table`` is the series' (default: :func:`default_table`).
    """
    table = default_table() if table is None else table
    return {player: ChampionshipResult(player, place, shared, points)
            for players, place, shared, points in _scored(final_places, table, field, {})
            for player in players}  # fmt: skip


def _scored(final_places: Iterable[tuple[Sequence[Hashable], int]], table: PointsTable,
            field: str, memo: dict) -> list[tuple[Sequence[Hashable], int, bool, Decimal]]:  # fmt: skip
    """Each entrant's ``(players, place, shared, points)``, once the ranking is checked
    (:func:`championship_points`).  ``memo`` keeps the points of each place (and of the
    places a shared one covers) for the next championship ranked with the same ``table``:
    :func:`series_ranking` counts them once for the whole series."""
    entries = list(final_places)
    if not entries:
        raise SeriesError(field, "no entrant is ranked", code="no_entrants")
    seen: set[Hashable] = set()
    for index, (players, place) in enumerate(entries):
        if place.__class__ is not int or place < 1:  # (the field is named only if refused)
            _whole(f"{field}[{index}].place", place, 1)
        if isinstance(players, str | bytes):
            raise SeriesError(f"{field}[{index}].players", "the players are given as a list, "
                              "not as one name", code="invalid")  # fmt: skip
        if not players:
            raise SeriesError(f"{field}[{index}].players", "the entrant has no player",
                              code="no_players")  # fmt: skip
        for player in players:
            if player in seen:
                raise SeriesError(f"{field}[{index}].players", f"{player} appears twice",
                                  code="player_twice", params={"player": player})  # fmt: skip
            seen.add(player)
    covers: dict[int, int] = {}
    for _players, place in entries:
        covers[place] = covers.get(place, 0) + 1
    expected = 1
    for place in sorted(covers):
        if place != expected:
            raise SeriesError(f"{field}", f"place {place} follows the entrants ranked before "
                              f"it, expected place {expected}", code="places_not_consecutive",
                              params={"place": place, "expected": expected})  # fmt: skip
        expected += covers[place]
    size = len(entries) if table.by_entrants else 0  # what the sized table depends on
    table = table.sized(len(entries))
    points = {}
    for place, count in covers.items():
        key = (size, place, count)
        if key not in memo:
            memo[key] = place_points(table, place, count)
        points[place] = memo[key]
    return [(players, place, covers[place] > 1, points[place]) for players, place in entries]


@dataclass(frozen=True, slots=True)
class SeriesResult:
    """One of a player's results in the series: the championship (its index in the series,
    from 0), the place, the points, and whether they count in the total (best N)."""

    championship: int
    place: int
    shared: bool
    points: Decimal
    counted: bool

    @property
    def label(self) -> str:
        return f"{self.place}=" if self.shared else str(self.place)


@dataclass(frozen=True, slots=True)
class SeriesLine:
    """A player's line in the series ranking.

    ``total`` sums the counted results; ``place_counts[k]`` is how many times the player was
    placed k + 1 (shared places included), over the same length for every line of a ranking;
    ``latest_points`` are the points of the player's most recent championship of the series.
    """

    place: int
    shared: bool
    player: Hashable
    total: Decimal
    results: tuple[SeriesResult, ...]
    place_counts: tuple[int, ...]
    latest_points: Decimal

    @property
    def label(self) -> str:
        return f"{self.place}=" if self.shared else str(self.place)

    @property
    def counted(self) -> tuple[SeriesResult, ...]:
        """The results that make the total."""
        return tuple(result for result in self.results if result.counted)

    @property
    def key(self) -> tuple:
        """What the ranking compares, a higher key ranking first (rules.md 13.2)."""
        return self.total, self.place_counts, self.latest_points


def _counted(points: Sequence[Decimal], best: int | None) -> set[int]:
    """The indexes of the results counted: the best ``best``, the earlier first at equal
    points (all when ``best`` is None)."""
    if best is None or best >= len(points):
        return set(range(len(points)))
    order = sorted(range(len(points)), key=lambda i: -points[i])  # stable: earlier first
    return set(order[:best])


def series_ranking(championships: Iterable[Iterable[tuple[Sequence[Hashable], int]]],
                   table: PointsTable | None = None,
                   best: int | None = None) -> tuple[SeriesLine, ...]:  # fmt: skip
    """The series ranking (rules.md 13.2) of ``championships`` in series order, each its final
    ranking as ``(players, place)`` per entrant (see :func:`championship_points`), with the
    series' ``table`` (default: :func:`default_table`) and ``best`` N results counted (None:
    all)."""
    if best is not None:
        _whole("best", best, 1)
    table = default_table() if table is None else table
    # Each player's results in series order. Results are immutable: the players of an
    # entrant share theirs (one object, counted; its uncounted twin made when best N needs
    # it), so a pair's result is made once, not twice.
    per_player: dict[Hashable, list[list]] = {}
    memo: dict = {}  # the points of each place, counted once for the whole series
    longest = 0
    for index, final_places in enumerate(championships):
        for players, place, shared, points in _scored(final_places, table,
                                                      f"championships[{index}]", memo):
            if place > longest:
                longest = place
            entrant = [SeriesResult(index, place, shared, points, True), None]
            for player in players:
                per_player.setdefault(player, []).append(entrant)
    lines = []
    for player in sorted_ids(per_player):
        played = per_player[player]
        if best is None or best >= len(played):
            results = [entrant[0] for entrant in played]
        else:
            counted = _counted([entrant[0].points for entrant in played], best)
            results = []
            for k, entrant in enumerate(played):
                if k not in counted and entrant[1] is None:
                    first = entrant[0]
                    entrant[1] = SeriesResult(first.championship, first.place, first.shared,
                                              first.points, False)
                results.append(entrant[0] if k in counted else entrant[1])
        counts = [0] * longest
        total = Decimal("0.00")
        for result in results:
            counts[result.place - 1] += 1
            if result.counted:
                total += result.points
        lines.append(SeriesLine(0, False, player, total, tuple(results), tuple(counts),
                                results[-1].points))  # fmt: skip
    lines.sort(key=lambda line: line.key, reverse=True)  # stable: equal keys by player
    ranked: list[SeriesLine] = []
    start = 0
    while start < len(lines):
        end = start + 1
        while end < len(lines) and lines[end].key == lines[start].key:
            end += 1
        shared = end - start > 1
        ranked.extend(SeriesLine(start + 1, shared, line.player, line.total, line.results,
                                 line.place_counts, line.latest_points)
                      for line in lines[start:end])  # fmt: skip
        start = end
    return tuple(ranked)
