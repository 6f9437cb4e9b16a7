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
    # As a Catalan spreadsheet reads a CSV: ";" between fields, a decimal comma.
    lines = list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=";"))
    assert lines[0][0] == "Posició"
    assert [line[5] for line in lines[1:]] == [
        engine.show_score(r.total).replace(".", ",") for r in rows]
    book = load_workbook(io.BytesIO(
        client.get(f"/c/{event.pk}/results/export/workbook/", **headers).content))
    ws = book.worksheets[0]
    assert ws.title == "Classificació"
    # Exact totals, shown with 2 decimals (the sums below add up).
    assert [ws.cell(row=i, column=6).value for i in range(2, len(rows) + 2)] == [
        pytest.approx(float(r.total), abs=1e-12) for r in rows
    ]
    assert {ws.cell(row=i, column=6).number_format for i in range(2, len(rows) + 2)} == {"0.00"}
    api = client.get(f"/api/v1/championships/{event.pk}/standings/", **headers)
    assert [row["total"] for row in api.json()["results"]] == [
        engine.show_score(r.total) for r in rows
    ]


def test_the_workbooks_results_add_up_to_its_ranking(client, event):
    """Each team's finals in the Results sheet sum to its total in the Ranking sheet, to the
    hundredth a reader sees: the cells hold exact values, shown with 2 decimals (a sum of
    rounded cells drifts: 8.45 against 8.46)."""
    book = load_workbook(io.BytesIO(client.get(
        f"/c/{event.pk}/results/export/workbook/", HTTP_ACCEPT_LANGUAGE="en").content))
    ranking, results = book["Ranking"], book["Results"]
    header = [cell.value for cell in results[1]]
    at = {name: header.index(name) for name in
          ("NS pair", "EW pair", "NS final", "EW final")}
    sums: dict[int, float] = {}
    drift = 0.0
    for row in results.iter_rows(min_row=2, values_only=True):
        for side in ("NS", "EW"):
            final = row[at[f"{side} final"]]
            if final is not None:
                number = int(row[at[f"{side} pair"]].split(".")[0])  # "3. Team 3"
                sums[number] = sums.get(number, 0.0) + final
                drift += abs(final - round(final, 2))
    assert {cell.number_format for cell in results["O"][1:] + results["P"][1:]} == {"0.00"}
    byes = {team.number: Fraction(0) for team in event.teams.all()}
    for round_ in event.rounds.filter(status="closed").exclude(bye_team=None):
        byes[round_.bye_team.number] += Fraction(3, 2) * round_.deals.count()
    for row in ranking.iter_rows(min_row=2, values_only=True):
        number, total = row[1], row[5]
        summed = Fraction(sums[number]).limit_denominator(10**6) + byes[number]
        assert engine.show_score(summed) == engine.show_score(
            Fraction(total).limit_denominator(10**6)), number
    assert drift > 0.001  # some finals are not whole hundredths: rounded cells would drift
