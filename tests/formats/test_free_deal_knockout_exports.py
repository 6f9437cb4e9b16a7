"""The knockout bracket leaves the building (rules.md 11.3): in the public archive, and as a
kind of export (its PDF) on the exports page and among the public downloads, offered only to an
event with a knockout stage, and made again when a game is entered."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from test_free_deal_exports import pdf_text, squashed
from test_free_deal_knockout_stage import swiss_played

from formats.free_deal import services as fd
from scoring.exports import registry
from scoring.models import KnockoutTie
from scoring.services.knockout import enter_knockout_game
from tournaments import services

pytestmark = pytest.mark.django_db

english = {"HTTP_ACCEPT_LANGUAGE": "en"}


def archive(championship) -> dict:
    response = Client().get(f"/c/{championship.pk}/archive.json")
    assert response.status_code == 200
    return json.loads(response.content)


def test_the_public_archive_carries_the_bracket(director):
    championship = swiss_played(director, knockout_size=4)
    services.update_championship(championship, results_public=True, by=director)
    assert "knockout" not in archive(championship)  # not started: nothing to say
    fd.start_knockout(championship, by=director)
    semi = KnockoutTie.objects.get(championship=championship, stage=1, slot=1)
    enter_knockout_game(semi, 101, 44, by=director)
    bracket = archive(championship)["knockout"]
    assert [r["round"] for r in bracket] == [1, 2]
    first = bracket[0]["ties"][0]
    assert first == {"tie": 1, "first_pair": semi.first.number, "first_seed": 1,
                     "second_pair": semi.second.number, "second_seed": 4,
                     "games": [{"first_points": 101, "second_points": 44, "hands": None}],
                     "winner": semi.first.number}
    final = bracket[1]["ties"][0]
    assert (final["first_pair"], final["second_pair"], final["winner"]) == (
        semi.first.number, None, None)
    assert bracket[0]["ties"][1]["games"] == [] and bracket[0]["ties"][1]["winner"] is None


def test_only_an_event_with_a_knockout_is_offered_the_bracket(director):
    plain = swiss_played(director, pairs=4, rounds=1)
    with_ko = swiss_played(director, pairs=4, rounds=1, knockout_size=2)
    assert "bracket_pdf" not in registry.kinds_of(plain)
    assert "bracket_pdf" in registry.kinds_of(with_ko)
    services.update_championship(plain, results_public=True, by=director)
    assert Client().get(f"/c/{plain.pk}/results/export/bracket_pdf/").status_code == 404


def test_the_exports_page_and_the_public_downloads_offer_the_bracket(director, director_client,
                                                                     settings, tmp_path):
    # Kept files of its own: another test's championship may have had the same id.
    settings.EXPORTS_DIR = tmp_path / "exports"
    championship = swiss_played(director, knockout_size=4)
    page = director_client.get(f"/director/c/{championship.pk}/exports/", **english)
    assert "Knockout bracket (PDF)" in page.content.decode()
    services.update_championship(championship, results_public=True, by=director)
    standings = Client().get(f"/c/{championship.pk}/results/", **english).content.decode()
    url = f"/c/{championship.pk}/results/export/bracket_pdf/"
    assert url in standings
    fd.start_knockout(championship, by=director)
    semi = KnockoutTie.objects.get(championship=championship, stage=1, slot=1)
    response = Client().get(url, **english)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "bracket" in response["Content-Disposition"]
    before = pdf_text(response.content)
    assert "Semi-finals" in before and "through" not in before
    # A game entered: the kept file is made again.
    enter_knockout_game(semi, 101, 37, by=director)
    after = pdf_text(Client().get(url, **english).content)
    assert squashed(f"{semi.first.number}. {semi.first.name} · through") in squashed(after)


def test_the_bracket_as_a_job_on_the_exports_page(director, director_client, settings,
                                                  tmp_path):
    from scoring.exports import jobs
    from scoring.exports.models import ExportJob

    settings.EXPORTS_DIR = tmp_path / "exports"
    championship = swiss_played(director, knockout_size=2)
    fd.start_knockout(championship, by=director)
    job = ExportJob.objects.create(championship=championship, kind="bracket_pdf",
                                   language="en")
    jobs.run_job(job.pk)
    job.refresh_from_db()
    assert job.status == "done", job.error
    assert job.filename.endswith("-bracket-knockout.pdf")
    assert "The final" in pdf_text(jobs.job_file(job).read_bytes())
