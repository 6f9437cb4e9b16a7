"""The duplicate pairs' director's grid: tables by deals of one round, with each cell's
status (its order of precedence is ``scoring.selectors``'s, the one place that says which
result counts)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import NamedTuple

from django.db.models import Q
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from scoring.models import ResultEntry, ResultReview
from scoring.selectors.pins import PinSummary, pin_activity
from scoring.selectors.scores import adjustments_in_force, counted_results, plain_rows
from scoring.selectors.states import (
    ADJUSTED,
    CONFIRMED,
    DISPUTED,
    EMPTY,
    PENDING,
    STATUSES,
)
from scoring.selectors.tables import TableLine, table_lines
from tournaments.models import Deal, Round

# A cell of a table where one team has a bye because the other withdrew: nothing to play.
BYE = "bye"


class GridCell(NamedTuple):
    """One table's result on one deal, as the grid shows it."""

    deal: Deal
    status: str  # see scoring.selectors' docstring for the order of precedence
    counted_ns: int | None  # NS points of the counted result, if any

    @property
    def points(self) -> str:
        """The counted result's points, e.g. '40-32', or '' when none counts yet."""
        if self.counted_ns is None:
            return ""
        return f"{self.counted_ns}-{72 - self.counted_ns}"


@dataclass
class GridRow:
    table: TableLine
    cells: list[GridCell]
    pins: PinSummary | None = None  # wrong PINs and lockout at the table, if any
    #: When a captain's phone at this table was last heard from (an entry, a confirmation,
    #: a dispute or a PIN attempt), or ``None``.
    heard: datetime | None = None


@dataclass
class Grid:
    round: Round
    deals: list[Deal]
    rows: list[GridRow]
    counts: dict[str, int]

    def missing_cells(self) -> list[tuple[int, int, str]]:
        """``(table number, deal number, status)`` of every cell without a counted result,
        table by table (withdrawal byes have nothing to play and are not missing)."""
        waiting = {EMPTY, PENDING, DISPUTED}
        return [
            (row.table.number, cell.deal.number, cell.status)
            for row in self.rows
            for cell in row.cells
            if cell.status in waiting
        ]

    @property
    def missing(self) -> int:
        """Cells that have no counted result yet (empty, pending or disputed)."""
        return self.counts[EMPTY] + self.counts[PENDING] + self.counts[DISPUTED]


def round_grid(round_: Round) -> Grid:
    """Every table by every deal of the round, from plain rows in seven queries.

    The grid shows all tables, so its work grows with them; it reads each entry, review
    and adjustment once as a tuple and builds no model object per row. The result that
    counts comes from ``counted_results``, the one place that rule is written in a query.
    """
    tables = table_lines(round_.pk)
    deals = list(round_.deals.order_by("number"))
    deal_ids = [deal.pk for deal in deals]
    latest: dict[tuple[int, int], tuple[int, bool]] = {}
    heard: dict[int, datetime] = {}
    for entry_id, table_id, deal_id, by_director, by_team, at in plain_rows(
        ResultEntry.objects.filter(deal_id__in=deal_ids)
        .order_by("id")
        .values_list("id", "table_id", "deal_id", "by_director_override", "by_team_id",
                     "created_at")
    ):
        latest[(table_id, deal_id)] = (entry_id, by_director)  # later ids replace earlier
        if by_team is not None:
            _heard(heard, table_id, at)
    counted = counted_results(Q(deal_id__in=deal_ids))
    confirmed: set[int] = set()
    last_verdict: dict[int, str] = {}
    for entry_id, verdict, table_id, by_team, at in plain_rows(
        ResultReview.objects.filter(entry__deal_id__in=deal_ids)
        .order_by("id")
        .values_list("entry_id", "verdict", "entry__table_id", "by_team_id", "created_at")
    ):
        last_verdict[entry_id] = verdict
        if by_team is not None:
            _heard(heard, table_id, at)
        if verdict == ResultReview.Verdict.CONFIRM:
            confirmed.add(entry_id)
    adjusted = adjustments_in_force(Q(deal_id__in=deal_ids))
    # The PIN attempts, right or wrong, are read once: for the summaries and, as a phone at
    # the table typing a PIN, for when the table was last heard from.
    pins = pin_activity(table.pk for table in tables)
    # Plain rows carry the driver's values (text on SQLite): compared as they come, and
    # only the latest of each table is turned into a datetime.
    heard = {table_id: _as_datetime(at) for table_id, at in heard.items()}
    for table_id, at in pins.last_attempt.items():
        _heard(heard, table_id, at)
    counts = dict.fromkeys(STATUSES, 0)
    rows = []
    for table in tables:
        cells = []
        if table.bye_team is not None:
            # The opponent withdrew before the round: nothing is played here (rules.md 6.5).
            rows.append(GridRow(table=table, cells=[GridCell(d, BYE, None) for d in deals]))
            continue
        for deal in deals:
            key = (table.pk, deal.pk)
            result = counted.get(key)
            if key in adjusted:
                status = ADJUSTED
            elif key not in latest:
                status = EMPTY
            else:
                latest_id, by_director = latest[key]
                if by_director or latest_id in confirmed:
                    status = CONFIRMED
                elif last_verdict.get(latest_id) == ResultReview.Verdict.DISPUTE:
                    status = DISPUTED
                else:
                    status = PENDING
            counts[status] += 1
            cells.append(GridCell(deal, status, result.points_ns if result else None))
        rows.append(GridRow(table=table, cells=cells, pins=pins.summaries.get(table.pk),
                            heard=heard.get(table.pk)))
    return Grid(round=round_, deals=deals, rows=rows, counts=counts)


def _heard(heard: dict, table_id: int, at) -> None:
    if at is not None and (table_id not in heard or at > heard[table_id]):
        heard[table_id] = at


def _as_datetime(value) -> datetime:
    if isinstance(value, datetime):
        return value if timezone.is_aware(value) else timezone.make_aware(value, UTC)
    parsed = parse_datetime(value)
    return parsed if timezone.is_aware(parsed) else timezone.make_aware(parsed, UTC)
