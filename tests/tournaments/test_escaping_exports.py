"""The hostile names of test_escaping.py in every export: the ranking, travellers and
scorecards PDFs show them as text; in the Excel workbook every one is a plain string cell
(never a formula; formula-looking ones marked as text) and in the CSV files a
formula-looking name carries the apostrophe that keeps a spreadsheet from running it
(test_exports_csv_readings.py: the same behind a "," or ";" inside a name)."""

from __future__ import annotations

import csv
import io
import re
import zipfile

import pytest
from django.test import Client
from openpyxl import load_workbook
from test_escaping import FORMULA, NAMES, _pdf_text, hostile  # noqa: F401 (the fixture)

from scoring.exports.text import csv_text, looks_like_formula

pytestmark = pytest.mark.django_db


@pytest.fixture
def exports_folder(settings, tmp_path):
    settings.EXPORTS_DIR = tmp_path / "exports"


def _download(championship, kind: str) -> bytes:
    response = Client(headers={"accept-language": "en"}).get(
        f"/c/{championship.pk}/results/export/{kind}/")
    assert response.status_code == 200, (kind, response.content[:300])
    return response.content


@pytest.mark.parametrize("kind", ["ranking_pdf", "travellers_pdf", "scorecards_pdf"])
def test_hostile_names_show_as_text_in_the_exported_pdfs(hostile, exports_folder,  # noqa: F811
                                                         kind):
    text = _pdf_text(_download(hostile[0], kind))
    for name in NAMES:
        assert re.sub(r"\s+", "", name) in text, (kind, name)


def test_hostile_names_are_plain_text_cells_in_the_workbook(hostile, exports_folder):  # noqa: F811
    content = _download(hostile[0], "workbook")
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        for sheet in (n for n in archive.namelist() if n.startswith("xl/worksheets/")):
            assert b"<f>" not in archive.read(sheet) and b"<f " not in archive.read(sheet)
    workbook = load_workbook(io.BytesIO(content))
    found: dict[str, set[str]] = {}
    for sheet in workbook.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if cell.value in NAMES:
                    assert cell.data_type == "s", (sheet.title, cell.coordinate)
                    if looks_like_formula(cell.value):
                        assert cell.quotePrefix, (sheet.title, cell.value)
                    found.setdefault(cell.value, set()).add(sheet.title)
    assert set(found) == set(NAMES)
    assert all({"Pairs", "Ranking"} <= sheets for sheets in found.values()), found


@pytest.mark.parametrize("kind", ["ranking_csv", "results_csv"])
def test_hostile_names_cannot_run_as_formulas_in_the_csv_files(hostile, exports_folder,  # noqa: F811
                                                               kind):
    content = _download(hostile[0], kind).decode("utf-8-sig")
    fields = [field for row in csv.reader(io.StringIO(content)) for field in row]
    for field in fields:
        # Only a number may start like a formula (a negative score).
        if looks_like_formula(field):
            assert re.fullmatch(r"-[0-9.,/]+", field), (kind, field)
    # The ranking lists every team; the results, the teams of the table with a result.
    table = hostile[2]
    names = NAMES if kind == "ranking_csv" else [table.ns_team.name, table.ew_team.name]
    for name in names:
        # An apostrophe before each formula start, the first or one behind a ";" ("--").
        assert any(csv_text(name) in field for field in fields), (kind, name)
    assert FORMULA not in fields
