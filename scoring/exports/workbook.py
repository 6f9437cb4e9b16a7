"""What every format's Excel workbook shares (openpyxl): a sheet filled row by row, and the
workbook's bytes (duplicate pairs' sheets are ``formats.duplicate_pairs.exports.workbook``).

A shared place is the number with the format ``0"="``, so it reads "4=" and still sorts as 4.
Every sheet has a frozen header row, an autofilter and widths that fit. Text that a
spreadsheet would run as a formula is stored as plain text (``text``).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from scoring.exports import data
from scoring.exports.text import looks_like_formula

SHARED_PLACE_FORMAT = '0"="'
MAX_WIDTH = 60


class Sheet:
    """A sheet filled row by row: rows are kept until :meth:`finish`, which sizes the
    columns, then streams them out (openpyxl's write-only mode: no cell objects for plain
    values), with a frozen header row and an autofilter."""

    def __init__(self, workbook: Workbook, title: str, header: Sequence[str], **_unused):
        self.ws = workbook.create_sheet(title)
        self.header = [str(h) for h in header]
        self.widths = [len(h) for h in self.header]
        self.rows: list[tuple[list, dict[int, str] | None]] = []

    def add(self, values: Iterable, formats: dict[int, str] | None = None) -> None:
        values = list(values)
        widths = self.widths
        for index, value in enumerate(values):
            if value is not None:
                widths[index] = max(widths[index], len(str(value)))
        self.rows.append((values, formats))

    def _cell(self, value, number_format: str | None):
        cell = WriteOnlyCell(self.ws, value=value)
        if number_format:
            cell.number_format = number_format
        if looks_like_formula(value):
            # openpyxl takes "=..." for a formula: store it as a plain, quoted string.
            cell.data_type = "s"
            cell.quotePrefix = True
        return cell

    def finish(self) -> None:
        ws = self.ws
        ws.freeze_panes = "A2"
        last = get_column_letter(len(self.header))
        ws.auto_filter.ref = f"A1:{last}{len(self.rows) + 1}"
        for index, width in enumerate(self.widths, start=1):
            ws.column_dimensions[get_column_letter(index)].width = min(width + 2, MAX_WIDTH)
        bold = Font(bold=True)
        header = []
        for title in self.header:
            cell = WriteOnlyCell(ws, value=title)
            cell.font = bold
            header.append(cell)
        ws.append(header)
        for values, formats in self.rows:
            if formats is None and not any(map(looks_like_formula, values)):
                ws.append(values)
                continue
            formats = formats or {}
            ws.append([
                self._cell(value, formats.get(column))
                if column in formats or looks_like_formula(value) else value
                for column, value in enumerate(values, start=1)
            ])


def saved(workbook, scope) -> bytes:
    """The workbook's bytes, its properties naming the championship and where it stands
    (every format's workbook ends here)."""
    championship = scope.championship
    properties = workbook.properties
    properties.title = championship.name
    properties.subject = f"{championship.name} · {scope.label}"
    properties.creator = "Duplicada"
    properties.keywords = scope.file_suffix
    properties.description = ", ".join(
        part for part in [championship.venue, data.dates(championship), scope.label] if part
    )
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()

