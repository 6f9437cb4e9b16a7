"""The printed sheets' URLs take GET and HEAD only: any other method is refused at once
(405, nothing rendered), and HEAD gets the headers without the PDF being rendered."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import printing

pytestmark = pytest.mark.django_db

URLS = [
    ("tournaments:director_round_deal_sheets", True),
    ("tournaments:director_deal_sheets", False),
    ("tournaments:director_table_cards", True),
    ("tournaments:director_team_cards", False),
]


@pytest.fixture
def renders(monkeypatch):
    """Every call of the PDF renderer (which still renders)."""
    calls = []
    real = printing.render_pdf

    def counted(template, context):
        calls.append(template)
        return real(template, context)

    monkeypatch.setattr(printing, "render_pdf", counted)
    return calls


def url_of(name: str, per_round: bool, championship) -> str:
    return reverse(name, args=[championship.pk, 1] if per_round else [championship.pk])


@pytest.mark.parametrize(("name", "per_round"), URLS)
@pytest.mark.parametrize("method", ["delete", "patch", "put", "post", "options"])
def test_other_methods_are_refused_without_rendering(director_client, scheduled, renders,
                                                     name, per_round, method):
    response = getattr(director_client, method)(url_of(name, per_round, scheduled))
    assert response.status_code == 405
    assert sorted(response["Allow"].split(", ")) == ["GET", "HEAD"]
    assert renders == []


@pytest.mark.parametrize(("name", "per_round"), URLS)
def test_head_answers_headers_without_rendering(director_client, scheduled, renders,
                                                name, per_round):
    url = url_of(name, per_round, scheduled)
    response = director_client.head(url)
    assert response.status_code == 200 and renders == []
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith('inline; filename="')
    assert response["Content-Disposition"].endswith('.pdf"')
    assert response["Cache-Control"] == "no-store, private"
    assert "Content-Length" not in response  # not "0": the size is unknown unrendered
    assert b"".join(response.streaming_content) == b""
    # A GET renders, with the same name.
    got = director_client.get(url)
    assert got.status_code == 200 and got.content.startswith(b"%PDF-") and len(renders) == 1
    assert got["Content-Disposition"] == response["Content-Disposition"]


def test_head_checks_access_as_get_does(other_client, director_client, scheduled, renders):
    url = url_of("tournaments:director_deal_sheets", False, scheduled)
    anonymous = Client()
    assert anonymous.head(url).status_code == 302  # to the login page
    assert other_client.head(url).status_code == 404  # not their championship
    assert anonymous.delete(url).status_code == 405  # refused before anything is read
    missing = reverse("tournaments:director_table_cards", args=[scheduled.pk, 99])
    assert director_client.head(missing).status_code == 404  # no round 99
    assert renders == []
