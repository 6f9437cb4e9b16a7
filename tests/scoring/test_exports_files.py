"""The workbook, the CSV files and the ranking PDF give exactly what the standings page
shows; text that a spreadsheet would run as a formula stays text."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
import zipfile
from decimal import Decimal

import pytest
from built_once import module_world
from django.contrib.auth import get_user_model
from exports_event import ACCENTED_NAME, FORMULA_NAME, make_event, publish
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.models import ResultEntry
from tournaments.models import Deal, Round
from tournaments.presentation import signed


@pytest.fixture(scope="module")
def exports_dir(tmp_path_factory):
    """One folder for the module, as its event is one: a public file kept by one test is
    the file of the same results for the next (tests/built_once.py)."""
    return tmp_path_factory.mktemp("exports")


@pytest.fixture(autouse=True)
def exports_folder(settings, exports_dir):
    settings.EXPORTS_DIR = exports_dir


def build_the_event():
    director = get_user_model().objects.create_user("director1", password="secret-pass-1")
    return director, publish(make_event(director))


# The published event, built once for the module; every test only reads it, each in
# its own savepoint (tests/built_once.py).
built, world = module_world(build_the_event)


@pytest.fixture
def director(world):
    """The world's director1, in place of the suite's fixture of that name."""
    return world[0]


@pytest.fixture
def event(world):
    return world[1]


def page_rows(client, event, after=""):
    response = client.get(f"/c/{event.pk}/results/{after}")
    assert response.status_code == 200
    return response.context["rows"]


def download(client, event, kind, after=""):
    response = client.get(f"/c/{event.pk}/results/export/{kind}/{after}")
    assert response.status_code == 200, response.content[:300]
    return response


def workbook_of(response):
    return load_workbook(io.BytesIO(response.content))


def test_workbook_ranking_has_the_numbers_of_the_standings_page(client, event):
    rows = page_rows(client, event)
    ws = workbook_of(download(client, event, "workbook"))["Ranking"]
    got = list(ws.iter_rows(min_row=2, values_only=True))
    assert len(got) == len(rows) == 9
    for line, row in zip(got, rows, strict=True):
        place, number, name, players, club, total, deals, deal_scores, tops = line
        assert (place, number, name, players) == (row.place, row.team.number, row.team.name,
                                                  row.team.players)
        assert isinstance(total, int | float) and f"{total:.2f}" == row.total_shown
        assert (deals, deal_scores, tops) == (row.deals, row.deal_score_sum, row.tops)
    cells = {ws.cell(row=i + 2, column=1).number_format for i in range(len(rows))}
    assert cells <= {"0", '0"="'}
    assert ws.cell(row=2, column=6).number_format == "0.00"


def test_workbook_sheets_header_filter_widths_and_properties(client, event):
    book = workbook_of(download(client, event, "workbook"))
    assert book.sheetnames == ["Ranking", "Results", "Pairs", "Deals", "Rounds"]
    for ws in book.worksheets:
        assert ws.freeze_panes == "A2"
        assert ws.auto_filter.ref == ws.dimensions
        assert all(ws.column_dimensions[c].width >= 4 for c in "ABC")
    assert book.properties.title == event.name
    assert "After round 2 of 3" in book.properties.subject


def test_workbook_results_and_deals_cover_closed_rounds_only(client, event):
    book = workbook_of(download(client, event, "workbook"))
    results = list(book["Results"].iter_rows(min_row=2, values_only=True))
    closed = Round.objects.filter(championship=event, status=Round.Status.CLOSED)
    tables = sum(r.tables.count() * r.deals.count() for r in closed)
    assert len(results) == tables
    assert {line[0] for line in results} == {1, 2}
    one = results[0]
    entry = ResultEntry.objects.get(deal__championship=event, deal__number=one[1],
                                    table__round__number=one[0], table__number=one[2])
    assert (one[10], one[11]) == (entry.points_ns, entry.points_ew)
    assert isinstance(one[14], int | float) and isinstance(one[12], int)
    deals = list(book["Deals"].iter_rows(min_row=2, values_only=True))
    public = Deal.objects.filter(championship=event, round__status=Round.Status.CLOSED)
    assert [d[1] for d in deals] == sorted(public.values_list("number", flat=True))
    assert deals[0][4] == public.get(number=deals[0][1]).cards
    # Teams: never links or PINs.
    raw = download(client, event, "workbook").content
    for team in event.teams.all():
        assert team.link_secret.encode() not in raw
    text = " ".join(str(v) for row in book["Pairs"].iter_rows(values_only=True) for v in row)
    assert all(team.link_secret not in text and team.pin not in text.split()
               for team in event.teams.all())


def test_formula_looking_text_is_plain_text(client, event):
    response = download(client, event, "workbook")
    ws = workbook_of(response)["Pairs"]
    cell = next(c for c in ws["B"] if c.value == FORMULA_NAME)
    assert cell.data_type == "s"
    club = ws.cell(row=cell.row, column=3)
    assert club.value == "+34 600 000 000" and club.data_type == "s"
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        sheets = [n for n in archive.namelist() if n.startswith("xl/worksheets/")]
        assert not any(b"<f>" in archive.read(name) for name in sheets)
    text = download(client, event, "ranking_csv").content.decode("utf-8-sig")
    names = [row[2] for row in csv.reader(io.StringIO(text))]
    assert "'" + FORMULA_NAME in names and FORMULA_NAME not in names


def test_csv_has_a_bom_accents_and_numbers(client, event):
    rows = page_rows(client, event)
    content = download(client, event, "ranking_csv").content
    assert content.startswith(b"\xef\xbb\xbf")
    lines = list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))
    assert lines[0][:3] == ["Place", "No.", "Pair"]
    assert ACCENTED_NAME in content.decode("utf-8-sig")
    for line, row in zip(lines[1:], rows, strict=True):
        assert line[0] == row.label and line[5] == row.total_shown
        assert Decimal(line[5]) and line[6] == str(row.deals)
    results = download(client, event, "results_csv").content
    assert results.startswith(b"\xef\xbb\xbf")
    body = list(csv.reader(io.StringIO(results.decode("utf-8-sig"))))
    assert len(body) - 1 == len(
        workbook_of(download(client, event, "workbook"))["Results"]["A"]) - 1


@pytest.mark.libreoffice
def test_workbook_converted_by_libreoffice_gives_the_same_numbers(client, event, tmp_path):
    office = shutil.which("libreoffice") or shutil.which("soffice")
    if office is None:
        print("LibreOffice (libreoffice-calc) is not installed: cannot convert the workbook")
        pytest.skip("LibreOffice (libreoffice-calc) is not installed")
    rows = page_rows(client, event)
    source = tmp_path / "results.xlsx"
    source.write_bytes(download(client, event, "workbook").content)
    subprocess.run(
        [office, "--headless", f"-env:UserInstallation=file://{tmp_path}/profile",
         "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1", "--outdir",
         str(tmp_path), str(source)],
        check=True, capture_output=True, timeout=180,
    )
    text = (tmp_path / "results.csv").read_text(encoding="utf-8")
    lines = list(csv.reader(io.StringIO(text)))[1:]
    assert [(line[0], line[1], line[5], line[6], line[7], line[8]) for line in lines] == [
        (row.label, str(row.team.number), row.total_shown, str(row.deals),
         signed(row.deal_score_sum), str(row.tops))
        for row in rows
    ]
    # The sum of deal scores is a number shown signed, as on the pages: +4, a true minus.
    assert any(line[7].startswith("\u2212") for line in lines), [line[7] for line in lines]


def pdf_text(content: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def test_ranking_pdf_lists_the_places_teams_and_totals_of_the_page(client, event):
    rows = page_rows(client, event)
    pages = pdf_text(download(client, event, "ranking_pdf").content)
    text = "\n".join(pages)
    assert "After round 2 of 3" in text and event.name in text
    # Text extraction splits and spaces words at will: compare without white space.
    flat = "".join(text.split())
    starts = []
    for row in rows:
        start = flat.find(f"{row.label}{row.team.number}.{''.join(row.team.name.split())}",
                          starts[-1] + 1 if starts else 0)
        assert start >= 0, (row.label, row.team.name)
        starts.append(start)
    for row, start, end in zip(rows, starts, [*starts[1:], len(flat)], strict=True):
        segment = flat[start:end]
        assert f"{row.total_shown}{row.deals}" in segment, (row.team.name, segment)
    assert "Page 1 of 1" in text and "Made " in text


def test_a_long_ranking_runs_over_pages_with_the_header_repeated(client, director):
    # 40 pairs fill a page and most of a second (a page holds about 24): every page after
    # the first must repeat the header and the running head.
    event = publish(make_event(director, teams=40, rounds=1, closed=1, deals_per_match=1))
    pages = pdf_text(download(client, event, "ranking_pdf").content)
    assert len(pages) >= 2
    for number, page in enumerate(pages, start=1):
        assert "Place" in page and "Total" in page and "Tops" in page
        assert event.name in page and f"Page {number} of {len(pages)}" in page
    flat = "".join("".join(pages).split())
    assert all(f"{team.number}.Team{team.number}Player" in flat
               for team in event.teams.filter(name__startswith="Team"))


def test_travellers_and_scorecards_pdfs(client, event):
    travellers = "\n".join(pdf_text(download(client, event, "travellers_pdf").content))
    closed = Deal.objects.filter(championship=event, round__status=Round.Status.CLOSED)
    for deal in closed:
        assert f"Deal {deal.number}" in travellers
    in_play = Deal.objects.filter(championship=event, round__status=Round.Status.RELEASED)
    for deal in in_play:
        assert f"Deal {deal.number}" not in travellers
    assert "North" in travellers and "Points NS-EW" in travellers
    cards = pdf_text(download(client, event, "scorecards_pdf").content)
    assert len(cards) == event.teams.count()
    assert all("Running total" in page for page in cards)
    # One page per team, in number order, ending on the total of the standings page.
    for row in page_rows(client, event):
        page = "".join(cards[row.team.number - 1].split())
        assert "".join(row.team.name.split()) in page
        assert f"{row.total_shown}Total{row.total_shown}" in page  # last running = total
