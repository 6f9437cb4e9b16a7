"""The director's grid: tables by deals of one round, with each cell's status."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.selectors.states import DISPUTED, EMPTY, PENDING, STATUSES, ResultState, result_states
from tournaments.models import Championship, Deal, Round, Table


@dataclass
class GridRow:
    table: Table
    cells: list[ResultState]


@dataclass
class Grid:
    round: Round
    deals: list[Deal]
    rows: list[GridRow]
    counts: dict[str, int]

    @property
    def missing(self) -> int:
        """Cells that have no counted result yet (empty, pending or disputed)."""
        return self.counts[EMPTY] + self.counts[PENDING] + self.counts[DISPUTED]


def round_grid(round_: Round) -> Grid:
    tables = list(round_.tables.select_related("ns_team", "ew_team").order_by("number"))
    deals = list(round_.deals.order_by("number"))
    states = result_states(tables, deals)
    counts = dict.fromkeys(STATUSES, 0)
    rows = []
    for table in tables:
        cells = [states[(table.pk, deal.pk)] for deal in deals]
        for cell in cells:
            counts[cell.status] += 1
        rows.append(GridRow(table=table, cells=cells))
    return Grid(round=round_, deals=deals, rows=rows, counts=counts)


def current_round(championship: Championship) -> Round | None:
    """The round the director is most likely watching: the latest released one, else the
    latest closed one, else the first drafted one."""
    rounds = list(championship.rounds.order_by("number"))
    for status in (Round.Status.RELEASED, Round.Status.CLOSED):
        matching = [r for r in rounds if r.status == status]
        if matching:
            return matching[-1]
    return rounds[0] if rounds else None


