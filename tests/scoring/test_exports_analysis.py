"""The deals' double-dummy analysis (rules.md 8.1) in the exports: the workbook's Deals sheet
has the table and par as numbers, the travellers PDF prints them, both only for deals of
closed rounds, with empty cells while an analysis is not done, and a public file made
before an analysis is made again once it is done."""

from __future__ import annotations

import io
import re

import pytest
from analysed_deals import analyse, expected_tricks, give_quick_deals, par_points
from built_once import module_world
from django.contrib.auth import get_user_model
from django.test import Client
from exports_event import make_event, publish
from openpyxl import load_workbook
from pypdf import PdfReader

import engine
from tournaments.models import Round
from tournaments.presentation import signed

CONTRACTS = ("O", "C", "E", "B", "BOT")
LABELS = {"O": "Coins", "C": "Cups", "E": "Swords", "B": "Batons", "BOT": "Botifarra"}
SIDES = {"NS": "North-South", "EW": "East-West"}


@pytest.fixture(scope="module")
def exports_dir(tmp_path_factory):
    """One folder for the module, as its event is one: a public file kept by one test is
    the file of the same results for the next (an analysis done makes a new fingerprint)."""
    return tmp_path_factory.mktemp("exports")


@pytest.fixture(autouse=True)
def exports_folder(settings, exports_dir):
    settings.EXPORTS_DIR = exports_dir


def build_the_world():
    director = get_user_model().objects.create_user("director1", password="secret-pass-1")
    return director, analysed_event(director)


# The analysed event, built once for the module; what a test changes (an analysis) is
# rolled back with its savepoint (tests/built_once.py).
built, world = module_world(build_the_world)


@pytest.fixture
def director(world):
    """The world's director1, in place of the suite's fixture of that name."""
    return world[0]


@pytest.fixture
def event(world):
    return world[1]


def analysed_event(director):
    """The export event with quick deals: every closed deal analysed but the last one, and
    one deal of the round in play analysed early (it must never show)."""
    event = make_event(director)
    give_quick_deals(event)
    closed = list(event.deals.filter(round__status=Round.Status.CLOSED).order_by("number"))
    event.analysed = analyse(closed[:-1])
    event.waiting = closed[-1]
    event.in_play = analyse(event.deals.filter(round__status=Round.Status.RELEASED)[:1])
    return publish(event)


def download(client, event, kind) -> bytes:
    response = client.get(f"/c/{event.pk}/results/export/{kind}/")
    assert response.status_code == 200, response.content[:300]
    return response.content


def deals_sheet(content: bytes, formats: bool = False):
    ws = load_workbook(io.BytesIO(content)).worksheets[3]  # Deals, in any language
    header = [cell.value for cell in ws[1]]
    if formats:  # the cells themselves, for their number formats
        return header, {row[1].value: row for row in ws.iter_rows(min_row=2)}
    return header, {row[1]: row for row in ws.iter_rows(min_row=2, values_only=True)}


SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def trick_texts(stored, dealer: str) -> list[str]:
    """What the sheet should say of each trick of the stored line, in English."""
    return [
        " · ".join(f"{SEATS[c['seat']]}: {engine.card_name(engine.parse_card(c['card']), 'en')}"
                   for c in trick["cards"]) + f" · won by {SEATS[trick['winner']]}"
        for trick in expected_tricks(stored, dealer)
    ]


def test_the_deals_sheet_has_the_stored_table_and_par_as_numbers(client, event):
    header, rows = deals_sheet(download(client, event, "workbook"))
    assert header[9:] == [
        *(f"NS points in {LABELS[code]} (double dummy)" for code in CONTRACTS),
        "Par contract",
        "Par side",
        "Par points",
        "Par deal score",
        *(f"Optimal line, trick {number}" for number in range(1, 13)),
    ]
    sides = set()
    for number, stored in event.analysed.items():
        row = rows[number]
        trump_side = engine.trump_side(engine.Seat(stored.deal.dealer)).value
        sides.add(trump_side)
        assert row[9:14] == tuple(stored.table[code] for code in CONTRACTS)
        assert row[14:18] == (
            LABELS[stored.par_contract],
            SIDES[trump_side],
            par_points(stored, trump_side),
            stored.par_score,
        )
        assert all(type(value) is int for value in (*row[9:14], *row[16:18]))
        # The optimal line, a trick a cell: the cards by name, the winner last.
        assert list(row[18:]) == trick_texts(stored, stored.deal.dealer)
        assert "won by" in row[18] and " of " in row[18]
    assert sides == {"NS", "EW"}  # the par side and points are checked from both sides
    # Not analysed yet: empty cells; the round in play: not in the sheet at all.
    assert rows[event.waiting.number][9:] == (None,) * 21
    assert not set(event.in_play) & set(rows)


def test_a_public_workbook_shows_an_analysis_done_after_it_was_made(client, event):
    _header, rows = deals_sheet(download(client, event, "workbook"))
    assert rows[event.waiting.number][9] is None
    stored = analyse([event.waiting])[event.waiting.number]
    _header, rows = deals_sheet(download(client, event, "workbook"))
    assert rows[event.waiting.number][9:14] == tuple(stored.table[code] for code in CONTRACTS)


def test_the_headers_are_in_the_readers_language(event):
    catalan = Client(headers={"accept-language": "ca"})
    header, _rows = deals_sheet(download(catalan, event, "workbook"))
    assert header[9:18] == [
        "Punts NS a Ors (cartes vistes)",
        "Punts NS a Copes (cartes vistes)",
        "Punts NS a Espases (cartes vistes)",
        "Punts NS a Bastos (cartes vistes)",
        "Punts NS a Botifarra (cartes vistes)",
        "Contracte par",
        "Parella del par",
        "Punts del par",
        "Puntuació par de la mà",
    ]
    assert len(header) == 30  # and a column for each of the 12 tricks


def test_the_deal_scores_read_signed_in_the_workbook(client, event):
    """The par deal score stays a number, shown +6 / \u22126 by its number format (as the
    pages print deal scores), and the contract is named as everywhere: Botifarra."""
    content = download(client, event, "workbook")
    _header, cells = deals_sheet(content, formats=True)
    for number, stored in event.analysed.items():
        score = cells[number][17]
        assert score.value == stored.par_score and score.number_format == SIGNED
        assert cells[number][14].value in LABELS.values()
    # The Results sheet's deal scores, both signs among them, read the same way.
    results = load_workbook(io.BytesIO(content)).worksheets[1]
    signs = set()
    for row in results.iter_rows(min_row=2):
        for cell in row[12:14]:  # NS deal score, EW deal score
            if cell.value is not None:
                assert cell.number_format == SIGNED
                signs.add((cell.value > 0) - (cell.value < 0))
    assert {1, -1} <= signs, signs


SIGNED = '+0;"\u2212"0;0'  # +6, \u22126, 0


def deal_pages(content: bytes) -> dict[int, str]:
    """The travellers PDF's text by deal number (each deal starts a page)."""
    pages: dict[int, str] = {}
    number = None
    for page in PdfReader(io.BytesIO(content)).pages:
        text = page.extract_text()
        found = re.search(r"^Deal (\d+)", text, re.MULTILINE)
        if found:
            number = int(found.group(1))
        pages[number] = pages.get(number, "") + text
    return pages


def test_the_travellers_pdf_prints_the_table_and_par_of_closed_rounds(client, event):
    pages = deal_pages(download(client, event, "travellers_pdf"))
    for number, stored in event.analysed.items():
        text = pages[number]
        assert "Double-dummy analysis" in text and "Par:" in text
        assert f"deal score {signed(stored.par_score)} for" in text
        flat = "".join(text.split())
        # Every contract's line: its NS and EW points.
        for code in CONTRACTS:
            ns = stored.table[code]
            assert f"{ns}{72 - ns}" in flat, (number, code)
        assert "An optimal line" not in text  # the deal sheets have it; travellers stay short
    assert "Double-dummy analysis" not in pages[event.waiting.number]
    assert not set(event.in_play) & set(pages)


def test_the_analysis_costs_the_same_queries_for_one_deal_or_many(db, director):
    """The workbook and the public archive read every analysis in one query: analysing more
    deals (and so writing their line a trick a cell) adds none."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import translation

    from formats.duplicate_pairs.exports.workbook import workbook_bytes
    from scoring.archive import export_public
    from scoring.exports.data import export_scope

    counts = []
    for size, closed_rounds in ((1, 2), (6, 4)):
        event = publish(make_event(director, rounds=closed_rounds + 1, closed=closed_rounds,
                                   name=f"Size {size}"))
        give_quick_deals(event)
        deals = list(event.deals.filter(round__status=Round.Status.CLOSED).order_by("number"))
        assert len(deals) >= size
        analyse(deals[:size])
        with translation.override("en"), CaptureQueriesContext(connection) as sheet:
            content = workbook_bytes(export_scope(event))
        with CaptureQueriesContext(connection) as archive:
            export_public(event)
        _header, rows = deals_sheet(content)
        assert sum(row[18] is not None for row in rows.values()) == size
        counts.append((len(sheet), len(archive)))
    assert counts[0] == counts[1], counts
