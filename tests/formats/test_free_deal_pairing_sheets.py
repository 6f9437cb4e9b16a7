"""A free-deal round's pairing sheets: one PDF, by table then by pair name, for the wall;
linked from the director's round page through the format (a duplicate round keeps its deal
sheets and table cards); GET and HEAD only, a HEAD answered without rendering; directors
only."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from free_deal_factories import make_free_deal, next_round
from test_free_deal_exports import duplicate_championship, pdf_text, squashed

from formats.duplicate_pairs.rounds import generate_schedule
from tournaments import printing, services
from tournaments.models import Championship

pytestmark = pytest.mark.django_db


@pytest.fixture
def director_client(director_client):
    """The director's pages in English (the texts the tests look for)."""
    director_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return director_client


def test_pairing_sheets_by_table_and_by_pair(director, director_client):
    championship = make_free_deal(director, pairs=5, rounds=3)
    for team, name in zip(championship.teams.order_by("number"),
                          ["Zoe", "Àlex", "Bernat", "anna", "Carme"], strict=True):
        team.name = name
        team.save()
    (drafted,) = services.generate_next_round(championship)
    url = reverse("free_deal:pairing_sheets", args=[championship.pk, 1])
    page = director_client.get(reverse("tournaments:director_round", args=[championship.pk, 1]))
    assert url in page.content.decode() and "Pairing sheets (PDF)" in page.content.decode()
    assert "Deal sheets (PDF)" not in page.content.decode()
    response = director_client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'inline; filename="pairings-round-1.pdf"'
    text = pdf_text(response.content)
    assert "By table" in text and "By pair" in text and "drafted" in text
    by_table, by_pair = text.split("By pair")
    tables = list(drafted.tables.select_related("ns_team", "ew_team").order_by("number"))
    for table in tables:
        assert squashed(f"{table.ns_team.number}. {table.ns_team.name}") in squashed(by_table)
    bye = drafted.bye_team
    assert squashed(f"Bye: {bye.number}. {bye.name}") in squashed(by_table)
    # By pair: alphabetically, each with its table and opponent, or "bye".
    listed = re.findall(r"^(\S+) \((\d)\)", by_pair, re.MULTILINE)
    assert [name for name, _number in listed] == ["Àlex", "anna", "Bernat", "Carme", "Zoe"]
    assert re.search(rf"{re.escape(bye.name)} \({bye.number}\)\s*—\s*bye", by_pair)
    # Released rounds too.
    services.release_round(drafted, by=director)
    assert director_client.get(url).content.startswith(b"%PDF-")


def test_pairing_sheets_take_get_and_head_only_and_directors_only(
        director, director_client, monkeypatch, django_user_model):
    championship = make_free_deal(director, pairs=4, rounds=3)
    next_round(championship, director)
    url = reverse("free_deal:pairing_sheets", args=[championship.pk, 1])
    calls = []
    real = printing.render_pdf
    monkeypatch.setattr("formats.free_deal.exports.pdf.render_pdf",
                        lambda *args: calls.append(args) or real(*args))
    for method in ("post", "put", "patch", "delete", "options"):
        response = getattr(director_client, method)(url)
        assert response.status_code == 405 and sorted(response["Allow"].split(", ")) == [
            "GET", "HEAD"]
    head = director_client.head(url)
    assert head.status_code == 200 and calls == []
    assert head["Content-Type"] == "application/pdf" and "Content-Length" not in head
    assert head["Content-Disposition"] == 'inline; filename="pairings-round-1.pdf"'
    assert Client().get(url).status_code == 302  # to the login page
    other = Client()
    other.force_login(django_user_model.objects.create_user("other", password="x-long-pw-1"))
    assert other.get(url).status_code == 404
    assert director_client.get(reverse("free_deal:pairing_sheets",
                                       args=[championship.pk, 9])).status_code == 404
    assert calls == []


def test_a_duplicate_round_keeps_its_own_printouts(director, director_client):
    duplicate = duplicate_championship(director)
    generate_schedule(duplicate)
    page = director_client.get(reverse("tournaments:director_round", args=[duplicate.pk, 1]))
    content = page.content.decode()
    assert "Deal sheets (PDF)" in content and "Table cards (PDF)" in content
    assert reverse("tournaments:director_table_cards", args=[duplicate.pk, 1]) in content
    assert "Pairing sheets" not in content
    assert director_client.get(reverse("free_deal:pairing_sheets",
                                       args=[duplicate.pk, 1])).status_code == 404
    assert Championship.objects.filter(format="duplicate_pairs").count() == 1
