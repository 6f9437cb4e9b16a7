"""The free-deal exports: the format offers its own kinds (and the duplicate format exactly
its own); the workbook, the CSV files and the PDFs show the standings page's numbers after
the closed rounds only; a bye is shown as a bye, never as a game; hostile pair names stay
text everywhere (the pairing sheets: test_free_deal_pairing_sheets.py)."""

from __future__ import annotations

import csv
import io
import re
import zipfile

import pytest
from built_once import module_world
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from free_deal_factories import make_free_deal, next_round, play_round, win
from openpyxl import load_workbook
from pypdf import PdfReader

from formats import format_of
from formats.duplicate_pairs.exports import kinds as pairs_exports
from formats.free_deal.exports import data
from scoring.exports import jobs, registry
from scoring.exports.data import export_scope
from scoring.exports.models import ExportJob
from scoring.exports.text import looks_like_formula
from scoring.services import set_results_public
from scoring.services.games import GameValues
from tournaments import services
from tournaments.models import Championship

pytestmark = pytest.mark.django_db

FORMULA = '=HYPERLINK("http://example.com","x")'
STYLE = "</style><link rel=attachment href=file:///etc/passwd>"
ACCENTED = "Àlex i Çà"
DUPLICATE_KINDS = ["ranking_pdf", "travellers_pdf", "scorecards_pdf", "workbook", "ranking_csv",
                   "results_csv", "public_archive", "full_backup"]
FREE_DEAL_KINDS = ["ranking_pdf", "scorecards_pdf", "workbook", "ranking_csv", "games_csv"]


@pytest.fixture(scope="module")
def exports_dir(tmp_path_factory):
    """One folder for the module, as its event is one: a public file kept by one test is
    the file of the same results for the next (each test's changes make new fingerprints)."""
    return tmp_path_factory.mktemp("exports")


@pytest.fixture(autouse=True)
def exports_folder(settings, exports_dir):
    settings.EXPORTS_DIR = exports_dir
    return settings.EXPORTS_DIR


@pytest.fixture
def director_client(director_client):
    """The director's pages in English (the texts the tests look for)."""
    director_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return director_client


def draw_or_win(table):
    # Table 1 draws at the hand limit (half a match point each), the others are won.
    if table.number == 1:
        return GameValues(first_points=60, second_points=60, ended_by="hands",
                          hands_played=12)
    return win(101, 30 + table.number)


def build_the_event():
    director = get_user_model().objects.create_user("director1", password="secret-pass-1")
    return director, played_event(director)


# The event, built once for the module; what a test changes (closing a round, a name,
# a game) is rolled back with its savepoint (tests/built_once.py).
built, world = module_world(build_the_event)


@pytest.fixture
def director(world):
    """The world's director1, in place of the suite's fixture of that name."""
    return world[0]


@pytest.fixture
def event(world):
    return world[1]


def played_event(director):
    """Five pairs (a bye each round), three rounds: 1 and 2 closed, 3 played and confirmed
    but still open; results published. Two pairs have hostile names."""
    championship = make_free_deal(director, pairs=5, rounds=3)
    pairs = list(championship.teams.order_by("number"))
    for team, name, club in ((pairs[0], FORMULA, "+34 600 000 000"),
                             (pairs[1], STYLE, f"Club {STYLE}"), (pairs[2], ACCENTED, "")):
        team.name, team.club = name, club
        team.save()
    for number in (1, 2, 3):
        round_ = next_round(championship, director)
        play_round(round_, draw_or_win)
        if number < 3:
            services.close_round(round_, by=director)
    set_results_public(championship, True, user=director)
    championship.refresh_from_db()
    return championship


def public() -> Client:
    return Client(headers={"accept-language": "en"})


def download(client, championship, kind, after="") -> bytes:
    response = client.get(f"/c/{championship.pk}/results/export/{kind}/{after}")
    assert response.status_code == 200, (kind, response.content[:300])
    assert "attachment" in response["Content-Disposition"]
    return response.content


def pdf_text(content: bytes) -> str:
    assert content.startswith(b"%PDF-")
    reader = PdfReader(io.BytesIO(content))
    assert not reader.attachments  # nothing of the server embedded
    names = reader.trailer["/Root"].get("/Names")
    assert names is None or "/EmbeddedFiles" not in names.get_object()
    return "\n".join(page.extract_text() for page in reader.pages)


def squashed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def csv_rows(content: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))


# --- The kinds depend on the format ---------------------------------------------------------


def duplicate_championship(director) -> Championship:
    championship = services.create_championship(director, name="Duplicat")
    for i in range(1, 5):
        services.add_team(championship, name=f"Equip {i}", player1="A", player2="B")
    return championship


def test_each_format_offers_its_own_kinds(event, director, director_client):
    duplicate = duplicate_championship(director)
    assert [kind.key for kind in format_of(duplicate).export_kinds()] == DUPLICATE_KINDS
    assert list(registry.kinds_of(duplicate)) == list(pairs_exports.KINDS) == DUPLICATE_KINDS
    assert list(registry.kinds_of(event)) == FREE_DEAL_KINDS
    assert [k.key for k in registry.available(event, director=False)] == FREE_DEAL_KINDS
    # The same key is each format's own file.
    assert registry.get("ranking_pdf", event) is not registry.get("ranking_pdf", duplicate)
    # A duplicate kind is no export of a free-deal championship: not served, not made.
    for kind in ("travellers_pdf", "results_csv", "public_archive"):
        assert public().get(f"/c/{event.pk}/results/export/{kind}/").status_code == 404
        with pytest.raises(jobs.ExportRefused):
            jobs.start_job(event, kind, language="en", user=director)
    assert public().get(f"/c/{duplicate.pk}/results/export/games_csv/").status_code == 404
    # The exports page and the results pages offer the format's kinds only.
    page = director_client.get(f"/director/c/{event.pk}/exports/").content.decode()
    picker = page.split('id="export-kind">')[1].split("</fieldset>")[0]
    assert re.findall(r'name="kind" value="([^"]+)"', picker) == FREE_DEAL_KINDS
    assert "travellers_pdf" not in page and "Pair scorecards (PDF)" in page
    standings = public().get(f"/c/{event.pk}/results/").content.decode()
    for kind in FREE_DEAL_KINDS:
        assert f"/c/{event.pk}/results/export/{kind}/" in standings
    assert "travellers_pdf" not in standings
    home = public().get(f"/c/{event.pk}/").content.decode()
    assert "games_csv" in home and "travellers_pdf" not in home


@pytest.mark.skipif(bool(settings.CELERY_BROKER_URL), reason="a worker makes the jobs in CI")
def test_a_free_deal_job_is_made_and_downloaded(event, director_client, exports_folder,
                                                django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = director_client.post(f"/director/c/{event.pk}/exports/start/",
                                        {"kind": "workbook", "language": "en", "after": "1"})
    assert response.status_code == 302
    job = ExportJob.objects.get()
    assert job.status == ExportJob.Status.DONE, job.error
    assert "after-round-1" in job.filename
    book = load_workbook(exports_folder / job.file_path)
    assert book.properties.subject.endswith("After round 1 of 3")
    assert book.sheetnames == ["Ranking", "Games", "Pairings"]
    page = director_client.get(f"/director/c/{event.pk}/exports/").content.decode()
    assert "Excel workbook" in page and job.filename in page


def test_the_api_lists_the_format_kinds(event, director):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(director)
    kinds = api.get(f"/api/v1/championships/{event.pk}/exports/kinds/").json()["results"]
    assert [k["key"] for k in kinds] == FREE_DEAL_KINDS


# --- The numbers ----------------------------------------------------------------------------


def test_the_workbook_ranking_has_the_numbers_of_the_standings_page(event):
    rows = public().get(f"/c/{event.pk}/results/").context["rows"]
    book = load_workbook(io.BytesIO(download(public(), event, "workbook")))
    assert book.sheetnames == ["Ranking", "Games", "Pairings"]
    for ws in book.worksheets:
        assert ws.freeze_panes == "A2" and ws.auto_filter.ref == ws.dimensions
    got = list(book["Ranking"].iter_rows(min_row=2, values_only=True))
    assert len(got) == len(rows) == 5
    for line, row in zip(got, rows, strict=True):
        (place, number, name, players, club, mp, games, won, drawn, lost, byes, difference,
         points, against, buchholz) = line
        assert (number, name, players, club or "") == (
            row.team.number, row.team.name, row.team.players, row.team.club)
        assert place == row.placed.place and f"{place}{'=' * row.placed.shared}" == row.place
        assert mp == row.match_points and buchholz == row.buchholz
        assert isinstance(mp, int | float) and isinstance(buchholz, int | float)
        assert (games, won, drawn, lost, byes) == (row.games, row.wins, row.draws, row.losses,
                                                   row.byes)
        assert (difference, points, against) == (row.point_difference, row.points,
                                                 row.points_against)
    # The draw at table 1 gives halves, kept as numbers (1.5, not "1½").
    assert any(isinstance(line[5], float) and line[5] % 1 == 0.5 for line in got)
    assert sum(line[10] for line in got) == 2  # a bye in each closed round
    # The CSV has the same figures.
    ranking = csv_rows(download(public(), event, "ranking_csv"))
    assert ranking[0][:3] == ["Place", "Pair number", "Pair"]
    for line, row in zip(ranking[1:], rows, strict=True):
        assert line[0] == row.place and line[5] == str(data.number(row.match_points))


def test_games_and_pairings_cover_the_closed_rounds_and_show_byes_as_byes(event):
    book = load_workbook(io.BytesIO(download(public(), event, "workbook")))
    games = list(book["Games"].iter_rows(min_row=2, values_only=True))
    assert [(g[0], g[1]) for g in games] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    for game in games:
        first_points, second_points, first_mp, second_mp = game[6:10]
        assert isinstance(first_points, int) and first_mp + second_mp == 1
        if game[1] == 1:
            assert (first_points, second_points, first_mp, second_mp) == (60, 60, 0.5, 0.5)
            assert game[10:] == ("Hand limit", 12)
    pairings = list(book["Pairings"].iter_rows(min_row=2, values_only=True))
    assert len(pairings) == 6  # two tables and a bye in each closed round
    for number in (1, 2):
        bye = event.rounds.get(number=number).bye_team
        shown = f"{bye.number}. {bye.name}"
        # A bye: no table, no second pair, and no game of that round.
        assert (number, None, shown, None, shown) in pairings
        assert not any(bye.name in (g[3], g[5]) for g in games if g[0] == number)
    # The CSV of the games: the same rows.
    rows = csv_rows(download(public(), event, "games_csv"))
    assert [[int(row[0]), int(row[1])] for row in rows[1:]] == [[g[0], g[1]] for g in games]


def test_the_pdfs_show_the_pairs_and_their_figures(event):
    ranking = pdf_text(download(public(), event, "ranking_pdf"))
    flat = squashed(ranking)
    assert "Ranking" in ranking and "After round 2 of 3" in ranking
    rows = public().get(f"/c/{event.pk}/results/").context["rows"]
    for row in rows:
        assert squashed(f"{row.team.number}. {row.team.name}") in flat
    top = rows[0]
    assert squashed(f"{top.place}{top.team.number}.") in flat
    assert "Buchholz" in ranking and "½" in ranking  # the draw's halves
    cards = pdf_text(download(public(), event, "scorecards_pdf"))
    assert "Pair scorecards" in cards and "After round 2 of 3" in cards
    assert cards.count("bye") >= 2  # the two byes of the closed rounds, each as a bye
    assert "60–60" in cards and "Drawn" in cards and "Won" in cards and "Lost" in cards
    for row in rows:
        assert squashed(row.team.name) in squashed(cards)


def test_a_bye_is_a_bye_on_the_scorecard_never_a_game(event):
    cards = data.scorecards(export_scope(event))
    byes = [(card.line.team, line) for card in cards for line in card.rounds
            if line.result == data.BYE]
    assert len(byes) == 2
    for team, line in byes:
        assert line.opponent is None and line.table is None and line.points_for is None
        assert line.match_points == 1  # a win's match points
        card = next(c for c in cards if c.line.team == team)
        assert card.line.games == len([r for r in card.rounds if r.result != data.BYE])
        assert card.rounds[-1].running == card.line.match_points


# --- What the public sees -------------------------------------------------------------------


def test_the_public_sees_closed_rounds_only(event, director, director_client):
    games = csv_rows(download(public(), event, "games_csv"))
    assert {row[0] for row in games[1:]} == {"1", "2"}  # round 3 is still open
    # A director's download too stands after the closed rounds.
    assert csv_rows(download(director_client, event, "games_csv")) == games
    cards = pdf_text(download(public(), event, "scorecards_pdf"))
    assert "After round 2 of 3" in cards
    earlier = csv_rows(download(public(), event, "games_csv", "?after=1"))
    assert {row[0] for row in earlier[1:]} == {"1"}
    assert public().get(f"/c/{event.pk}/results/export/games_csv/?after=3").status_code == 400
    # Closing round 3 makes new files (the kept copy's fingerprint changes).
    services.close_round(event.rounds.get(number=3), by=director)
    services.finish_championship(event, by=director)
    event.refresh_from_db()
    games = csv_rows(download(public(), event, "games_csv"))
    assert {row[0] for row in games[1:]} == {"1", "2", "3"}
    assert "Final ranking" in pdf_text(download(public(), event, "ranking_pdf"))
    # Unpublished results give the public no file.
    set_results_public(event, False, user=director)
    response = public().get(f"/c/{event.pk}/results/export/ranking_pdf/")
    assert "scoring/not_published.html" in [t.name for t in response.templates]


def test_a_confirmed_correction_makes_a_new_public_file(event, director):
    from scoring.services import games as game_services

    before = csv_rows(download(public(), event, "games_csv"))
    table = event.rounds.get(number=2).tables.get(number=2)
    game_services.director_set_game(table=table, values=win(101, 0), user=director, note="")
    after = csv_rows(download(public(), event, "games_csv"))
    assert before != after
    assert [r for r in after if r[:2] == ["2", "2"]][0][6:8] == ["101", "0"]


# --- Hostile names --------------------------------------------------------------------------


def test_hostile_names_stay_text_in_every_file(event, director_client):
    # The championship's name goes into every page's running head (CSS in <style>).
    Championship.objects.filter(pk=event.pk).update(name=f"Obert {STYLE}")
    event.refresh_from_db()
    round_ = event.rounds.get(number=2)
    pdfs = {kind: download(public(), event, kind) for kind in ("ranking_pdf", "scorecards_pdf")}
    pdfs["pairings"] = director_client.get(
        reverse("free_deal:pairing_sheets", args=[event.pk, round_.number])).content
    for kind, content in pdfs.items():
        text = squashed(pdf_text(content))
        for name in (FORMULA, STYLE, ACCENTED, f"Obert {STYLE}"):
            assert squashed(name) in text, (kind, name)
    book_bytes = download(public(), event, "workbook")
    with zipfile.ZipFile(io.BytesIO(book_bytes)) as archive:
        for sheet in (n for n in archive.namelist() if n.startswith("xl/worksheets/")):
            assert b"<f>" not in archive.read(sheet) and b"<f " not in archive.read(sheet)
    book = load_workbook(io.BytesIO(book_bytes))
    seen = set()
    for cell in (c for row in book["Ranking"].iter_rows() for c in row):
        if cell.value in (FORMULA, "+34 600 000 000"):
            assert cell.data_type == "s" and cell.quotePrefix
            seen.add(cell.value)
    assert seen == {FORMULA, "+34 600 000 000"}
    for kind in ("ranking_csv", "games_csv"):
        fields = [f for row in csv_rows(download(public(), event, kind)) for f in row]
        for field in fields:
            if looks_like_formula(field):  # only a negative number may
                assert re.fullmatch(r"-[0-9.]+", field), (kind, field)
        assert "'" + FORMULA in fields and FORMULA not in fields


# --- Costs ----------------------------------------------------------------------------------


def test_what_the_exports_read_does_not_grow_with_the_field(director):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from formats.free_deal.exports import csv_files, workbook

    def cost(pairs: int) -> int:
        championship = make_free_deal(director, pairs=pairs, rounds=3)
        for _number in (1, 2):
            round_ = next_round(championship, director)
            play_round(round_, draw_or_win)
            services.close_round(round_, by=director)
        scope = export_scope(championship)
        with CaptureQueriesContext(connection) as context:
            workbook.workbook_bytes(scope)
            csv_files.ranking_csv(scope)
            csv_files.games_csv(scope)
            assert len(data.scorecards(scope)) == pairs
            data.seats_by_pair(data.round_pairings(round_))
        return len(context)

    assert cost(5) == cost(15)
