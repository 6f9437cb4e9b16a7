"""The Excel workbook of a series ranking (openpyxl, through the core's sheets:
``scoring.exports.workbook.Sheet``): "Ranking", the lines as the ranking sheet prints them,
and "Championships", the series' championships and how each counts.

Points are numbers with 2 decimals; a result left out of the best N is still the number,
shown in brackets by its number format, so it sorts and sums as a number. A shared place is
the number shown "4=" (``SHARED_PLACE_FORMAT``)."""

from __future__ import annotations

import io

from django.utils.translation import gettext as _
from openpyxl import Workbook

from scoring.exports.workbook import SHARED_PLACE_FORMAT, Sheet
from series.files.sheet import RankingSheet

POINTS_FORMAT = "0.00"
LEFT_OUT_FORMAT = '"("0.00")"'


def column_title(position: int, name: str) -> str:
    """A championship's column: its number on the sheet and its name ("2. Open de Reus")."""
    return f"{position}. {name}"


def ranking_workbook(sheet: RankingSheet) -> bytes:
    workbook = Workbook(write_only=True)
    counting = sheet.counting
    ranking = Sheet(workbook, _("Ranking"), [
        _("Place"), _("Player"), _("Club"), _("Total"),
        *(column_title(number, column.championship.name)
          for number, column in enumerate(counting, start=1))])
    for line in sheet.lines:
        formats = {4: POINTS_FORMAT}
        if line.shared:
            formats[1] = SHARED_PLACE_FORMAT
        values = [line.place, line.name, line.club, line.total]
        for index, result in enumerate(line.results, start=5):
            values.append(None if result is None else result.points)
            if result is not None:
                formats[index] = POINTS_FORMAT if result.counted else LEFT_OUT_FORMAT
        ranking.add(values, formats)
    ranking.finish()
    championships = Sheet(workbook, _("Championships"), [
        _("Position"), _("Name"), _("Dates"), _("Format"), _("Status"), _("Counted")])
    for row in sheet.championships:
        championships.add([row.position, row.name, row.dates, row.format, row.status,
                           row.counted])
    championships.finish()
    properties = workbook.properties
    properties.title = sheet.series.name
    properties.subject = f"{sheet.series.name} · {_('Series ranking')}"
    properties.creator = "Duplicada"
    if sheet.director and sheet.private_counted:
        properties.description = _(
            "Directors' copy: it counts championships whose results are not public.")
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()
