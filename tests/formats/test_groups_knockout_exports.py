"""The groups-then-knockout exports (rules.md 12.2): the group standings as CSV, in the
workbook and on the ranking sheet (PDF), read back from the real files; each shows the
standings page's figures after the closed rounds only (a round still open never counts,
"after round N" counts rounds 1 to N), in the reader's language."""

from __future__ import annotations

import csv
import io

import pytest
from built_once import module_world
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from groups_knockout_factories import played_groups_event
from openpyxl import load_workbook
from pypdf import PdfReader

from formats.groups_knockout.standings import group_stage
from scoring.exports import registry
from scoring.services import set_results_public
from scoring.services.games import GameValues, director_set_game
from tournaments import services

pytestmark = pytest.mark.django_db


def build_the_world():
    director = get_user_model().objects.create_user("director1", password="secret-pass-1")
    return director, played_event(director)


# The event, built once for the module; the tests read it, each in its own savepoint
# (tests/built_once.py).
built, world = module_world(build_the_world)


@pytest.fixture
def director(world):
    """The world's director1, in place of the suite's fixture of that name."""
    return world[0]


@pytest.fixture
def event(world):
    return world[1]


def played_event(director):
    """Rounds 1 and 2 closed (pair 9 withdrawn after round 1), round 3 released with every
    game set by the director but not closed; results published."""
    championship = played_groups_event(director, finish_rounds=False)
    (round3,) = services.generate_next_round(championship)
    services.release_round(round3, by=director)
    for table in round3.tables.filter(bye_team=None).select_related("ns_team", "ew_team"):
        director_set_game(table=table, values=GameValues(90, 10, "hands", 8), user=director)
    set_results_public(championship, True, user=director)
    championship.refresh_from_db()
    return championship


def expected(championship, up_to):
    """(group, place, pair number, match points, games, points for, points against)."""
    return [(view.letter, row.place, row.team.number, row.line.match_points, row.line.games,
             row.line.points_for, row.line.points_against)
            for view in group_stage(championship, up_to=up_to).groups for row in view.rows]


def read_csv(data: bytes) -> list[list[str]]:
    """The rows of a CSV file (";" between values in Catalan and Spanish, "," in English)."""
    text = data.decode("utf-8-sig")
    dialect = csv.Sniffer().sniff(text.split("\n")[0], delimiters=";,")
    return list(csv.reader(io.StringIO(text), dialect))


def figures(rows):
    return [(r[0], r[1], int(r[2]), int(r[6]), int(r[7]), int(r[11]), int(r[12]))
            for r in rows[1:]]


def made(championship, key, language="en", after=None):
    return registry.build(registry.get(key, championship), championship, language, after=after)


def test_the_format_offers_its_standings_files(event):
    assert list(registry.kinds_of(event)) == ["ranking_pdf", "workbook", "ranking_csv"]


def test_the_csv_has_the_standings_after_the_closed_rounds(event):
    assert expected(event, 2) != expected(event, None)  # round 3's games would change it
    rows = read_csv(made(event, "ranking_csv").data)
    assert rows[0][:3] == ["Group", "Place", "Pair number"]
    assert figures(rows) == expected(event, 2)
    assert {r[0] for r in rows[1:]} == {"A", "B"}


def test_the_csv_after_round_1_counts_round_1_only(event):
    file = made(event, "ranking_csv", after=1)
    assert figures(read_csv(file.data)) == expected(event, 1) != expected(event, 2)
    assert "round-1" in file.filename


def test_the_workbook_has_one_sheet_with_the_group_column(event):
    book = load_workbook(io.BytesIO(made(event, "workbook").data))
    (sheet,) = book.worksheets
    assert sheet.title == "Group standings"
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][:4] == ("Group", "Place", "Pair number", "Pair")
    got = [(r[0], str(r[1]), r[2], r[6], r[7], r[11], r[12]) for r in rows[1:]]
    assert got == [(g, place.rstrip("="), *rest) for g, place, *rest in expected(event, 2)]
    assert all(isinstance(r[1], int) and isinstance(r[6], int) for r in rows[1:])


def test_the_ranking_sheet_pdf_has_each_group_on_its_page(event):
    reader = PdfReader(io.BytesIO(made(event, "ranking_pdf").data))
    pages = [page.extract_text() for page in reader.pages]
    assert len(pages) == 2
    assert "Group A" in pages[0] and "Group B" in pages[1]
    assert "After round 2" in pages[0]
    for page, letter in zip(pages, "AB", strict=True):
        for group, _place, number, _points, _games, points_for, _against in expected(event, 2):
            if group == letter:
                assert f"{number}. Parella {number}" in page
                assert f"{points_for}" in page
    # Pair 9 withdrew; its walkovers are listed under its group.
    assert "(withdrawn)" in pages[0] and "Walkover" in pages[0]


@pytest.mark.parametrize(("language", "group", "place"),
                         [("ca", "Grup", "Posició"), ("es", "Grupo", "Puesto"),
                          ("en", "Group", "Place")])
def test_the_files_speak_the_readers_language(event, language, group, place):
    assert read_csv(made(event, "ranking_csv", language).data)[0][:2] == [group, place]
    pdf = PdfReader(io.BytesIO(made(event, "ranking_pdf", language).data))
    assert place in pdf.pages[0].extract_text()


def test_the_public_download_stands_after_the_closed_rounds(event):
    response = Client().get(reverse("scoring:export", args=[event.pk, "ranking_csv"]))
    assert response.status_code == 200
    body = b"".join(response.streaming_content) if response.streaming else response.content
    assert figures(read_csv(body)) == expected(event, 2)
