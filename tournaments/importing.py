"""Reading the files a director uploads: team lists (CSV or XLSX) and deal lists (text).

These functions only read and split the input into rows; validating the rows against the
championship and saving them is the services' job (``services.import_teams`` and
``services.import_deals``). Problems are reported as :class:`RowError` values that name the
row (or line) and the field, in the user's language.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.import_headers import column_of
from tournaments.import_headers import header as header_of
from tournaments.phrases import phrase

#: The columns of a team list, in template order.
TEAM_COLUMNS = ("number", "name", "club", "player1", "player2")
REQUIRED_TEAM_COLUMNS = ("name", "player1", "player2")
#: Columns a file may have besides those: a free-deal pair's section (rules.md 11.3), which
#: the championship's format checks (``formats.base.Format.team_section_problem``).
OPTIONAL_TEAM_COLUMNS = ("section",)

#: Upload limits: a championship has at most a few hundred teams.
MAX_UPLOAD_BYTES = 2 * 1024 * 1024
MAX_TEAM_ROWS = 2000
#: A sheet may hold a few notes below the teams, but no more rows than this.
MAX_SHEET_ROWS = 5000
#: No cell of a team list needs more (the longest field holds 120).
MAX_CELL_CHARS = 1000
#: An .xlsx is a zip: what it unpacks to is bounded before openpyxl opens it, so a small file
#: that unpacks to hundreds of megabytes is refused from its directory alone.
MAX_XLSX_UNPACKED_BYTES = 20 * 1024 * 1024
MAX_XLSX_MEMBERS = 200


@dataclass(frozen=True)
class RowError:
    """One problem in an uploaded file. ``row`` is the spreadsheet row (1 = header) or the
    text line; ``field`` is a column name, or ``""`` for the whole row or file."""

    row: int | None
    field: str
    message: str
    is_line: bool = False  # a line of pasted text rather than a spreadsheet row

    def __str__(self) -> str:
        if self.row is None:
            return self.message
        if self.is_line:
            return _("Line %(row)s: %(message)s") % {"row": self.row, "message": self.message}
        if self.field:
            return _("Row %(row)s, %(field)s: %(message)s") % {
                "row": self.row,
                "field": self.field,
                "message": self.message,
            }
        return _("Row %(row)s: %(message)s") % {"row": self.row, "message": self.message}


class FileProblem(Exception):
    """The file as a whole cannot be read."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _cell_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        # Spreadsheets store typed numbers as floats: 7.0 is team 7.
        return str(int(value))
    # Only ordinary spaces: str.strip() would also drop control characters such as U+001C
    # silently, which tournaments.names refuses with a message instead.
    text = str(value).strip(" \t\r\n")
    if len(text) > MAX_CELL_CHARS:
        raise FileProblem(
            _("A cell holds more than %(limit)s characters; no list of entrants needs that many.")
            % {"limit": MAX_CELL_CHARS}
        )
    return text


def read_upload(uploaded_file) -> bytes:
    """The bytes of an upload, reading no more than one byte past the size limit (a larger
    file is refused without being read whole into memory)."""
    if isinstance(uploaded_file, bytes | bytearray):
        data = bytes(uploaded_file)
    else:
        size = getattr(uploaded_file, "size", None)
        if size is not None and size > MAX_UPLOAD_BYTES:
            raise FileProblem(_("The file is too large (at most 2 MB)."))
        data = uploaded_file.read(MAX_UPLOAD_BYTES + 1)
    if len(data) > MAX_UPLOAD_BYTES:
        raise FileProblem(_("The file is too large (at most 2 MB)."))
    return data


def _rows_from_csv(data: bytes) -> list[list[str]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileProblem(
            _("The CSV file is not UTF-8 text. Save it as “CSV UTF-8” and try again.")
        ) from None
    if "\x00" in text:
        raise FileProblem(_("The file is not a CSV text file."))
    sample = text[:4096]
    # Spreadsheets in Catalan and Spanish locales write ';' as the separator.
    delimiter = ";" if sample.count(";") > sample.count(",") else ","
    rows = []
    try:
        for row in csv.reader(io.StringIO(text), delimiter=delimiter):
            rows.append([_cell_text(cell) for cell in row])
            _check_row_count(rows)
    except csv.Error:  # e.g. a field longer than the csv module's limit, or a stray NUL
        raise FileProblem(
            _("The CSV file cannot be read (a field is too long or badly quoted).")
        ) from None
    return rows


def _check_row_count(rows: list) -> None:
    if len(rows) > MAX_SHEET_ROWS:
        raise FileProblem(
            _("The file has more than %(count)s rows; a list of entrants needs far fewer.")
            % {"count": MAX_SHEET_ROWS}
        )


def _check_zip_sizes(data: bytes) -> None:
    """Refuse an .xlsx whose members would unpack to too much, judged from the zip's
    directory before anything is decompressed. (Python's zipfile never returns more than a
    member's declared size, so the declared sizes bound the work.)"""
    unreadable = FileProblem(_("The file is not a readable Excel (.xlsx) workbook."))
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError, EOFError):
        raise unreadable from None
    if len(members) > MAX_XLSX_MEMBERS:
        raise FileProblem(_("The workbook has too many parts to be a list of entrants."))
    if sum(member.file_size for member in members) > MAX_XLSX_UNPACKED_BYTES:
        raise FileProblem(
            _("The workbook unpacks to more than %(limit)s MB; a list of entrants is far smaller.")
            % {"limit": MAX_XLSX_UNPACKED_BYTES // (1024 * 1024)}
        )


def _rows_from_xlsx(data: bytes) -> list[list[str]]:
    # openpyxl parses with defusedxml when it is installed (it is a dependency): a DOCTYPE,
    # entity expansion or external entity in any part of the workbook is refused.
    from openpyxl import load_workbook

    _check_zip_sizes(data)
    workbook = None
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        if not workbook.worksheets:
            raise FileProblem(_("The workbook has no sheet."))
        rows = []
        # Reading the rows parses the sheet, so it is where most damage shows up.
        for row in workbook.worksheets[0].iter_rows(values_only=True):
            rows.append([_cell_text(value) for value in row])
            _check_row_count(rows)
        return rows
    except FileProblem:
        raise
    except Exception:  # openpyxl and the XML parser raise many kinds of errors on a damaged file
        raise FileProblem(_("The file is not a readable Excel (.xlsx) workbook.")) from None
    finally:
        if workbook is not None:
            workbook.close()


@dataclass(frozen=True)
class TeamRow:
    row: int
    values: dict[str, str]


def read_team_rows(filename: str, data: bytes, *, known: tuple[str, ...] | None = None,
                   required: tuple[str, ...] | None = None) -> list[TeamRow]:
    """The non-empty data rows of a team list, with the spreadsheet row number of each.
    ``known`` and ``required`` are the columns a file may and must have (a team list's by
    default; an individual championship's players have others).

    Raises :class:`FileProblem` for an unreadable file or a bad header row.
    """
    known = known or TEAM_COLUMNS + OPTIONAL_TEAM_COLUMNS
    required = required or REQUIRED_TEAM_COLUMNS
    data = read_upload(data)
    name = (filename or "").lower()
    if name.endswith(".xlsx") or data[:2] == b"PK":
        rows = _rows_from_xlsx(data)
    elif name.endswith((".csv", ".txt")) or not name:
        rows = _rows_from_csv(data)
    else:
        raise FileProblem(_("Upload a CSV (.csv) or Excel (.xlsx) file."))

    while rows and not any(cell.strip() for cell in rows[0]):
        rows.pop(0)
    if not rows:
        raise FileProblem(_("The file is empty."))
    header = [column_of(cell) for cell in rows[0]]
    columns: dict[str, int] = {}
    for index, column in enumerate(header):
        if not column:
            continue
        if column not in known:
            raise FileProblem(
                _("Unknown column “%(column)s” in the first row. The columns are: %(columns)s.")
                % {"column": rows[0][index].strip(),
                   "columns": ", ".join(header_of(c) for c in known)}
            )
        if column in columns:
            raise FileProblem(_("The column “%(column)s” appears twice.")
                              % {"column": header_of(column)})
        columns[column] = index
    missing = [column for column in required if column not in columns]
    if missing:
        raise FileProblem(
            _("The first row must name the columns; missing: %(missing)s.")
            % {"missing": ", ".join(header_of(column) for column in missing)}
        )

    result = []
    for offset, cells in enumerate(rows[1:], start=2):
        cells = [_cell_text(cell) for cell in cells]
        if not any(cells):
            continue
        values = {
            column: (cells[index] if index < len(cells) else "")
            for column, index in columns.items()
        }
        result.append(TeamRow(offset, values))
        if len(result) > MAX_TEAM_ROWS:
            raise FileProblem(
                _("The file has more than %(count)s entrants.") % {"count": MAX_TEAM_ROWS}
            )
    if not result:
        raise FileProblem(_("The file has a header row but no entrants."))
    return result


def team_template_csv(columns: tuple[str, ...] | None = None) -> bytes:
    """The header row of a team list (or of ``columns``) in the director's language, as CSV
    (with a BOM so Excel reads it as UTF-8)."""
    buffer = io.StringIO()
    csv.writer(buffer).writerow([header_of(column) for column in columns or TEAM_COLUMNS])
    return buffer.getvalue().encode("utf-8-sig")


def team_template_xlsx(columns: tuple[str, ...] | None = None) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    workbook = Workbook()
    sheet = workbook.active
    sheet.title = _("Entrants")  # the tab's name, in the director's language; never read back
    columns = columns or TEAM_COLUMNS
    sheet.append([header_of(column) for column in columns])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for index, column in enumerate(columns):
        sheet.column_dimensions["ABCDEFGH"[index]].width = 10 if column == "number" else 30
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


# --- Deal lists ----------------------------------------------------------------------------

# One deal per line: its number, then the deal in rules.md notation, e.g.
#   5 N:9RS.A82..RC654 ...
# A colon or full stop after the number is accepted ("5: N:..." or "5. N:..."); empty lines
# and lines starting with '#' are ignored.
_DEAL_LINE = re.compile(r"^(\d{1,6})\s*[.:]?\s+(\S.*)$")


@dataclass(frozen=True)
class DealLine:
    line: int
    number: int
    text: str


def read_deal_lines(text: str) -> tuple[list[DealLine], list[RowError]]:
    lines: list[DealLine] = []
    errors: list[RowError] = []
    for index, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        match = _DEAL_LINE.match(stripped)
        if match is None:
            errors.append(
                RowError(
                    index,
                    "",
                    _("expected the deal number, a space, then the deal, e.g. “5 N:9RS.A82..RC654 …”."),
                    is_line=True,
                )
            )
            continue
        lines.append(DealLine(index, int(match.group(1)), match.group(2)))
    return lines, errors


# The engine reports notation problems in English; these patterns translate them.
_PROBLEMS = [
    (re.compile(r"^duplicate card (\w\w) \(in (.+)\)$"), lambda m: _(
        "the card %(card)s appears twice (in %(seats)s)") % {"card": m[1],
                                                            "seats": _seat_list(m[2])}),
    (re.compile(r"^duplicate card (\w\w) in the hand of (\w)$"), lambda m: phrase(_(
        "the card %(card)s appears twice in the hand of %(seat)s"), card=m[1], seat=m[2])),
    (re.compile(r"^missing cards? (.+)$"), lambda m: _(
        "missing cards: %(cards)s") % {"cards": m[1]}),
    (re.compile(r"^wrong hand size: (\w) has (\d+) cards"), lambda m: _(
        "the hand of %(seat)s has %(count)s cards instead of 12") % {"seat": m[1], "count": m[2]}),
    (re.compile(r"^unknown character '(.)'(?: in the hand of (\w))?"), lambda m: _(
        "unknown character “%(char)s” (ranks are written 9 A R C S 8 7 6 5 4 3 2)") % {"char": m[1]}),
    (re.compile(r"^bad seat"), lambda m: _(
        "the deal must start with the first seat and a colon, e.g. “N:”")),
    (re.compile(r"^wrong number of hands: found (\d+)"), lambda m: _(
        "found %(count)s hands instead of 4 separated by spaces") % {"count": m[1]}),
    (re.compile(r"^wrong number of groups"), lambda m: _(
        "each hand needs 4 suit groups separated by “.” (oros, copes, espases, bastos)")),
]


def _seat_list(text: str) -> str:
    """The engine's "E and W" in the user's language ("Est i Oest")."""
    from tournaments.presentation import SEAT_NAMES

    seats = [str(SEAT_NAMES.get(seat, seat)) for seat in re.findall(r"\b[NESW]\b", text)]
    if len(seats) < 2:
        return ", ".join(seats) or text
    return _("%(seats)s and %(last)s") % {"seats": ", ".join(seats[:-1]), "last": seats[-1]}


def translate_deal_problem(problem: str) -> str:
    for pattern, message in _PROBLEMS:
        match = pattern.match(problem)
        if match:
            return message(match)
    return problem
