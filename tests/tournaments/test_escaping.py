"""Hostile names (HTML, JavaScript, SQL, template syntax, spreadsheet formulas) show as text
in every page and every printed PDF: deal sheets, table cards and team cards (the exports'
PDFs, workbook and CSV files: test_escaping_exports.py)."""

from __future__ import annotations

import html
import io
import re

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from formats.duplicate_pairs import services as pairs_services
from formats.duplicate_pairs.rounds import generate_schedule
from scoring import services as scoring_services
from scoring.services import ResultData
from tournaments import services

pytestmark = pytest.mark.django_db

SCRIPT = '<script>alert("x")</script>'
IMG = '"><img src=x onerror=alert(1)>'
SQL = "Robert'); DROP TABLE tournaments_team;--"
TEMPLATE = "{{ request.user }}{% csrf_token %}"
BOLD = "<b>Negreta</b> & Cia"
# What a spreadsheet would run as a formula (test_escaping_exports.py).
FORMULA = '=HYPERLINK("http://example.com","x")'
PHONE = "+34 600 000 000"
AT = "@SUM(1+1)"
MINUS = "-1+1"
NAMES = [SCRIPT, IMG, SQL, TEMPLATE, BOLD, FORMULA, PHONE, AT, MINUS]
RAW_MARKUP = ["<script>alert", "<img src=x", "<b>Negreta</b>"]


@pytest.fixture
def hostile(director):
    championship = services.create_championship(director, name=f"Open {SCRIPT}",
                                                venue=f"Casal {IMG}")
    for i, name in enumerate(NAMES, start=1):
        services.add_team(championship, name=name, club=f"Club {BOLD}"[:120],
                          player1=f"{SQL} {i}", player2=f"{TEMPLATE} {i}")
    services.add_team(championship, name="Sis", player1="A", player2="B")
    generate_schedule(championship)
    round1 = championship.rounds.get(number=1)
    services.release_round(round1, by=director)
    table = round1.tables.order_by("number").first()
    deal = round1.deals.order_by("number").first()
    entry, _ = pairs_services.submit_result(
        team=table.ns_team, table=table, deal=deal,
        data=ResultData(contract="O", points_ns=40), idempotency_key=None)
    pairs_services.dispute_entry(entry_id=entry.pk, team=table.ew_team,
                                   comment=f"Disputa {SCRIPT}")
    pairs_services.director_confirm_entry(
        table=entry.table, deal=entry.deal, entry_id=entry.pk, user=director)
    scoring_services.set_results_public(championship, True, user=director)
    services.close_round(round1, by=director)  # travellers show closed rounds only
    championship.refresh_from_db()
    return championship, round1, table, deal


def _pages(championship, round1, table, deal):
    pk = championship.pk
    team = championship.teams.get(number=1)
    captain = reverse("scoring:captain", args=[team.pk, team.link_secret])
    public = [
        "/", reverse("tournaments:public_championship", args=[pk]),
        reverse("tournaments:public_round", args=[pk, 1]),
        reverse("tournaments:deal_check", args=[pk]),
        reverse("scoring:standings", args=[pk]), reverse("scoring:projector", args=[pk]),
        reverse("scoring:travellers", args=[pk]),
        reverse("scoring:traveller", args=[pk, deal.number]),
        reverse("scoring:scorecard", args=[pk, 1]), captain,
    ]
    director = [
        reverse("tournaments:director_home"),
        reverse("tournaments:director_championship", args=[pk]),
        reverse("tournaments:director_edit", args=[pk]),
        reverse("tournaments:director_teams", args=[pk]),
        reverse("tournaments:director_team_edit", args=[pk, team.pk]),
        reverse("tournaments:director_round", args=[pk, 1]),
        reverse("scoring:grid", args=[pk, 1]),
        reverse("duplicate_pairs:cell", args=[pk, 1, table.number, deal.number]),
    ]
    return public, director


def test_hostile_names_show_as_text_in_every_page(hostile, director_client):
    championship, round1, table, deal = hostile
    public, director = _pages(*hostile)
    anonymous = Client()
    shown = set()
    for client, urls in ((anonymous, public), (director_client, director + public)):
        for url in urls:
            response = client.get(url)
            assert response.status_code == 200, url
            body = response.content.decode()
            for markup in RAW_MARKUP:
                assert markup not in body, (url, markup)
            text = html.unescape(body)
            shown |= {name for name in NAMES if name in text}
    # Every hostile name was shown somewhere, as the text it is.
    assert shown == set(NAMES)


def _pdf_text(content: bytes) -> str:
    assert content.startswith(b"%PDF-")
    reader = PdfReader(io.BytesIO(content))
    return re.sub(r"\s+", "", "".join(page.extract_text() for page in reader.pages))


def test_hostile_names_show_as_text_in_every_pdf(hostile, director_client):
    championship, round1, table, deal = hostile
    pk = championship.pk
    cards = _pdf_text(director_client.get(
        reverse("tournaments:director_team_cards", args=[pk])).content)
    tables = _pdf_text(director_client.get(
        reverse("tournaments:director_table_cards", args=[pk, 1])).content)
    sheets = _pdf_text(director_client.get(
        reverse("tournaments:director_round_deal_sheets", args=[pk, 1])).content)
    for name in NAMES:
        squashed = re.sub(r"\s+", "", name)
        assert squashed in cards, name
        assert squashed in tables, name
    assert re.sub(r"\s+", "", f"Open {SCRIPT}") in sheets
