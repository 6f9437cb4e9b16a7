"""Scores in the reader's language: a decimal comma in Catalan and Spanish, a point in
English, on pages and in PDFs; spreadsheets, CSV and the API keep numbers."""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction

import pytest
from django.utils import translation
from exports_event import make_event, publish
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import load_workbook
from pypdf import PdfReader

import engine
from scoring import numbers


@pytest.fixture(autouse=True)
def exports_folder(settings, tmp_path):
    settings.EXPORTS_DIR = tmp_path / "exports"


@pytest.fixture
def event(db, director):
    return publish(make_event(director))


@given(st.fractions(min_value=-100, max_value=100))
def test_the_comma_is_the_only_difference(value):
    plain = engine.show_score(value)
    for language, mark in (("ca", ","), ("es", ","), ("en", ".")):
        with translation.override(language):
            assert numbers.show_score(value) == plain.replace(".", mark)
    assert numbers.score_number(value) == numbers.score_number(Fraction(plain))


SCORE = re.compile(r"\b\d+([.,])\d\d\b")


@pytest.mark.parametrize(("language", "mark"), [("ca", ","), ("es", ","), ("en", ".")])
def test_pages_and_pdfs_use_the_readers_decimal_mark(client, event, language, mark):
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    response = client.get(f"/c/{event.pk}/results/", **headers)
    rows = response.context["rows"]
    assert all(mark in row.total_shown for row in rows)
    assert rows[0].total_shown in response.content.decode()
    table = client.get(f"/c/{event.pk}/results/teams/1/", **headers).content.decode()
    marks = {m.group(1) for m in SCORE.finditer(table)}
    assert marks == {mark}
    pdf = client.get(f"/c/{event.pk}/results/export/ranking_pdf/", **headers).content
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert rows[0].total_shown in text
    body = text.split("\n", 3)[3]  # after the heading (dates may hold points)
    assert {m.group(1) for m in SCORE.finditer(body)} == {mark}


def test_spreadsheets_csv_and_the_api_keep_numbers_in_catalan(client, event):
    headers = {"HTTP_ACCEPT_LANGUAGE": "ca"}
    rows = client.get(f"/c/{event.pk}/results/", **headers).context["rows"]
    content = client.get(f"/c/{event.pk}/results/export/ranking_csv/", **headers).content
    lines = list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))
    assert lines[0][0] == "Posició"
    assert [line[5] for line in lines[1:]] == [engine.show_score(r.total) for r in rows]
    book = load_workbook(io.BytesIO(
        client.get(f"/c/{event.pk}/results/export/workbook/", **headers).content))
    ws = book.worksheets[0]
    assert ws.title == "Classificació"
    assert [ws.cell(row=i, column=6).value for i in range(2, len(rows) + 2)] == [
        float(engine.show_score(r.total)) for r in rows
    ]
    api = client.get(f"/api/v1/championships/{event.pk}/standings/", **headers)
    totals = [row["total"] for row in api.json()["results"]]
    assert totals == [engine.show_score(r.total) for r in rows]
