"""Printed sheets are real PDFs with the expected teams, tables, deals and cards."""

from __future__ import annotations

import io
import re

import pytest
from django.test import override_settings
from django.urls import reverse
from pypdf import PdfReader
from tournament_factories import add_teams, make_championship

import engine
from formats.duplicate_pairs.rounds import generate_schedule
from tournaments import printing, services

pytestmark = pytest.mark.django_db


def pdf_pages(content: bytes) -> list[str]:
    assert content.startswith(b"%PDF-")
    reader = PdfReader(io.BytesIO(content))
    return [page.extract_text() for page in reader.pages]


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_deal_sheets_one_page_per_deal_with_every_hand(director_client, scheduled):
    response = director_client.get(
        reverse("tournaments:director_round_deal_sheets", args=[scheduled.pk, 2])
    )
    assert response["Content-Type"] == "application/pdf"
    assert response["Cache-Control"] == "no-store, private"
    pages = pdf_pages(response.content)
    deals = list(scheduled.deals.filter(round__number=2).order_by("number"))
    assert len(pages) == len(deals) == 4
    for page, deal in zip(pages, deals, strict=True):
        assert f"Deal {deal.number}" in page
        assert "Round 2" in page
        assert deal.cards in page  # the notation line at the bottom
        parsed = engine.parse_deal(deal.cards)
        # The four hands, by seat, with the ranks as printed on the cards.
        for seat, name in [("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")]:
            assert name in page
            hand = parsed.hand(engine.Seat(seat))
            for suit in engine.Suit:
                ranks = "".join(str(card.rank) for card in hand.in_suit(suit))
                if ranks:
                    assert ranks in squash(page)
        dealer_name = {"N": "North", "W": "West", "S": "South", "E": "East"}[deal.dealer]
        assert f"Dealer: {dealer_name}" in page
        assert f"{dealer_name}Dealer" in squash(page)  # the dealer's hand is marked


def test_all_deal_sheets(director_client, director):
    # Every round's deals, in order, one a page: 3 rounds of 2 deals (4 teams) show it as
    # well as the 7 rounds of 4 deals of `scheduled` would, at a fifth of the pages.
    championship = make_championship(director, deals_per_match=2)
    add_teams(championship, 4)
    generate_schedule(championship)
    response = director_client.get(
        reverse("tournaments:director_deal_sheets", args=[championship.pk])
    )
    assert response["Content-Type"] == "application/pdf"
    assert response["Cache-Control"] == "no-store, private"
    pages = pdf_pages(response.content)
    assert len(pages) == 6
    for number, page in enumerate(pages, start=1):
        assert f"Deal {number}" in page and f"Round {(number + 1) // 2}" in page


def test_table_cards(director_client, scheduled):
    response = director_client.get(
        reverse("tournaments:director_table_cards", args=[scheduled.pk, 1])
    )
    text = "\n".join(pdf_pages(response.content))
    round_ = scheduled.rounds.get(number=1)
    tables = list(round_.tables.select_related("ns_team", "ew_team"))
    assert len(tables) == 3
    for table in tables:
        assert f"Round 1 · Table {table.number}" in text
        for team in (table.ns_team, table.ew_team):
            assert f"{team.number}. {team.name}" in text
            assert f"{team.player1} · {team.player2}" in text
    # Deals 1-4, each with its dealer and the side that makes trumps.
    for line in ["1 North (N) North-South", "2 West (W) East-West",
                 "3 South (S) North-South", "4 East (E) East-West"]:
        assert line in text
    # No cards on a table card.
    for deal in round_.deals.all():
        assert deal.cards not in text
    assert round_.bye_team.name not in text


@override_settings(PUBLIC_BASE_URL="https://botifarra.example")
def test_team_cards_with_link_and_pin(director_client, scheduled):
    response = director_client.get(reverse("tournaments:director_team_cards", args=[scheduled.pk]))
    assert response["Cache-Control"] == "no-store, private"
    text = squash("\n".join(pdf_pages(response.content)))
    teams = list(scheduled.teams.all())
    assert len(teams) == 7
    for team in teams:
        assert squash(f"{team.number}. {team.name}") in text
        assert f"PIN:{team.pin}" in text
        assert f"botifarra.example/t/{team.pk}/{team.link_secret}/" in text


def test_team_link_uses_the_request_without_a_public_base_url(rf, scheduled):
    team = scheduled.teams.first()
    request = rf.get("/", HTTP_HOST="venue.local:8000")
    with override_settings(PUBLIC_BASE_URL="", ALLOWED_HOSTS=["venue.local"]):
        assert printing.team_link(team, request) == (
            f"http://venue.local:8000/t/{team.pk}/{team.link_secret}/"
        )
        assert printing.team_link(team, "https://x.example/") == (
            f"https://x.example/t/{team.pk}/{team.link_secret}/"
        )
    with override_settings(PUBLIC_BASE_URL="https://public.example"):
        assert printing.team_link(team, request).startswith("https://public.example/t/")


def test_team_cards_leave_out_withdrawn_teams(scheduled):
    team = scheduled.teams.first()
    services.withdraw_team(team)
    text = "\n".join(pdf_pages(printing.team_cards_pdf(scheduled, "https://x.example")))
    assert team.link_secret not in text


def test_sheets_are_translated(client, director, scheduled):
    client.force_login(director)
    response = client.get(
        reverse("tournaments:director_round_deal_sheets", args=[scheduled.pk, 1]),
        HTTP_ACCEPT_LANGUAGE="es",
    )
    text = "\n".join(pdf_pages(response.content))
    # Suit names come from the engine, in the reader's language.
    assert "oros" in text and "copas" in text and "espadas" in text
