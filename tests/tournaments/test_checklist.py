"""A new championship's page shows its first steps (teams, rounds, print, release), each done
or not and linking to where it is done, instead of buttons that lead nowhere before any team
exists; once round 1 is released the single next step takes over."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from tournament_factories import add_teams, make_championship

from formats.duplicate_pairs.rounds import generate_schedule
from tournaments import next_step, services
from tournaments.models import Championship

pytestmark = pytest.mark.django_db
EN = {"headers": {"accept-language": "en"}}


def _page(client, championship) -> str:
    response = client.get(f"/director/c/{championship.pk}/", **EN)
    assert response.status_code == 200
    return response.content.decode()


def _states(championship) -> list[bool]:
    rounds = list(championship.rounds.order_by("number"))
    count = championship.teams.filter(withdrawn=False).count()
    return [step.done for step in next_step.checklist(championship, rounds, count)]


def test_an_empty_championship_shows_the_checklist_and_no_dead_buttons(director, director_client):
    championship = make_championship(director)
    page = _page(director_client, championship)
    assert "Getting started" in page
    assert "Register the pairs" in page and "At least two pairs are needed" in page
    assert page.count("After the rounds.") == 2 and "After the pairs." in page
    assert f"/director/c/{championship.pk}/teams/import/" in page
    # Nothing to pair, print or show yet.
    assert "Generate the round robin schedule" not in page
    assert "Print the pair cards (PDF)" not in page
    assert "Results grid of the current round" not in page and "Projector" not in page
    assert _states(championship) == [False, False, False, False]


def test_the_steps_are_ticked_as_the_director_goes(director, director_client):
    championship = make_championship(director)
    services.add_team(championship, name="Solo", club="", player1="A", player2="B")
    assert "At least two pairs are needed" in _page(director_client, championship)
    add_teams(championship, 3)
    championship.refresh_from_db()
    page = _page(director_client, championship)
    assert _states(championship) == [True, False, False, False]
    # The rounds step now offers the generation, as a POST button.
    assert page.count(f'action="/director/c/{championship.pk}/rounds/generate/"') == 1
    generate_schedule(championship)
    page = _page(director_client, championship)
    assert _states(championship) == [True, True, False, False]
    assert f"/director/c/{championship.pk}/teams/cards.pdf" in page
    assert f"/director/c/{championship.pk}/rounds/1/deals.pdf" in page
    assert "Its tables then see their pairings" in page
    assert "Next step" not in page  # the checklist says it
    assert "Results grid of the current round" not in page  # nothing released yet
    services.release_round(championship.rounds.get(number=1), by=director)
    championship.refresh_from_db()
    assert championship.status == Championship.Status.RUNNING
    page = _page(director_client, championship)
    assert "Getting started" not in page and "Results grid of the current round" in page


def test_a_swiss_event_offers_pairing_round_one(director, director_client):
    championship = make_championship(director, movement="swiss", rounds_planned=3)
    add_teams(championship, 4)
    page = _page(director_client, championship)
    assert "Pair round 1" in page


def test_the_checklist_costs_the_same_queries_for_few_or_many_teams(director, director_client):
    counts = []
    for size in (2, 12):
        championship = make_championship(director)
        add_teams(championship, size)
        with CaptureQueriesContext(connection) as queries:
            _page(director_client, championship)
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_a_free_deal_event_prints_its_pairing_sheets(director, director_client):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "formats"))
    from free_deal_factories import make_free_deal

    championship = make_free_deal(director, pairs=4, rounds=3)
    assert "Pair round 1" in _page(director_client, championship)
    services.generate_next_round(championship)
    page = _page(director_client, championship)
    assert _states(championship) == [True, True, False, False]
    assert "Pairing sheets (PDF)" in page and "Deal sheets (PDF)" not in page
