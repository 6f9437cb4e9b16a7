"""What every file of a series ranking shows: the ranking as the reader may see it, and
the series' championships with how each counts.

Read in a fixed number of queries whatever the size of the series: the ranking's own
(``series.selectors.series_ranking``) and one for the championships' days."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from formats import format_of
from scoring.exports.data import dates
from series.models import Series
from series.selectors import Column, Line, SeriesRanking, series_ranking
from tournaments.models import Championship


@dataclass(frozen=True, slots=True)
class ChampionshipRow:
    """A championship of the series, as the "Championships" sheet lists it."""

    position: int
    name: str
    dates: str
    format: str
    status: str
    counted: str


@dataclass(frozen=True, slots=True)
class RankingSheet:
    ranking: SeriesRanking
    director: bool
    championships: tuple[ChampionshipRow, ...]

    @property
    def series(self) -> Series:
        return self.ranking.series

    @property
    def lines(self) -> tuple[Line, ...]:
        return self.ranking.lines

    @property
    def counting(self) -> tuple[Column, ...]:
        return self.ranking.counting

    @property
    def private_counted(self) -> bool:
        """Whether the file counts a championship whose results are not public (only ever
        a director's file): it says so on its face."""
        return any(not column.championship.results_public for column in self.counting)


def counted_text(column: Column) -> str:
    """How a championship counts, in words."""
    return {
        "finished": _("Counted"),
        "rounds": _("Counted after its closed rounds"),
        "waiting": _("Not yet: not finished"),
        "unpublished": _("Not counted: results not public"),
        "refused": _("Left out: its places could not be read"),
    }[column.state]


def ranking_sheet(series: Series, *, director: bool) -> RankingSheet:
    """The ranking as ``director`` (every championship) or the public (those whose results
    are public) sees it; the public is not told of the championships it may not see."""
    ranking = series_ranking(series, director=director)
    shown = [column for column in ranking.columns
             if director or column.state != "unpublished"]
    days = {championship.pk: dates(championship) for championship in
            Championship.objects.filter(pk__in=[c.championship.pk for c in shown])
            .only("pk", "starts_on", "ends_on")} if shown else {}
    rows = tuple(ChampionshipRow(
        column.position, column.championship.name, days.get(column.championship.pk, ""),
        str(format_of(column.championship).label),
        column.championship.get_status_display(), counted_text(column)) for column in shown)
    return RankingSheet(ranking, director, rows)
