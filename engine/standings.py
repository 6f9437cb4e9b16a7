"""Standings: team totals and their ranking with tie-breaks (rules.md section 6.6).

A team's total is the exact sum of its final scores over the deals scored so far.  Teams
are ranked by an ordered list of tie-breaks, :data:`TIE_BREAKS` (policy, in one place):

1. higher total;
2. higher sum of deal scores (see ``TableScore.counted_deal_score`` for which count);
3. more tops (deals with final score exactly 2);
4. otherwise the teams share the place, shown as e.g. ``4=``.

Each tie-break is a named metric in :data:`METRICS`, so a tournament setting can later
choose and order them by name.  Pure Python, no Django.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .duplicate import BYE_SCORE, TableScore
from .seats import Side

__all__ = [
    "METRICS",
    "TIE_BREAKS",
    "Metric",
    "Placed",
    "StandingLine",
    "Tally",
    "accumulate",
    "rank_standings",
]


@dataclass(frozen=True, slots=True)
class StandingLine:
    """One team's figures in the standings.

    ``total`` is the exact sum of its finals, ``deal_score_sum`` the sum of its counted deal
    scores, ``tops`` the number of deals it scored exactly 2 on, ``deals`` the deals scored
    (a deal not played does not count; a bye counts the deals of its round, see
    :meth:`Tally.add_bye`).
    """

    team: Hashable
    total: Fraction
    deal_score_sum: int = 0
    tops: int = 0
    deals: int = 0


@dataclass(frozen=True, slots=True)
class Metric:
    """A ranking metric: a higher ``value(line)`` ranks better."""

    name: str
    value: Callable[[StandingLine], Any]
    description: str


#: Every metric a ranking may use, by name.
METRICS: dict[str, Metric] = {
    metric.name: metric
    for metric in (
        Metric("total", lambda line: line.total, "higher total"),
        Metric("deal_score_sum", lambda line: line.deal_score_sum, "higher sum of deal scores"),
        Metric("tops", lambda line: line.tops, "more deals with final score 2"),
    )
}

#: Policy: the ranking order, first metric first; teams equal on all of them share a place.
TIE_BREAKS: tuple[str, ...] = ("total", "deal_score_sum", "tops")


@dataclass(frozen=True, slots=True)
class Placed:
    """A team's place in the standings; ``shared`` when tied with another team."""

    place: int
    shared: bool
    line: StandingLine

    @property
    def label(self) -> str:
        """The place as shown: ``'4'``, or ``'4='`` when shared."""
        return f"{self.place}=" if self.shared else str(self.place)

    @property
    def team(self) -> Hashable:
        """The team placed."""
        return self.line.team


def _team_order(lines: list[StandingLine]) -> list[StandingLine]:
    """Order lines by team key, so tied teams are always listed the same way."""
    try:
        return sorted(lines, key=lambda line: line.team)
    except TypeError:  # keys that do not compare with each other
        return sorted(lines, key=lambda line: (type(line.team).__name__, repr(line.team)))


def rank_standings(
    lines: Iterable[StandingLine], tie_breaks: Sequence[str | Metric] = TIE_BREAKS
) -> list[Placed]:
    """Rank the teams, best first, by ``tie_breaks`` in order (default :data:`TIE_BREAKS`).

    Teams equal on every tie-break share the place (standard competition ranking: 1, 2, 2=,
    4...) and are listed by team key.
    """
    metrics = [METRICS[m] if isinstance(m, str) else m for m in tie_breaks]
    lines = list(lines)
    if len({line.team for line in lines}) != len(lines):
        raise ValueError("a team appears twice in the standings")

    def key(line: StandingLine) -> tuple:
        return tuple(metric.value(line) for metric in metrics)

    keyed = [(key(line), line) for line in _team_order(lines)]
    # Stable sort: equal keys keep the team order.
    keyed.sort(key=lambda pair: pair[0], reverse=True)

    placed: list[Placed] = []
    start = 0
    while start < len(keyed):
        end = start + 1
        while end < len(keyed) and keyed[end][0] == keyed[start][0]:
            end += 1
        shared = end - start > 1
        placed.extend(Placed(start + 1, shared, line) for _, line in keyed[start:end])
        start = end
    return placed


class Tally:
    """Accumulates teams' scores deal by deal into :class:`StandingLine` s.

    Totals stay exact but cheap: finals are summed as integer numerators per denominator
    and turned into one Fraction per team at the end.
    """

    __slots__ = ("_rows",)

    def __init__(self, teams: Iterable[Hashable] = ()) -> None:
        # team -> [numerators by denominator, deal-score sum, tops, deals]
        self._rows: dict[Hashable, list] = {}
        for team in teams:
            self._row(team)

    def _row(self, team: Hashable) -> list:
        row = self._rows.get(team)
        if row is None:
            row = self._rows[team] = [{}, 0, 0, 0]
        return row

    def add(self, team: Hashable, final: Fraction | None, deal_score: int = 0) -> None:
        """Add one deal's final score (``None``: not played, nothing counts)."""
        row = self._row(team)
        if final is None:
            return
        den = final.denominator
        sums = row[0]
        sums[den] = sums.get(den, 0) + final.numerator
        row[1] += deal_score
        if den == 1 and final.numerator == 2:
            row[2] += 1
        row[3] += 1

    def add_exact(self, team: Hashable, numerator: int, denominator: int,
                  deal_score: int = 0) -> None:
        """Add one deal's final score given as a reduced fraction ``numerator/denominator``.

        The same as :meth:`add` without building a Fraction: the standings read stored
        finals as integer pairs, and this keeps reading them at the cost of a few integer
        operations per row.
        """
        row = self._rows.get(team)
        if row is None:
            row = self._row(team)
        sums = row[0]
        sums[denominator] = sums.get(denominator, 0) + numerator
        row[1] += deal_score
        if denominator == 1 and numerator == 2:
            row[2] += 1
        row[3] += 1

    def add_table_rows(self, rows: Iterable[tuple]) -> None:
        """Add many tables' scores on a deal at once, each row being ``(ns_team, ew_team,
        ns_numerator, ns_denominator, ew_numerator, ew_denominator, ns_deal_score,
        ew_deal_score)`` with reduced fractions, a ``None`` numerator for a side that has not
        played, and the deal scores that count for the tie-break. The standings of a large
        event add thousands of rows: this is :meth:`add_exact` without a call per side.
        """
        teams = self._rows
        new_row = self._row
        # Written out for both sides: this loop is the whole cost of a large ranking.
        for ns_team, ew_team, ns_num, ns_den, ew_num, ew_den, ns_score, ew_score in rows:
            if ns_num is not None:
                row = teams.get(ns_team) or new_row(ns_team)
                sums = row[0]
                sums[ns_den] = sums.get(ns_den, 0) + ns_num
                row[1] += ns_score
                if ns_den == 1 and ns_num == 2:
                    row[2] += 1
                row[3] += 1
            if ew_num is not None:
                row = teams.get(ew_team) or new_row(ew_team)
                sums = row[0]
                sums[ew_den] = sums.get(ew_den, 0) + ew_num
                row[1] += ew_score
                if ew_den == 1 and ew_num == 2:
                    row[2] += 1
                row[3] += 1

    def add_table(self, score: TableScore, ns_team: Hashable, ew_team: Hashable) -> None:
        """Add both sides of one table's score on a deal."""
        self.add(ns_team, score.ns_final, score.counted_deal_score(Side.NS))
        self.add(ew_team, score.ew_final, score.counted_deal_score(Side.EW))

    def add_bye(self, team: Hashable, deals: int) -> None:
        """Add a bye: :data:`~engine.duplicate.BYE_SCORE` for each deal of the round.

        Policy: each of those deals is a deal *scored* (rules.md 6.5 scores it 3/2), so it
        counts in ``deals`` and ``total / deals`` stays the average per deal.  It has no
        deal score, so it adds 0 to the deal-score sum (like an adjusted score), and 3/2 is
        never a top.
        """
        for _ in range(deals):
            self.add(team, BYE_SCORE)

    def lines(self) -> list[StandingLine]:
        """The standing lines, one per team seen, in the order teams were first seen."""
        result = []
        for team, (sums, deal_sum, tops, deals) in self._rows.items():
            common = math.lcm(*sums) if sums else 1
            total = Fraction(sum(num * (common // den) for den, num in sums.items()), common)
            result.append(StandingLine(team, total, deal_sum, tops, deals))
        return result


def accumulate(
    tables: Iterable[tuple[TableScore, Hashable, Hashable]],
    byes: Iterable[tuple[Hashable, int]] = (),
    teams: Iterable[Hashable] = (),
) -> list[StandingLine]:
    """Standing lines from table scores, byes and (optionally) the full list of teams.

    ``tables`` yields ``(score, ns_team, ew_team)`` for every table of every deal scored;
    ``byes`` yields ``(team, deals_in_the_round)``; ``teams`` adds teams that have not
    scored yet (total 0).
    """
    tally = Tally(teams)
    for score, ns_team, ew_team in tables:
        tally.add_table(score, ns_team, ew_team)
    for team, deals in byes:
        tally.add_bye(team, deals)
    return tally.lines()
