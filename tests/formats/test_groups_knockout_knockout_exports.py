"""Groups then knockout, the knockout stage in the files (rules.md 12.4): the printed bracket
(the core's sheet, at the format's URL, linked from the director's bracket page); the
workbook's "Knockout stage" sheet once the bracket is drawn and its "Final ranking" sheet
once the final is decided; the final ranking's CSV file (offered once decided, beside the
group standings' CSV); the ranking sheet's final-ranking page; each read back from the real
file, in the reader's language; and what each file costs, pinned at two sizes."""

from __future__ import annotations

import csv
import io

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from groups_knockout_factories import played_groups_event, played_knockout
from openpyxl import load_workbook
from pypdf import PdfReader
from test_groups_knockout_standings import by_strength, event, play

from scoring.exports import registry
from scoring.models import KnockoutTie
from scoring.services import set_results_public

pytestmark = pytest.mark.django_db

SHARED = '0"="'


def made(championship, key, language="en"):
    return registry.build(registry.get(key, championship), championship, language)


def read_csv(data: bytes) -> list[list[str]]:
    text = data.decode("utf-8-sig")
    dialect = csv.Sniffer().sniff(text.split("\n")[0], delimiters=";,")
    return list(csv.reader(io.StringIO(text), dialect))


def pdf_pages(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def squashed(text: str) -> str:
    return "".join(text.split())


@pytest.fixture
def finished(director):
    """Nine pairs in groups A (5, pair 9 withdrawn) and B (4), two through from each: a
    bracket of four, the first semi-final won by its lower seed, no third-place game.
    Group A: 1, 4, 5, 8, 9; group B: 2, 3, 6, 7. Seeds: 1 pair 2, 2 pair 1, 3 pair 4,
    4 pair 3; semi-finals 2 v 3 (pair 3 wins) and 1 v 4 (pair 1 wins), final 1 v 3."""
    return played_knockout(played_groups_event(director), director, upsets={(1, 1)})


def played_knockout_final(championship, director):
    from scoring.services.knockout import enter_knockout_game

    final = KnockoutTie.objects.get(championship=championship, stage=2, slot=1)
    enter_knockout_game(final, 60, 40, hands=8, by=director)


def test_the_knockout_files_are_offered_once_there_is_something_in_them(director):
    championship = played_groups_event(director)
    assert list(registry.kinds_of(championship)) == ["ranking_pdf", "workbook", "ranking_csv"]
    played_knockout(championship, director, stages=[1])
    assert list(registry.kinds_of(championship)) == [
        "ranking_pdf", "workbook", "ranking_csv", "bracket_pdf"]
    played_knockout_final(championship, director)
    assert list(registry.kinds_of(championship)) == [
        "ranking_pdf", "workbook", "ranking_csv", "final_csv", "bracket_pdf"]


def test_the_workbook_has_the_knockout_sheet_once_drawn(director):
    championship = played_groups_event(director)
    played_knockout(championship, director, stages=[1], upsets={(1, 1)})
    book = load_workbook(io.BytesIO(made(championship, "workbook").data))
    assert [sheet.title for sheet in book.worksheets] == ["Group standings", "Knockout stage"]
    rows = list(book["Knockout stage"].iter_rows(values_only=True))
    assert rows[0] == ("Round", "Tie", "First pair's seed", "First pair number", "First pair",
                       "Second pair's seed", "Second pair number", "Second pair",
                       "Game 1: first pair's points", "Game 1: second pair's points",
                       "Winner's pair number", "Winner")
    assert rows[1:] == [
        ("Semi-finals", 1, 1, 2, "Parella 2", 4, 3, "Parella 3", 40, 60, 3, "Parella 3"),
        ("Semi-finals", 2, 2, 1, "Parella 1", 3, 4, "Parella 4", 60, 40, 1, "Parella 1"),
        # The final: its pairs known (the better seed first), not yet played.
        ("The final", 1, 2, 1, "Parella 1", 4, 3, "Parella 3", None, None, None, None)]


def test_the_workbook_has_the_final_ranking_once_decided(finished):
    book = load_workbook(io.BytesIO(made(finished, "workbook").data))
    assert [sheet.title for sheet in book.worksheets] == [
        "Group standings", "Knockout stage", "Final ranking"]
    knockout = list(book["Knockout stage"].iter_rows(values_only=True))
    assert knockout[3][0] == "The final" and knockout[3][8:] == (60, 40, 1, "Parella 1")
    sheet = book["Final ranking"]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == ("Place", "Pair number", "Pair", "Players", "Club",
                       "Knockout round reached", "Group", "Group place")
    assert [(r[0], r[1], r[5], r[6], r[7]) for r in rows[1:]] == [
        (1, 1, "Winner", "A", 1), (2, 3, "The final", "B", 2),
        (3, 2, "Semi-finals", "B", 1), (3, 4, "Semi-finals", "A", 2),
        # The pairs that did not go through, by group place (9 withdrew, last of group A).
        (5, 5, None, "A", 3), (6, 6, None, "B", 3), (7, 8, None, "A", 4),
        (8, 7, None, "B", 4), (9, 9, None, "A", 5)]
    # "3=": the number 3 shown with an "=" (it sorts as 3); the others plain numbers.
    formats = [row[0].number_format for row in sheet.iter_rows(min_row=2, max_row=6)]
    assert formats == ["0", "0", SHARED, SHARED, "0"]


def test_the_final_ranking_csv(finished):
    file = made(finished, "final_csv")
    assert file.filename == "open-de-la-fira-ranking-knockout.csv"
    rows = read_csv(file.data)
    assert rows[0] == ["Place", "Pair number", "Pair", "Players", "Club",
                       "Knockout round reached", "Group", "Group place"]
    assert [(r[0], r[1], r[5], r[6], r[7]) for r in rows[1:]] == [
        ("1", "1", "Winner", "A", "1"), ("2", "3", "The final", "B", "2"),
        ("3=", "2", "Semi-finals", "B", "1"), ("3=", "4", "Semi-finals", "A", "2"),
        ("5", "5", "", "A", "3"), ("6", "6", "", "B", "3"), ("7", "8", "", "A", "4"),
        ("8", "7", "", "B", "4"), ("9", "9", "", "A", "5")]
    # The group standings' CSV stays the group standings.
    assert read_csv(made(finished, "ranking_csv").data)[0][:2] == ["Group", "Place"]


def test_the_ranking_sheet_shows_the_final_ranking_first_then_the_groups(director, finished):
    pages = pdf_pages(made(finished, "ranking_pdf").data)
    assert len(pages) == 3
    first = squashed(pages[0])
    assert "Finalranking" in first and "Knockoutroundreached" in first
    for line in ("11.Parella1", "23.Parella3", "3=2.Parella2", "3=4.Parella4",
                 "99.Parella9(withdrawn)"):
        assert line in first
    assert first.index("3=2.Parella2") < first.index("3=4.Parella4") < first.index(
        "55.Parella5")
    assert "1ingroupA" in first and "2ingroupB" in first
    assert "Group A" in pages[1] and "Group B" in pages[2]
    # Before the final is decided: the groups only.
    championship = played_groups_event(director)
    played_knockout(championship, director, stages=[1])
    pages = pdf_pages(made(championship, "ranking_pdf").data)
    assert len(pages) == 2 and "Knockout round reached" not in pages[0]


def test_the_printed_bracket_at_the_format_url(finished, director, director_client):
    url = reverse("groups_knockout:bracket_sheet", args=[finished.pk])
    page = director_client.get(reverse("groups_knockout:bracket", args=[finished.pk]),
                               HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'href="{url}"' in page
    response = director_client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "no-store" in response["Cache-Control"]
    (text,) = pdf_pages(response.content)
    flat = squashed(text)
    assert "Semi-finals" in text and "The final" in text and "Each tie is one game." in text
    # Each side's seed, pair and points; the winner marked.
    assert "12.Parella240" in flat and "43.Parella3·through60" in flat
    assert "21.Parella1·through60" in flat and "34.Parella440" in flat
    assert flat.count("·through") == 3
    # The same sheet among the exports.
    assert squashed(pdf_pages(made(finished, "bracket_pdf").data)[0]).count("·through") == 3


def test_the_printed_bracket_is_only_the_directors(finished, django_user_model):
    url = reverse("groups_knockout:bracket_sheet", args=[finished.pk])
    other = Client()
    other.force_login(django_user_model.objects.create_user("altre", password="x" * 12))
    assert other.get(url).status_code == 404
    assert Client().get(url).status_code == 302  # to the login page
    assert other.post(url).status_code == 405


@pytest.mark.parametrize(("language", "words"), [
    ("ca", ["Posició", "Guanyador", "Semifinals"]),
    ("es", ["Puesto", "Ganador", "Semifinales"]),
    ("en", ["Place", "Winner", "Semi-finals"])])
def test_the_final_ranking_speaks_the_readers_language(finished, language, words):
    rows = read_csv(made(finished, "final_csv", language).data)
    assert rows[0][0] == words[0]
    assert rows[1][5] == words[1] and rows[3][5] == words[2]


def test_the_public_download_of_the_final_ranking(finished, director):
    set_results_public(finished, True, user=director)
    response = Client().get(reverse("scoring:export", args=[finished.pk, "final_csv"]),
                            HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    body = b"".join(response.streaming_content) if response.streaming else response.content
    assert [row[0] for row in read_csv(body)[1:5]] == ["1", "2", "3=", "3="]


def file_queries(director, pairs: int, **settings) -> dict[str, int]:
    """The queries of each knockout file of a finished event of ``pairs`` pairs."""
    championship = event(director, pairs, **settings)
    play(championship, director, by_strength())
    played_knockout(championship, director)
    counts = {}
    for key in ("workbook", "final_csv", "ranking_pdf", "bracket_pdf"):
        kind = registry.get(key, championship)
        with CaptureQueriesContext(connection) as queries:
            registry.build(kind, championship, "en")
        counts[key] = len(queries)
    return counts


def test_what_the_knockout_files_cost_does_not_grow_with_the_event(director,
                                                                    pdf_layout_skipped):
    small = file_queries(director, 8, bracket_size=4)  # 2 groups, a bracket of 4
    large = file_queries(director, 32, third_place=True)  # 8 groups, a bracket of 8
    assert small == large, (small, large)
    # The group stage (4), the bracket's ties, games and reports (3), the settings.
    assert small == {"workbook": 8, "final_csv": 6, "ranking_pdf": 8, "bracket_pdf": 3}, small


def test_the_kept_public_workbook_is_made_again_when_a_knockout_game_is_entered(
        director, settings, tmp_path):
    # Kept files of its own: another test's championship may have had the same id.
    settings.EXPORTS_DIR = tmp_path / "exports"
    championship = played_groups_event(director)
    played_knockout(championship, director, stages=[1])
    set_results_public(championship, True, user=director)
    url = reverse("scoring:export", args=[championship.pk, "workbook"])

    def sheets():
        response = Client().get(url, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 200
        body = (b"".join(response.streaming_content) if response.streaming
                else response.content)
        return [sheet.title for sheet in load_workbook(io.BytesIO(body)).worksheets]

    assert sheets() == ["Group standings", "Knockout stage"]
    played_knockout_final(championship, director)
    assert sheets() == ["Group standings", "Knockout stage", "Final ranking"]
