"""The printed sheets' URLs take GET and HEAD only: any other method is refused at once
(405, nothing rendered), and HEAD gets the headers without the PDF being rendered."""

from __future__ import annotations

import pytest
from built_once import module_world
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from tournament_factories import add_teams, make_championship

from formats.duplicate_pairs.rounds import generate_schedule
from tournaments import printing

pytestmark = pytest.mark.django_db

URLS = [
    ("tournaments:director_round_deal_sheets", True),
    ("tournaments:director_deal_sheets", False),
    ("tournaments:director_table_cards", True),
    ("tournaments:director_team_cards", False),
]


#: What the renderer gives here instead of a PDF.
STAND_IN = b"%PDF- stand-in"


def build_the_world():
    users = get_user_model().objects
    director = users.create_user("director1", password="secret-pass-1")
    other = users.create_user("director2", password="secret-pass-2")
    championship = make_championship(director, name="Open de Tardor")
    add_teams(championship, 7)
    generate_schedule(championship)  # 7 rounds, a bye in each
    championship.refresh_from_db()
    return director, other, championship


# The directors and a scheduled 7-team round robin, built once for the module; the
# tests only read it (tests/built_once.py).
built, world = module_world(build_the_world)


@pytest.fixture
def director(world):
    """The world's director1, in place of the suite's fixture of that name."""
    return world[0]


@pytest.fixture
def other_director(world):
    return world[1]


@pytest.fixture
def scheduled(world):
    return world[2]


@pytest.fixture
def renders(monkeypatch):
    """Every call of the PDF renderer, which answers with a stand-in: these tests are about
    methods, headers and names, and a real PDF of every championship's deal sheets costs two
    seconds. The four views' real PDFs are read in test_tournament_printing.py."""
    calls = []

    def counted(template, context):
        calls.append(template)
        return STAND_IN

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
    assert got.status_code == 200 and got.content == STAND_IN and len(renders) == 1
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
