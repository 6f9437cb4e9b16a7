"""Every printed sheet is also a print-ready page (``tournaments.print_pages``, README "At
the club"): the same content as the PDF, a "Print" button, and the same permissions. With
the PDF library missing, every PDF link leads to the page: ``test_print_without_pdf``."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from print_events import SHOWS, duplicate_event, free_deal_event, sheets

from tournaments.print_pages import page_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def events(director):
    return duplicate_event(director), free_deal_event(director)


def _page(response) -> str:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"].startswith("text/html")
    return response.content.decode()


def test_every_sheet_is_a_page_with_its_content_and_a_print_button(events, director_client):
    duplicate, free_deal = events
    for name, (url, _director) in sheets(duplicate, free_deal).items():
        response = director_client.get(page_url(url), headers={"accept-language": "en"})
        html = _page(response)
        assert "data-print" in html, name
        assert "print_page.js" in html and "print_page.css" in html, name
        assert SHOWS[name] in html, name
        # The sheet's own style runs under the page's Content-Security-Policy by its nonce.
        nonce = re.search(r"'nonce-([^']+)'", response["Content-Security-Policy"]).group(1)
        assert f'<style nonce="{nonce}">' in html, name
        # PDFs can be made here: no note about them.
        assert "cannot be made on this computer" not in html, name


@pytest.mark.parametrize("every", [
    # Every sheet rendered as a PDF through its view: some 8 s of CPU.
    pytest.param(True, marks=pytest.mark.exhaustive, id="every sheet"),
    # ``make test-fast``: a director's sheet of one event and a public file of the other.
    pytest.param(False, id="two sheets"),
])
def test_the_pdf_is_still_the_pdf(every, events, director_client):
    duplicate, free_deal = events
    for name, (url, _director) in sheets(duplicate, free_deal).items():
        if not every and name not in ("table cards", "free-deal ranking sheet"):
            continue
        response = director_client.get(url)
        assert response.status_code == 200, name
        assert response["Content-Type"] == "application/pdf", name
        assert response.content.startswith(b"%PDF-"), name


def test_a_head_request_makes_no_page(events, director_client):
    duplicate, free_deal = events
    for name, (url, _director) in sheets(duplicate, free_deal).items():
        response = director_client.head(page_url(url))
        assert response.status_code == 200, name
        assert response["Content-Type"].startswith("text/html"), name
        assert b"".join(response.streaming_content) == b"", name


def test_a_directors_sheet_is_a_directors_page(events, django_user_model):
    duplicate, free_deal = events
    anonymous = Client()
    other = Client()
    other.force_login(django_user_model.objects.create_user("other", password="other-pass-1"))
    for name, (url, director_only) in sheets(duplicate, free_deal).items():
        if not director_only:
            continue
        response = anonymous.get(page_url(url))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], name
        assert other.get(page_url(url)).status_code == 404, name


def test_the_deal_sheets_of_a_released_round_are_not_a_captains_page(events):
    """A captain's link opens the captain's page only: the deal sheets' page needs a
    director's login, whatever the round."""
    duplicate, _free_deal = events
    team = duplicate.teams.first()
    captain = Client()
    assert captain.get(team.private_path).status_code == 200
    for number in (1, 2):
        url = page_url(reverse("tournaments:director_round_deal_sheets",
                               args=[duplicate.pk, number]))
        response = captain.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_unpublished_results_give_no_page_to_the_public(events, director):
    from scoring import services as scoring_services

    duplicate, _free_deal = events
    scoring_services.set_results_public(duplicate, False, user=director)
    response = Client().get(page_url(f"/c/{duplicate.pk}/results/export/ranking_pdf/"))
    assert b"data-print" not in response.content


def test_a_ranking_page_stands_after_the_round_asked_for(events, director_client):
    duplicate, _free_deal = events
    url = page_url(f"/c/{duplicate.pk}/results/export/ranking_pdf/?after=1")
    assert "after=1" in url and "as=page" in url
    _page(director_client.get(url))
    assert director_client.get(
        page_url(f"/c/{duplicate.pk}/results/export/ranking_pdf/?after=9")).status_code == 400


def test_the_directors_pages_link_every_sheet_to_its_page(events, director_client):
    duplicate, free_deal = events
    pages = [
        f"/director/c/{duplicate.pk}/", f"/director/c/{duplicate.pk}/teams/",
        f"/director/c/{duplicate.pk}/rounds/1/", f"/director/c/{free_deal.pk}/rounds/2/",
        f"/director/c/{duplicate.pk}/exports/",
    ]
    for address in pages:
        html = _page(director_client.get(address, headers={"accept-language": "en"}))
        assert "as=page" in html, address
        assert "Print from the browser" in html, address
