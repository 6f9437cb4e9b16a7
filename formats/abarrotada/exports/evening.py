"""A free-deal evening's exports (rules.md 10.4; ``AbarrotadaFree.export_kinds``): the ranking
sheet (PDF), the Excel workbook and the CSV files, built as the individual format's are
(``workbook.Sheet`` and ``csv_bytes`` of the pairs' exports, the sheets' frame) from the
evening's standings (``formats.abarrotada.evening``). An evening has no deals, so it has no
travellers or deal scorecards; each file stands after the closed rounds only."""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Count, Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from openpyxl import Workbook

from formats.abarrotada import evening
from formats.abarrotada.exports import data
from formats.abarrotada.models import GameTotals, GameTotalsReview, Seating, SitOut
from scoring.exports.csv_files import csv_bytes
from scoring.exports.pdf import print_context, rating_column
from scoring.exports.registry import CSV, PDF, XLSX, ExportKind, register, scoped_file
from scoring.exports.workbook import SHARED_PLACE_FORMAT, Sheet, saved
from tournaments.printing import render_pdf


def ranking(scope) -> list[evening.EveningLine]:
    return evening.evening_standings(scope.championship, rounds=data.rounds(scope))


def ranking_header() -> list[str]:
    return [_("Place"), _("Player number"), _("Player"), _("Club"), _("Total"),
            _("Games won"), _("Games"), _("Sat out")]


def ranking_values(line: evening.EveningLine) -> list:
    return [line.place, line.number, line.name, line.club, line.total, line.games_won,
            line.games, line.sat_out]


def results_header() -> list[str]:
    return [_("Round"), _("Table"), _("Seat"), _("Player number"), _("Player"),
            _("Game total")]


def results_rows(scope):
    """One row a player a round: the counted game's total at the player's seat, or the
    sit-out (the round's average total counts for them: ``evening``'s policy)."""
    rounds = data.rounds(scope)
    number = {r.pk: r.number for r in rounds}
    counted = evening.counted_totals(list(number))
    keyed = []  # (round, seated first, table, seat's order or the player's number), row
    for round_id, table_id, table, seat, player, name in (
            Seating.objects.filter(round_id__in=number).order_by()
            .values_list("round_id", "table_id", "table__number", "seat", "player__number",
                         "player__name")):
        keyed.append(((number[round_id], 0, table, "NESW".index(seat)),
                      [number[round_id], table, seat, player, name,
                       counted.get(table_id, {}).get(seat)]))
    for round_id, player, name in (SitOut.objects.filter(round_id__in=number).order_by()
                                   .values_list("round_id", "player__number",
                                                "player__name")):
        keyed.append(((number[round_id], 1, 0, player),
                      [number[round_id], None, _("sits out"), player, name, None]))
    return [row for _key, row in sorted(keyed, key=lambda item: item[0])]


def ranking_pdf(scope) -> bytes:
    context = print_context(scope, _("Ranking"))
    context["rows"] = ranking(scope)
    context["ratings"] = rating_column(scope.championship)
    return render_pdf("abarrotada/print/evening_ranking.html", context)


def workbook_bytes(scope) -> bytes:
    workbook = Workbook(write_only=True)
    lines = ranking(scope)
    places = defaultdict(int)
    for line in lines:
        places[line.place] += 1
    sheet = Sheet(workbook, _("Ranking"), ranking_header())
    for line in lines:
        sheet.add(ranking_values(line),
                  {1: SHARED_PLACE_FORMAT if places[line.place] > 1 else "0"})
    sheet.finish()
    sheet = Sheet(workbook, _("Results"), results_header())
    for values in results_rows(scope):
        sheet.add(values)
    sheet.finish()
    return saved(workbook, scope)


def ranking_csv(scope) -> bytes:
    return csv_bytes(ranking_header(), (ranking_values(line) for line in ranking(scope)))


def results_csv(scope) -> bytes:
    return csv_bytes(results_header(), results_rows(scope))


#: The evening's kinds, under the keys of the pairs' kinds they stand for.
KINDS: dict[str, ExportKind] = {}

register(ExportKind("ranking_pdf", gettext_lazy("Ranking sheet (PDF)"),
                    scoped_file("ranking", "pdf", PDF, ranking_pdf), PDF, "pdf"), KINDS)
register(ExportKind("workbook", gettext_lazy("Excel workbook"),
                    scoped_file("results", "xlsx", XLSX, workbook_bytes), XLSX, "xlsx"), KINDS)
register(ExportKind("ranking_csv", gettext_lazy("Ranking (CSV)"),
                    scoped_file("ranking", "csv", CSV, ranking_csv), CSV, "csv"), KINDS)
register(ExportKind("results_csv", gettext_lazy("Results (CSV)"),
                    scoped_file("results", "csv", CSV, results_csv), CSV, "csv"), KINDS)


def export_state(championship) -> dict:
    """The games, their reviews, the seatings and the sit-outs, as the public downloads'
    fingerprint sees them (``scoring.exports.public_files``); four queries."""
    return {
        "format": championship.format,
        "rows": [
            list(rows.aggregate(n=Count("id"), last=Max("id")).values())
            for rows in (GameTotals.objects.filter(table__round__championship=championship),
                         GameTotalsReview.objects.filter(
                             report__table__round__championship=championship),
                         Seating.objects.filter(round__championship=championship),
                         SitOut.objects.filter(round__championship=championship))
        ],
    }
