"""The files of a series ranking (series.files): the ranking sheet (PDF), the workbook and
the CSV, each read back as a reader would; the public's count only the championships whose
results are public (whoever downloads them), the directors' count every one."""

from __future__ import annotations

import csv
import io
from datetime import date

import pytest
from django.test import Client
from openpyxl import load_workbook
from pypdf import PdfReader
from series_factories import finished, series_of

from series.models import Series
from tournaments.models import Championship

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
KINDS = ["ranking_pdf", "workbook", "ranking_csv"]
SECRET = "Secret Cup"


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def csv_rows(content: bytes, delimiter: str = ",") -> list[list[str]]:
    text = content.decode("utf-8")
    assert text.startswith("\ufeff")  # so that spreadsheets open the accents right
    return list(csv.reader(io.StringIO(text[1:]), delimiter=delimiter))


def sheets(content: bytes) -> dict[str, list[list]]:
    workbook = load_workbook(io.BytesIO(content))
    return {ws.title: [[cell.value for cell in row] for row in ws.iter_rows()]
            for ws in workbook}


def number_formats(content: bytes, title: str) -> list[list[str]]:
    ws = load_workbook(io.BytesIO(content))[title]
    return [[cell.number_format for cell in row] for row in ws.iter_rows(min_row=2)]


@pytest.fixture(autouse=True)
def _exports_dir(settings, tmp_path):
    settings.EXPORTS_DIR = tmp_path / "exports"


@pytest.fixture
def series(director):
    """Two public championships and one whose results are not public; best 2 results.

    Anna and Bernat win the first and the hidden third; Carla and Dídac win the second."""
    first = finished(director, [("Anna", "Bernat"), ("Carla", "Dídac"), ("Eva", "Ferran")],
                     name="Open de Reus")
    second = finished(director, [("Carla", "Dídac"), ("Anna", "Bernat"), ("Eva", "Ferran")],
                      name="Open de Valls")
    hidden = finished(director, [("Anna", "Bernat"), ("Eva", "Ferran")], public=False,
                      name=SECRET)
    return series_of(director, [first, second, hidden], name="Lliga del Casal 2026",
                     best_of=2, results_public=True)


def public(kind: str, series: Series, **headers):
    answer = Client().get(f"/series/{series.pk}/files/{kind}/", **(headers or EN))
    assert answer.status_code == 200, answer.content[:300]
    return answer


def directors(client, kind: str, series: Series, **headers):
    answer = client.get(f"/director/series/{series.pk}/files/{kind}/", **(headers or EN))
    assert answer.status_code == 200, answer.content[:300]
    assert "no-store" in answer["Cache-Control"]
    return answer


# --- The ranking sheet (PDF) ----------------------------------------------------------------


def test_the_public_ranking_sheet_counts_the_public_championships_only(series):
    answer = public("ranking_pdf", series)
    assert answer["Content-Type"] == "application/pdf"
    assert answer["Content-Disposition"] == (
        'attachment; filename="lliga-del-casal-2026-ranking.pdf"')
    text = pdf_text(answer.content)
    assert "Lliga del Casal 2026" in text and "Series ranking" in text
    assert "Open de Reus" in text and "Open de Valls" in text
    assert SECRET not in text and "Directors' copy" not in text
    lines = text.splitlines()
    # Carla and Dídac, then Anna and Bernat share on 45 (more recent win): the shared places.
    assert "1= Carla Casal 45.00 20.00 25.00" in lines
    assert "3= Anna Casal 45.00 25.00 20.00" in lines
    assert "Page 1 of 1" in text and "Made " in text
    assert "best 2 results counted" in text


def test_the_directors_sheet_counts_every_championship_and_brackets_the_left_out(
        director_client, series):
    text = pdf_text(directors(director_client, "ranking_pdf", series).content)
    assert SECRET in text and "Directors' copy" in text
    lines = text.splitlines()
    # Anna's 20 of the second championship is not among her best 2: in brackets.
    assert "1= Anna Casal 50.00 25.00 (20.00) 25.00" in lines
    assert "3= Carla Casal 45.00 20.00 25.00 —" in lines
    assert "Points in brackets are not counted" in text


def test_the_pdf_opens_as_its_print_ready_page(series, settings):
    page = public("ranking_pdf", series, **{"QUERY_STRING": "as=page", **EN})
    body = page.content.decode()
    assert page["Content-Type"].startswith("text/html")
    assert "data-print" in body and "(20.00)" not in body and SECRET not in body
    assert not (settings.EXPORTS_DIR / "public").exists()  # a page is never kept


# --- The workbook ---------------------------------------------------------------------------


def test_the_workbook_has_numbers_and_the_championships(director_client, series):
    Championship.objects.filter(name="Open de Reus").update(starts_on=date(2026, 3, 14))
    content = directors(director_client, "workbook", series).content
    assert "Directors' copy" in load_workbook(io.BytesIO(content)).properties.description
    found = sheets(content)
    assert list(found) == ["Ranking", "Championships"]
    ranking = found["Ranking"]
    assert ranking[0] == ["Place", "Player", "Club", "Total", "1. Open de Reus",
                          "2. Open de Valls", f"3. {SECRET}"]
    assert ranking[1] == [1, "Anna", "Casal", 50, 25, 20, 25]
    assert ranking[3] == [3, "Carla", "Casal", 45, 20, 25, None]
    formats = number_formats(content, "Ranking")
    # Shared places read "1="; points 2 decimals; the left-out ones in brackets.
    assert formats[0][:2] == ['0"="', "General"]
    assert formats[0][3:] == ["0.00", "0.00", '"("0.00")"', "0.00"]
    assert found["Championships"] == [
        ["Position", "Name", "Dates", "Format", "Status", "Counted"],
        [1, "Open de Reus", "14/03/2026", "Duplicate pairs", "Finished", "Counted"],
        [2, "Open de Valls", None, "Duplicate pairs", "Finished", "Counted"],
        [3, SECRET, None, "Duplicate pairs", "Finished", "Counted"],
    ]


def test_the_public_workbook_holds_nothing_of_a_non_public_championship(series):
    found = sheets(public("workbook", series).content)
    cells = [str(value) for rows in found.values() for row in rows for value in row]
    assert not any(SECRET in cell for cell in cells)
    assert found["Ranking"][1] == [1, "Carla", "Casal", 45, 20, 25]
    assert [row[1] for row in found["Championships"][1:]] == ["Open de Reus", "Open de Valls"]


# --- The CSV --------------------------------------------------------------------------------


def test_the_csv_gives_points_and_whether_they_count(director_client, series):
    rows = csv_rows(directors(director_client, "ranking_csv", series).content)
    assert rows[0][:6] == ["Place", "Player", "Club", "Total", "1. Open de Reus",
                           "1. Open de Reus: counted"]
    assert rows[1] == ["1=", "Anna", "Casal", "50.00", "25.00", "yes", "20.00", "no",
                       "25.00", "yes"]
    assert rows[3][-2:] == ["", ""]  # Carla did not play the third


def test_the_public_csv_counts_the_public_championships_only(director_client, series):
    content = public("ranking_csv", series).content
    assert SECRET.encode() not in content
    # The public file is the same for everyone: its directors' download of it too.
    mine = director_client.get(f"/series/{series.pk}/files/ranking_csv/", **EN)
    assert mine.content == content
    rows = csv_rows(content)
    assert len(rows[0]) == 8 and rows[1][:4] == ["1=", "Carla", "Casal", "45.00"]


def test_in_catalan_the_csv_takes_semicolons_and_decimal_commas(series):
    answer = public("ranking_csv", series, HTTP_ACCEPT_LANGUAGE="ca")
    assert answer["Content-Disposition"].endswith('-classificacio.csv"')
    rows = csv_rows(answer.content, delimiter=";")
    assert rows[0][0] == "Posició" and rows[1][3] == "45,00"


def test_a_name_that_looks_like_a_formula_stays_text(director):
    championship = finished(director, [("=HYPERLINK(1)", "Berta")], name="+Open")
    series = series_of(director, [championship], results_public=True)
    rows = csv_rows(public("ranking_csv", series).content)
    assert rows[0][4] == "1. +Open"  # not at a cell's start: harmless as it is
    assert rows[1][1] == "'=HYPERLINK(1)"
    ranking = sheets(public("workbook", series).content)["Ranking"]
    assert ranking[1][1] == "=HYPERLINK(1)"  # stored as text, not a formula


def test_a_public_file_is_made_once_per_state_of_the_ranking(director_client, series,
                                                             settings):
    folder = settings.EXPORTS_DIR / "public"
    first = public("ranking_pdf", series).content
    assert public("ranking_pdf", series).content == first  # the kept copy ("Made" the same)
    assert len(list(folder.iterdir())) == 1
    # A change in what it shows makes a new file; the directors' are never kept.
    Series.objects.filter(pk=series.pk).update(best_of=1)
    changed = pdf_text(public("ranking_pdf", series).content)
    assert "1= Carla Casal 25.00 (20.00) 25.00" in changed.splitlines()
    directors(director_client, "ranking_pdf", series)
    assert len(list(folder.iterdir())) == 2


# --- Who may have them ----------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_public_files_404_until_the_ranking_is_public_even_for_its_directors(
        director_client, series, kind):
    Series.objects.filter(pk=series.pk).update(results_public=False)
    url = f"/series/{series.pk}/files/{kind}/"
    assert Client().get(url).status_code == 404
    assert director_client.get(url).status_code == 404  # theirs are under /director/
    assert director_client.get(f"/director/series/{series.pk}/files/{kind}/").status_code == 200


@pytest.mark.parametrize("kind", KINDS)
def test_another_director_and_the_public_cannot_have_the_directors_files(
        series, other_director, kind):
    url = f"/director/series/{series.pk}/files/{kind}/"
    other = Client()
    other.force_login(other_director)
    assert other.get(url).status_code == 404
    assert Client().get(url).status_code == 302  # to the login page


def test_bad_ids_and_kinds_are_not_found(director_client, series):
    for url in (f"/series/{series.pk}/files/travellers_pdf/",
                f"/director/series/{series.pk}/files/travellers_pdf/",
                f"/series/{series.pk + 1000}/files/workbook/",
                f"/director/series/{series.pk + 1000}/files/workbook/"):
        assert director_client.get(url).status_code == 404, url


def test_files_are_read_only_and_a_head_makes_nothing(director_client, series,
                                                      django_assert_num_queries):
    url = f"/series/{series.pk}/files/workbook/"
    assert Client().post(url).status_code == 405
    with django_assert_num_queries(1):  # the series alone: no ranking read
        answer = Client().head(url)
    assert answer.status_code == 200 and answer["Content-Disposition"].endswith('.xlsx"')


def test_the_pages_link_the_files(director_client, series):
    page = Client().get(f"/series/{series.pk}/", **EN).content.decode()
    assert f'href="/series/{series.pk}/files/ranking_pdf/"' in page
    assert f'href="/series/{series.pk}/files/ranking_pdf/?as=page"' in page
    mine = director_client.get(f"/director/series/{series.pk}/", **EN).content.decode()
    assert f'href="/director/series/{series.pk}/files/workbook/"' in mine
    Series.objects.filter(pk=series.pk).update(results_public=False)
    page = director_client.get(f"/series/{series.pk}/", **EN).content.decode()
    assert "/files/" not in page  # no public file before the ranking is public


# --- The API --------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "content_type"), [
    ("ranking_pdf", "application/pdf"),
    ("workbook", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    ("ranking_csv", "text/csv; charset=utf-8")])
def test_the_api_gives_each_file_with_the_rankings_visibility(director_client, series, kind,
                                                              content_type):
    url = f"/api/v1/series/{series.pk}/files/{kind}/"
    anyone = Client().get(url, **EN)
    assert anyone.status_code == 200 and anyone["Content-Type"] == content_type
    assert anyone["Content-Disposition"].startswith('attachment; filename="lliga-del-casal')
    mine = director_client.get(url, **EN)
    assert mine.status_code == 200 and "no-store" in mine["Cache-Control"]
    if kind == "ranking_csv":
        assert SECRET.encode() not in anyone.content and SECRET.encode() in mine.content
    Series.objects.filter(pk=series.pk).update(results_public=False)
    refused = Client().get(url)
    assert refused.status_code == 404 and refused["Content-Type"] == "application/json"
    assert Client().get(f"/api/v1/series/{series.pk + 1000}/files/{kind}/").status_code == 404


# --- What a file costs ----------------------------------------------------------------------


def sized_series(director, championships: int, pairs: int) -> Series:
    made = [finished(director, [(f"A{i}", f"B{i}") for i in range(pairs)],
                     places=[*range(1, pairs + 1)][::-1] if number % 2 else None,
                     public=number != 1)
            for number in range(championships)]
    return series_of(director, made, best_of=2, results_public=True)


#: The queries of a file, whatever the size of the series: the ranking's (the
#: championships; their final places with their players; the players' names) and the
#: championships' days.
FILE_QUERIES = 4


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("championships", "pairs"), [(2, 2), (5, 12)])
def test_a_file_reads_a_fixed_number_of_queries(director, kind, championships, pairs,
                                                django_assert_num_queries, pdf_layout_skipped):
    from series.files import kept, kinds

    series = sized_series(director, championships, pairs)
    for director_copy in (False, True):
        with django_assert_num_queries(FILE_QUERIES):
            made = kinds.make(kinds.KINDS[kind], series, "en", director=director_copy)
        assert made.data
    # The public file: made, then the old exports cleaned up (one query); then the kept
    # copy, the ranking read again (a change must show) and nothing more.
    for queries in (FILE_QUERIES + 1, FILE_QUERIES):
        with django_assert_num_queries(queries):
            kept.public_file(kinds.KINDS[kind], series, "en")


@pytest.mark.exhaustive
def test_a_long_ranking_sheet_runs_over_pages_with_its_header_repeated(director):
    series = sized_series(director, 3, 70)  # 140 players
    pages = PdfReader(io.BytesIO(public("ranking_pdf", series).content)).pages
    assert len(pages) >= 3
    for number, page in enumerate(pages, start=1):
        text = page.extract_text()
        assert "Place" in text and "Total" in text and f"Page {number} of {len(pages)}" in text
        assert series.name in text  # the running head
