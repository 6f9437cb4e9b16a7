"""An individual championship's exports (rules.md 10): the ranking sheet, travellers and
scorecards as real PDFs, the Excel workbook (exact values that add up to the ranking) and
CSV files; each stands after the closed rounds only."""

from __future__ import annotations

import csv
import io
import random
from fractions import Fraction

import pdfplumber
import pytest
from abarrotada_factories import enter_and_confirm, make_individual, next_round, values
from openpyxl import load_workbook

from formats.abarrotada import selectors
from scoring.exports.registry import build, kinds_of
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director):
    rng = random.Random(7)
    championship = make_individual(director, players=9, rounds=3, deals=2)
    for _ in range(2):
        round_ = next_round(championship, director)
        for table in round_.player_tables.all():
            for deal in round_.deals.values_list("number", flat=True):
                n, e, s = rng.randint(0, 30), rng.randint(0, 20), rng.randint(0, 20)
                enter_and_confirm(table, deal, values(f"{n}-{e}-{s}-{72 - n - e - s}"))
        services.close_round(round_, by=director)
    # Round 3 is in play: nothing of it leaves the building.
    third = next_round(championship, director)
    enter_and_confirm(third.player_tables.first(), third.first_deal, values("72-0-0-0"))
    return championship


def text_of(content: bytes) -> str:
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def test_the_format_offers_its_kinds(event):
    assert set(kinds_of(event)) == {"ranking_pdf", "travellers_pdf", "scorecards_pdf",
                                    "workbook", "ranking_csv", "results_csv"}


def test_pdfs_show_the_players_and_the_traveller_says_no_analysis(event):
    kinds = kinds_of(event)
    ranking = text_of(build(kinds["ranking_pdf"], event, "en").data)
    top = selectors.standings(event)[0]
    assert top.name in ranking and "Deal scores" in ranking
    travellers = text_of(build(kinds["travellers_pdf"], event, "en").data)
    assert "no double-dummy analysis" in travellers and "Deal 4" in travellers
    assert "Deal 5" not in travellers  # round 3 is not closed
    cards = text_of(build(kinds["scorecards_pdf"], event, "en").data)
    assert "sits out" in cards


def test_the_workbook_adds_up_to_the_ranking(event):
    made = build(kinds_of(event)["workbook"], event, "en")
    book = load_workbook(io.BytesIO(made.data))
    ranking = list(book["Ranking"].iter_rows(min_row=2, values_only=True))
    results = list(book["Results"].iter_rows(min_row=2, values_only=True))
    by_player = {}
    for row in results:
        by_player[row[2]] = by_player.get(row[2], 0) + (row[7] or 0)
    lines = {line.number: line for line in selectors.standings(event)}
    for row in ranking:
        assert row[4] == pytest.approx(float(lines[row[1]].total), abs=1e-9)
        assert by_player[row[1]] == pytest.approx(row[4], abs=1e-9)
    assert sum(Fraction(line.total) for line in lines.values()) > 0
    assert {row[0] for row in results} == {1, 2}


def test_csv_files(event):
    kinds = kinds_of(event)
    ranking = build(kinds["ranking_csv"], event, "en").data.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(ranking)))
    assert rows[0][:3] == ["Place", "Player number", "Player"] and len(rows) == 10
    results = build(kinds["results_csv"], event, "en").data.decode("utf-8-sig")
    assert len(list(csv.reader(io.StringIO(results)))) == 1 + 9 * 4


def test_the_seating_sheet_lists_every_table_and_every_player(director_client, director):
    from django.urls import reverse

    championship = make_individual(director, players=9, rounds=2, deals=2)
    services.generate_next_round(championship)
    answer = director_client.get(reverse("abarrotada:movement_sheet",
                                         args=[championship.pk, 1]),
                                 headers={"accept-language": "en"})
    assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf"
    text = text_of(b"".join(answer.streaming_content) if answer.streaming
                   else answer.content)
    assert "drafted: may still change" in text and "sits out" in text
    for player in championship.teams.all():
        assert player.name in text
    page = director_client.get(reverse("tournaments:director_round",
                                       args=[championship.pk, 1])).content.decode()
    assert reverse("abarrotada:movement_sheet", args=[championship.pk, 1]) in page


def test_three_player_deal_sheets_print_three_hands_and_no_trump_side(director_client,
                                                                      director):
    from django.urls import reverse

    championship = make_individual(director, players=6, rounds=1, deals=2, form=3)
    services.generate_next_round(championship)
    answer = director_client.get(reverse("tournaments:director_round_deal_sheets",
                                         args=[championship.pk, 1]),
                                 headers={"accept-language": "en"})
    assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf"
    text = text_of(b"".join(answer.streaming_content) if answer.streaming
                   else answer.content)
    assert "Deal 2" in text and "North" in text and "West" not in text
    assert "Trumps" not in text


@pytest.mark.parametrize("form", [4, 3])
def test_table_cards_name_each_seats_player_and_each_deals_dealer(director_client, director,
                                                                    django_user_model, form):
    from django.urls import reverse

    championship = make_individual(director, players=9, rounds=2, deals=2, form=form)
    (round_,) = services.generate_next_round(championship)
    answer = director_client.get(reverse("abarrotada:table_cards", args=[championship.pk, 1]),
                                 headers={"accept-language": "en"})
    assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf"
    pages = pdfplumber.open(io.BytesIO(b"".join(answer.streaming_content) if answer.streaming
                                       else answer.content)).pages
    text = "\n".join(page.extract_text() for page in pages)
    tables = list(selectors.round_view(round_))
    assert len(pages) == -(-len(tables) // 2)  # two cards to a page
    for view in tables:
        assert f"Round 1 · Table {view.table}" in text
        for seat in view.seats:
            assert f"{seat.number}. {seat.name}" in text
        for deal in view.deals:
            (dealer,) = [s for s in view.seats if s.seat == deal["dealer"]]
            assert f"{dealer.number}. {dealer.name}" in text
    # Offered on the round page; another director's round is not found.
    page = director_client.get(reverse("tournaments:director_round",
                                       args=[championship.pk, 1])).content.decode()
    assert reverse("abarrotada:table_cards", args=[championship.pk, 1]) in page
    other = make_individual(django_user_model.objects.create_user("other", password="x"),
                            players=8, rounds=1)
    services.generate_next_round(other)
    assert director_client.get(reverse("abarrotada:table_cards",
                                       args=[other.pk, 1])).status_code == 404


def test_an_evenings_table_cards_seat_the_players_and_ask_for_game_totals(director_client,
                                                                          director):
    from abarrotada_factories import make_evening
    from django.urls import reverse

    championship = make_evening(director, players=8)
    (round_,) = services.generate_next_round(championship)
    answer = director_client.get(reverse("abarrotada:table_cards", args=[championship.pk, 1]),
                                 headers={"accept-language": "en"})
    text = text_of(b"".join(answer.streaming_content) if answer.streaming else answer.content)
    assert "enter the game totals" in text and "Dealer" not in text
    for view in selectors.round_view(round_):
        assert all(f"{seat.number}. {seat.name}" in text for seat in view.seats)
