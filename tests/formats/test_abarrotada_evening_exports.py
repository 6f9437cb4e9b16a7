"""A free-deal evening's exports (rules.md 10.4): the ranking sheet as a real PDF, the Excel
workbook and the CSV files, through the format's kinds like any championship's; each shows
the evening's standings after the closed rounds only."""

from __future__ import annotations

import csv
import io
import random

import pdfplumber
import pytest
from abarrotada_factories import make_evening, next_round, seated
from django.urls import reverse
from openpyxl import load_workbook

from formats.abarrotada import evening
from formats.abarrotada import services as ab
from formats.abarrotada.services import TotalsValues
from scoring.exports.registry import build, kinds_of
from scoring.services import set_results_public
from tournaments import services

pytestmark = pytest.mark.django_db


def play(round_, rng) -> None:
    for table in round_.player_tables.all():
        who = seated(table)
        totals = {seat: rng.choice([0, 2, 5, 8, 13]) for seat in who}
        entry, _created = ab.submit_totals(player=who["N"], table=table, idempotency_key=None,
                                           values=TotalsValues(totals))
        ab.confirm_totals(entry_id=entry.pk, player=who["E"])


@pytest.fixture
def event(director):
    rng = random.Random(11)
    championship = make_evening(director, players=9, rounds=3)
    for _ in range(2):
        round_ = next_round(championship, director)
        play(round_, rng)
        services.close_round(round_, by=director)
    play(next_round(championship, director), rng)  # round 3 is in play: not exported
    return championship


def closed_standings(championship):
    return evening.evening_standings(championship)


def test_the_evening_offers_the_ranking_the_workbook_and_the_csv_files(event):
    assert list(kinds_of(event)) == ["ranking_pdf", "workbook", "ranking_csv", "results_csv"]


def test_the_ranking_sheet_is_a_pdf_of_the_standings(event):
    made = build(kinds_of(event)["ranking_pdf"], event, "en")
    assert made.content_type == "application/pdf" and made.filename.endswith(".pdf")
    with pdfplumber.open(io.BytesIO(made.data)) as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    lines = closed_standings(event)
    assert "Games won" in text and "After round 2" in text
    for line in lines:
        assert f"{line.number}. {line.name}" in text
    top = lines[0]
    assert f"{top.place} {top.number}. {top.name}" in text


def test_the_workbook_adds_up_to_the_standings(event):
    made = build(kinds_of(event)["workbook"], event, "en")
    book = load_workbook(io.BytesIO(made.data))
    assert book.sheetnames == ["Ranking", "Results"]
    ranking = list(book["Ranking"].iter_rows(min_row=2, values_only=True))
    lines = {line.number: line for line in closed_standings(event)}
    assert {row[1]: (row[0], row[4], row[5], row[6], row[7]) for row in ranking} == {
        n: (line.place, line.total, line.games_won, line.games, line.sat_out)
        for n, line in lines.items()}
    results = list(book["Results"].iter_rows(min_row=2, values_only=True))
    assert {row[0] for row in results} == {1, 2}  # closed rounds only
    played = {}
    for row in results:
        if row[5] is not None:
            played[row[3]] = played.get(row[3], 0) + row[5]
    for number, line in lines.items():
        if not line.sat_out:  # a sit-out's average counts in the ranking only
            assert played[number] == line.total
    assert sum(row[2] == "sits out" for row in results) == sum(
        line.sat_out for line in lines.values()) > 0


def test_the_csv_files_parse_to_the_standings(event):
    kinds = kinds_of(event)
    made = build(kinds["ranking_csv"], event, "en")
    rows = list(csv.reader(io.StringIO(made.data.decode("utf-8-sig"))))
    assert rows[0][:3] == ["Place", "Player number", "Player"]
    assert [(int(r[1]), int(r[4])) for r in rows[1:]] == [
        (line.number, line.total) for line in closed_standings(event)]
    results = list(csv.reader(io.StringIO(build(kinds["results_csv"], event, "en")
                                          .data.decode("utf-8-sig"))))
    assert results[0] == ["Round", "Table", "Seat", "Player number", "Player", "Game total"]
    assert {r[0] for r in results[1:]} == {"1", "2"}


def test_each_kind_downloads_from_the_results_pages(client, director_client, event, director):
    set_results_public(event, True, user=director)
    for key, opened in (("ranking_pdf", lambda b: b.startswith(b"%PDF")),
                        ("workbook", lambda b: load_workbook(io.BytesIO(b)).sheetnames),
                        ("ranking_csv", lambda b: b.startswith(b"\xef\xbb\xbfPlace")),
                        ("results_csv", lambda b: b"Game total" in b)):
        response = client.get(reverse("scoring:export", args=[event.pk, key]),
                              HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 200, key
        assert opened(b"".join(response.streaming_content) if response.streaming
                      else response.content), key
    page = director_client.get(reverse("scoring:director_exports", args=[event.pk]),
                               HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Ranking sheet (PDF)" in page and "Excel workbook" in page
