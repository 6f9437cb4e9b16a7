"""The Excel workbook of an individual championship: sheets Ranking and Results (one row a
player a deal). Exact values, shown with 2 decimals, so that any sum a player makes matches
the ranking (the pairs' workbook policy)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from openpyxl import Workbook

from formats.abarrotada.exports import data
from scoring.exports.workbook import SHARED_PLACE_FORMAT, Sheet, saved

SCORE_FORMAT = "0.00"


def ranking_header() -> list[str]:
    return [_("Place"), _("Player number"), _("Player"), _("Club"), _("Total"),
            _("Deal scores"), _("Tops"), _("Deals")]


def ranking_values(line) -> list:
    return [line.place, line.number, line.name, line.club, float(line.total),
            line.deal_scores, line.tops, line.deals]


def results_header() -> list[str]:
    return [_("Round"), _("Deal"), _("Player number"), _("Player"), _("Table"), _("Seat"),
            _("Deal score"), _("Final")]


def results_rows(scope):
    for line, rows in data.scorecards(scope):
        for row in rows:
            score = row.score
            yield [row.round, row.deal, line.number, line.name, row.table,
                   row.seat or _("sits out"), score.deal_score,
                   None if score.final is None else float(score.final)]


def workbook_bytes(scope) -> bytes:
    workbook = Workbook(write_only=True)
    lines = data.ranking(scope)
    sheet = Sheet(workbook, _("Ranking"), ranking_header())
    for i, line in enumerate(lines):
        shared = any(other.place == line.place for j, other in enumerate(lines) if j != i)
        sheet.add(ranking_values(line), {1: SHARED_PLACE_FORMAT if shared else "0",
                                         5: SCORE_FORMAT})
    sheet.finish()
    sheet = Sheet(workbook, _("Results"), results_header())
    for values in results_rows(scope):
        sheet.add(values, {8: SCORE_FORMAT})
    sheet.finish()
    return saved(workbook, scope)
