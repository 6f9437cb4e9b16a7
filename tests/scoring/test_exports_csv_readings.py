"""The CSV files read with "," or with ";" between fields (Catalan and Spanish spreadsheets
use ";"): no reading starts a cell with a formula, however the names hide one after a
separator or a line break, and the numbers stay numbers. A file in Catalan or Spanish is
written as their spreadsheets read it (";" and a decimal comma), one in English with "," and
a decimal point."""

from __future__ import annotations

import csv
import io
import re
import shutil
import subprocess
import zipfile

import pytest
from exports_event import make_event, publish
from openpyxl import load_workbook

from scoring.exports.text import csv_text, looks_like_formula

# A formula behind every separator a reading may split on, behind spaces and quotes, and
# behind a line break inside a quoted field.
HOSTILE = {
    "name": 'Penya;=HYPERLINK("http://example.com","x")',
    "club": "Club, -2+2; +3+3",
    "player1": "Anna;@SUM(1+1)",
    "player2": "Pere\r\n=4+4",
}
QUOTED = {"name": 'Casal "x";"=5+5"', "club": "Lleida;\t=6+6", "player1": "Joan,=7+7",
          "player2": "Rosa;;-8+8"}
NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")
KINDS = ["ranking_csv", "results_csv"]


@pytest.fixture(autouse=True)
def exports_folder(settings, tmp_path):
    settings.EXPORTS_DIR = tmp_path / "exports"


@pytest.fixture
def event(db, director):
    event = make_event(director)
    first, second = event.teams.order_by("number")[2:4]
    for team, fields in ((first, HOSTILE), (second, QUOTED)):
        for field, value in fields.items():
            setattr(team, field, value)
        team.save()
    return publish(event)


def download(client, event, kind) -> bytes:
    response = client.get(f"/c/{event.pk}/results/export/{kind}/")
    assert response.status_code == 200, response.content[:300]
    return response.content


def runs(cell: str) -> bool:
    """Whether a spreadsheet could take ``cell`` for a formula (a number never is)."""
    start = cell.lstrip(' "')
    return looks_like_formula(start) and not NUMBER.fullmatch(start)


def test_the_apostrophe_goes_before_every_formula_a_reading_could_start():
    assert csv_text("=1+1") == "'=1+1"
    assert csv_text("Penya;=1+1") == "Penya;'=1+1"
    assert csv_text("Club, -2+2") == "Club, '-2+2"
    assert csv_text('x;"@A1') == "x;\"'@A1"
    assert csv_text("a\n+1") == "a\n'+1"
    assert csv_text("Penya Àlex i Çà") == "Penya Àlex i Çà"
    assert csv_text("2=") == "2="
    assert csv_text("Puig-Serra, Anna") == "Puig-Serra, Anna"
    assert csv_text(-4) == -4  # numbers stay numbers


@pytest.mark.parametrize("kind", KINDS)
def test_no_reading_of_the_csv_starts_a_formula(client, event, kind):
    text = download(client, event, kind).decode("utf-8-sig")
    for separator in ",;":
        cells = [cell for row in csv.reader(io.StringIO(text), delimiter=separator)
                 for cell in row]
        assert not [cell for cell in cells if runs(cell)], separator
    # A reading that knows nothing of quotes: split every line on both separators.
    naive = [cell for line in text.splitlines() for cell in re.split("[,;]", line)]
    assert not [cell for cell in naive if runs(cell)]
    # Read as written (","), the names are there, marked as text where they need it.
    fields = {cell for row in csv.reader(io.StringIO(text)) for cell in row}
    if kind == "ranking_csv":
        assert csv_text(HOSTILE["name"]) in fields and csv_text(HOSTILE["club"]) in fields
        players = f"{csv_text(HOSTILE['player1'])} – {csv_text(HOSTILE['player2'])}"
        assert players.replace("\r\n", "\n") in {f.replace("\r\n", "\n") for f in fields}


def libreoffice():
    office = shutil.which("libreoffice") or shutil.which("soffice")
    if office is None:
        print("LibreOffice (libreoffice-calc) is not installed: cannot open the CSV files")
        pytest.skip("LibreOffice (libreoffice-calc) is not installed")
    return office


def open_in_libreoffice(office, tmp_path, content: bytes, separator: str, locale: str = ""):
    """The CSV opened by LibreOffice Calc with ``separator`` between fields (formulas
    evaluated, as when a user opens the file) and saved as a workbook: its first sheet.
    ``locale`` (a language id: 1027 Catalan, 3082 Spanish, 1033 English) reads the numbers as a spreadsheet in that language
    does (its decimal separator)."""
    folder = tmp_path / f"sep{ord(separator)}{locale}"
    folder.mkdir()
    source = folder / "export.csv"
    source.write_bytes(content)
    subprocess.run(
        [office, "--headless", f"-env:UserInstallation=file://{tmp_path}/profile",
         f"--infilter=Text - txt - csv (StarCalc):{ord(separator)},34,76,1,,{locale}",
         "--convert-to", "xlsx", "--outdir", str(folder), str(source)],
        check=True, capture_output=True, timeout=180,
    )
    book = folder / "export.xlsx"
    with zipfile.ZipFile(book) as archive:
        sheets = [n for n in archive.namelist() if n.startswith("xl/worksheets/")]
        assert not any(b"<f>" in archive.read(name) or b"<f " in archive.read(name)
                       for name in sheets), separator
    return load_workbook(book).worksheets[0]


#: Columns (from 1) that hold numbers, read with ",": every data row, or empty in results.
NUMBER_COLUMNS = {"ranking_csv": [2, 6, 7, 8, 9],
                  "results_csv": [1, 2, 3, 11, 12, 13, 14, 15, 16, 17, 18]}


@pytest.mark.libreoffice
@pytest.mark.parametrize("kind", KINDS)
def test_libreoffice_reads_no_formula_with_either_separator(client, event, kind, tmp_path):
    office = libreoffice()
    content = download(client, event, kind)
    sheets = {separator: open_in_libreoffice(office, tmp_path, content, separator)
              for separator in ",;"}
    for separator, sheet in sheets.items():
        formulas = [cell.value for row in sheet.iter_rows() for cell in row
                    if cell.data_type == "f"]
        assert formulas == [], (separator, formulas)
    # Read as written (","): the names show as text, every score is a number.
    rows = list(sheets[","].iter_rows(min_row=2, values_only=True))
    assert rows
    numbers = []
    for row in rows:
        for column in NUMBER_COLUMNS[kind]:
            value = row[column - 1]
            assert value is None or isinstance(value, int | float), (column, value)
            numbers.append(value)
    assert any(isinstance(value, int | float) and value < 0 for value in numbers) or \
        kind == "ranking_csv"
    if kind == "ranking_csv":
        names = [row[2] for row in rows]
        assert csv_text(HOSTILE["name"]) in names and csv_text(QUOTED["name"]) in names


@pytest.mark.libreoffice
@pytest.mark.parametrize(("language", "separator", "locale"),
                         [("ca", ";", "1027"), ("es", ";", "3082"), ("en", ",", "1033")])
def test_the_csv_is_separated_as_the_readers_spreadsheet_expects(client, event, tmp_path,
                                                                 language, separator, locale):
    response = client.get(f"/c/{event.pk}/results/export/ranking_csv/",
                          headers={"accept-language": language})
    text = response.content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=separator))
    assert len({len(row) for row in rows}) == 1 and len(rows[0]) == 9  # every row whole
    totals = [row[5] for row in rows[1:]]
    point = "," if separator == ";" else "."
    assert any(point in total for total in totals)
    assert all(re.fullmatch(r"-?[0-9]+([.,][0-9]+)?", total) for total in totals)
    assert not any(("." if point == "," else ",") in total for total in totals)
    # Opened as a spreadsheet in that language opens it: the totals are numbers.
    sheet = open_in_libreoffice(libreoffice(), tmp_path, response.content, separator, locale)
    read = [row[5] for row in sheet.iter_rows(min_row=2, values_only=True)]
    assert read and all(isinstance(value, int | float) for value in read)
    assert sorted(read) == sorted(float(total.replace(",", ".")) for total in totals)
