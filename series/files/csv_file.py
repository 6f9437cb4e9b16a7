"""The CSV file of a series ranking, through the core's writer
(``scoring.exports.csv_files.csv_bytes``: UTF-8 with a byte-order mark, the separators of
the file's language, numbers as numbers, no formula cells).

A CSV cell has no format to show brackets with, and "(13.00)" would be read by spreadsheets
as minus 13: so each championship has two columns, its points (a number) and whether they
are counted among the player's best N ("yes", "no"; both empty when not played)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.exports.csv_files import csv_bytes
from series.files.sheet import RankingSheet
from series.files.workbook import column_title


def ranking_csv(sheet: RankingSheet) -> bytes:
    header = [_("Place"), _("Player"), _("Club"), _("Total")]
    for number, column in enumerate(sheet.counting, start=1):
        title = column_title(number, column.championship.name)
        header += [title, _("%(championship)s: counted") % {"championship": title}]
    yes, no = pgettext("counted", "yes"), pgettext("counted", "no")
    rows = []
    for line in sheet.lines:
        row = [line.label, line.name, line.club, line.total]
        for result in line.results:
            row += ([None, None] if result is None
                    else [result.points, yes if result.counted else no])
        rows.append(row)
    return csv_bytes(header, rows)
