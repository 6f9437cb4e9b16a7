"""Where a ranking stands: "after round N of M", "Final ranking", a chosen closed round,
and the same ranking on the standings page, the projector and the exports."""

from __future__ import annotations

import io
from fractions import Fraction

import pytest
from django.test import Client
from exports_event import make_event, publish
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring import selectors
from tournaments.models import Championship


@pytest.fixture(autouse=True)
def exports_folder(settings, tmp_path):
    settings.EXPORTS_DIR = tmp_path / "exports"


@pytest.fixture
def event(db, director):
    return publish(make_event(director))


def test_the_public_sees_after_the_last_closed_round(client, event):
    response = client.get(f"/c/{event.pk}/results/")
    assert response.context["scope"].label == "After round 2 of 3"
    assert "After round 2 of 3" in response.content.decode()
    projector = client.get(f"/c/{event.pk}/results/projector/")
    assert "After round 2 of 3" in projector.content.decode()


def test_a_director_sees_live_and_may_choose_any_closed_round(director_client, event):
    live = director_client.get(f"/c/{event.pk}/results/")
    assert live.context["scope"].label == "Live: closed rounds and round 3 in play"
    after1 = director_client.get(f"/c/{event.pk}/results/?after=1")
    scope = after1.context["scope"]
    assert scope.label == "After round 1 of 3" and not scope.live
    expected = selectors.standings(event, live=False, up_to=1)
    assert [(r.team.pk, r.total) for r in after1.context["rows"]] == [
        (r.team.pk, r.total) for r in expected
    ]
    # Round 1 alone: each team's total is what its scorecard adds up for round 1.
    for row in expected:
        lines, total = selectors.scorecard(row.team, live=False, up_to=1)
        assert total == row.total == sum((x.final or Fraction(0) for x in lines), Fraction(0))
        assert {line.round.number for line in lines} <= {1}
    assert expected != selectors.standings(event, live=False)


def test_after_a_round_that_is_not_closed_is_refused(director_client, event):
    for who in (Client(), director_client):
        response = who.get(f"/c/{event.pk}/results/?after=3")
        assert response.status_code == 400
        assert "after: round 3 is not a closed round." in response.content.decode()
        assert who.get(f"/c/{event.pk}/results/?after=x").status_code == 400
        assert who.get(f"/c/{event.pk}/results/export/ranking_csv/?after=3").status_code == 400


def test_a_finished_championship_shows_the_final_ranking(client, director):
    event = publish(make_event(director, rounds=2, closed=2))
    event.status = Championship.Status.FINISHED
    event.save(update_fields=["status"])
    assert "Final ranking" in client.get(f"/c/{event.pk}/results/").content.decode()
    assert "Final ranking" in client.get(f"/c/{event.pk}/results/projector/").content.decode()
    book = load_workbook(io.BytesIO(
        client.get(f"/c/{event.pk}/results/export/workbook/").content))
    assert book.properties.subject.endswith("Final ranking")
    response = client.get(f"/c/{event.pk}/results/export/ranking_pdf/")
    assert "final" in response["Content-Disposition"]
    text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    assert "Final ranking" in text
    # An earlier round is not final.
    earlier = client.get(f"/c/{event.pk}/results/export/ranking_pdf/?after=1")
    assert "after-round-1" in earlier["Content-Disposition"]
    assert "After round 1 of 2" in PdfReader(io.BytesIO(earlier.content)).pages[0].extract_text()


def test_before_any_round_is_closed(client, director):
    event = publish(make_event(director, rounds=1, closed=0))
    response = client.get(f"/c/{event.pk}/results/")
    assert response.context["scope"].label == "No round closed yet"
    assert all(row.total == 0 for row in response.context["rows"])


@pytest.mark.parametrize(("language", "ranking", "earlier"), [
    ("ca", "classificacio-final.csv", "classificacio-despres-de-la-ronda-1.csv"),
    ("es", "clasificacion-final.csv", "clasificacion-tras-la-ronda-1.csv"),
    ("en", "ranking-final.csv", "ranking-after-round-1.csv"),
])
def test_a_files_name_is_in_the_readers_language(client, director, language, ranking,
                                                  earlier):
    event = publish(make_event(director, rounds=2, closed=2))
    event.status = Championship.Status.FINISHED
    event.save(update_fields=["status"])
    asked = {"headers": {"accept-language": language}}
    final = client.get(f"/c/{event.pk}/results/export/ranking_csv/", **asked)
    assert final["Content-Disposition"].endswith(f'-{ranking}"')
    before = client.get(f"/c/{event.pk}/results/export/ranking_csv/?after=1", **asked)
    assert before["Content-Disposition"].endswith(f'-{earlier}"')
