"""Captains report their knockout games (rules.md 11.3): a pair of a tie sees it on its own
page and enters the game; the other pair confirms it (the game counts, the winner goes on) or
disputes it (the director settles it); the refusals write nothing."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation
from test_free_deal_knockout_stage import swiss_played

from formats.free_deal import services as fd
from scoring.models import KnockoutEntry, KnockoutGame, KnockoutTie
from scoring.services.knockout import enter_knockout_game
from scoring.services.knockout_captains import (
    confirm_knockout_entry,
    dispute_knockout_entry,
    submit_knockout_entry,
)
from scoring.services.values import ScoringError
from tournaments.models import AuditEvent
from tournaments.services.common import ServiceError

pytestmark = pytest.mark.django_db
english = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture(autouse=True)
def in_english():
    with translation.override("en"):
        yield


@pytest.fixture
def semi(director):
    championship = swiss_played(director, knockout_size=4)
    fd.start_knockout(championship, by=director)
    return KnockoutTie.objects.select_related("first", "second").get(
        championship=championship, stage=1, slot=1)


def page(team) -> str:
    return Client().get(f"/t/{team.pk}/{team.link_secret}/", **english).content.decode()


def test_a_pair_enters_its_game_and_the_other_confirms_it(semi):
    first, second = semi.first, semi.second
    html = page(first)
    assert "Semi-finals: game 1" in html and f"Points of {second.name}" in html
    phone = Client()
    sent = phone.post(f"/t/{first.pk}/{first.link_secret}/knockout/{semi.pk}/",
                      {"first_points": "101", "second_points": "70"},
                      HTTP_USER_AGENT="Phone 1")
    assert sent.status_code == 302
    entry = KnockoutEntry.objects.get()
    assert (entry.number, entry.by_team_id, entry.state, entry.user_agent) == (
        1, first.pk, "pending", "Phone 1")
    assert not KnockoutGame.objects.exists()  # nothing counts before the other pair confirms
    assert "Waiting for the other pair to confirm" in page(first)
    theirs = page(second)
    confirm = f"/t/{second.pk}/{second.link_secret}/knockout/entries/{entry.pk}/confirm/"
    assert confirm in theirs and "101 – 70" in theirs
    # The entering pair cannot confirm its own report.
    with pytest.raises(ScoringError) as refused:
        confirm_knockout_entry(team=first, entry_id=entry.pk)
    assert refused.value.code == "self_confirmation"
    assert Client().post(confirm).status_code == 302
    game = KnockoutGame.objects.get()
    assert (game.first_points, game.second_points, game.by_team_id) == (101, 70, first.pk)
    entry.refresh_from_db()
    review = entry.reviews.get()
    assert (entry.state, review.verdict, review.by_team_id, entry.game_id) == (
        "confirmed", "confirm", second.pk, game.pk)
    semi.refresh_from_db()
    assert semi.winner_id == first.pk
    final = KnockoutTie.objects.get(championship=semi.championship, stage=2)
    assert final.first_id == first.pk
    event = AuditEvent.objects.filter(action="knockout_game_entered").get()
    assert event.team_id == first.pk and event.by_director is None
    # Confirming again is harmless: the first confirmation.
    assert confirm_knockout_entry(team=second, entry_id=entry.pk).pk == entry.pk
    assert KnockoutGame.objects.count() == 1
    # The tie is decided: the loser's page shows no knockout card any more.
    assert "Semi-finals" not in page(second)


def test_a_dispute_goes_to_the_director_who_settles_it(semi, director, director_client):
    first, second = semi.first, semi.second
    entry, _created = submit_knockout_entry(team=second, tie_id=semi.pk, first_points=90,
                                               second_points=101)
    dispute_knockout_entry(team=first, entry_id=entry.pk, comment="We won 101-90")
    with pytest.raises(ScoringError) as refused:
        confirm_knockout_entry(team=first, entry_id=entry.pk)
    assert refused.value.code == "disputed"
    assert "This result is disputed" in page(second)
    bracket = director_client.get(f"/director/c/{semi.championship_id}/knockout/",
                                  **english).content.decode()
    assert f"{second.name} reports the next game as 90 – 101" in bracket
    assert "We won 101-90" in bracket and "Enter the right points below" in bracket
    enter_knockout_game(semi, 101, 90, by=director)
    semi.refresh_from_db()
    game = KnockoutGame.objects.get()
    assert semi.winner_id == first.pk and (game.by_team_id, game.by_director_id) == (
        None, director.pk)


def test_a_newer_report_supersedes_the_older(semi):
    first, second = semi.first, semi.second
    old, _created = submit_knockout_entry(team=first, tie_id=semi.pk, first_points=101,
                                             second_points=60)
    submit_knockout_entry(team=second, tie_id=semi.pk, first_points=60, second_points=101)
    with pytest.raises(ScoringError) as refused:
        confirm_knockout_entry(team=second, entry_id=old.pk)
    assert refused.value.code == "superseded"
    assert not KnockoutGame.objects.exists()


def test_refusals_write_nothing(semi, director):
    first = semi.first
    other = KnockoutTie.objects.select_related("first").get(championship=semi.championship,
                                                            stage=1, slot=2)
    with pytest.raises(ScoringError) as refused:
        submit_knockout_entry(team=other.first, tie_id=semi.pk, first_points=101,
                                 second_points=3)
    assert refused.value.code == "not_your_tie"
    with pytest.raises(ServiceError) as level:
        submit_knockout_entry(team=first, tie_id=semi.pk, first_points=80, second_points=80)
    assert level.value.field == "second_points" and "cannot end level" in level.value.message
    with pytest.raises(ServiceError) as too_many:
        submit_knockout_entry(team=first, tie_id=semi.pk, first_points=1000,
                                 second_points=3)
    assert too_many.value.field == "first_points"
    # On the page: the form says which field is wrong, nothing is stored.
    response = Client().post(f"/t/{first.pk}/{first.link_secret}/knockout/{semi.pk}/",
                             {"first_points": "70", "second_points": "70"}, **english)
    assert response.status_code == 200 and "cannot end level" in response.content.decode()
    enter_knockout_game(semi, 101, 3, by=director)  # decided by the director
    with pytest.raises(ScoringError) as decided:
        submit_knockout_entry(team=first, tie_id=semi.pk, first_points=101,
                                 second_points=3)
    assert decided.value.code == "decided"
    assert not KnockoutEntry.objects.exists()


def test_a_report_of_a_game_the_director_entered_cannot_be_confirmed(director):
    championship = swiss_played(director, knockout_size=2, knockout_best_of=3)
    fd.start_knockout(championship, by=director)
    final = KnockoutTie.objects.select_related("first", "second").get(championship=championship)
    entry, _created = submit_knockout_entry(team=final.first, tie_id=final.pk, first_points=101,
                                               second_points=50)
    enter_knockout_game(final, 101, 50, by=director)  # the director entered game 1
    with pytest.raises(ScoringError) as refused:
        confirm_knockout_entry(team=final.second, entry_id=entry.pk)
    assert refused.value.code == "superseded"
    assert KnockoutGame.objects.count() == 1
    assert "The final: game 2" in page(final.first)


def test_the_captains_reports_move_with_the_full_backup(semi, director):
    import json
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "scoring"))
    from archive_events import delete_championship

    from scoring.archive import export_full, import_archive, to_json_bytes
    from scoring.archive.format import renumbered

    confirmed, _created = submit_knockout_entry(team=semi.first, tie_id=semi.pk,
                                                   first_points=101, second_points=64)
    confirm_knockout_entry(team=semi.second, entry_id=confirmed.pk)
    other = KnockoutTie.objects.select_related("first", "second").get(
        championship=semi.championship, stage=1, slot=2)
    pending, _created = submit_knockout_entry(team=other.second, tie_id=other.pk, first_points=3,
                                                 second_points=101)
    dispute_knockout_entry(team=other.first, entry_id=pending.pk, comment="No")

    def reports(championship):
        return [(e.tie.stage, e.tie.slot, e.number, e.first_points, e.second_points,
                 e.state, e.by_team.number, e.game and e.game.number, e.created_at,
                 [(r.verdict, r.by_team.number, r.comment, r.created_at)
                  for r in e.reviews.order_by("id")])
                for e in KnockoutEntry.objects.filter(tie__championship=championship)
                .order_by("id")]

    before = reports(semi.championship)
    data = to_json_bytes(export_full(semi.championship))
    archive = json.loads(data)
    assert len(archive["free_deal_knockout_entries"]) == 2
    delete_championship(semi.championship)
    imported = import_archive(data, director=director)
    assert reports(imported) == before
    again = json.loads(to_json_bytes(export_full(imported)))
    for each in (archive, again):
        each.pop("exported_at")
    assert renumbered(again) == renumbered(archive)


# --- Through the REST API ---------------------------------------------------------------------


def api_link(team) -> str:
    return f"/api/v1/captain/{team.pk}/{team.link_secret}/free-deal/knockout/"


def test_the_api_reports_confirms_and_disputes_knockout_games(director):
    from rest_framework.test import APIClient

    championship = swiss_played(director, knockout_size=4, knockout_best_of=3)
    fd.start_knockout(championship, by=director)
    semi = KnockoutTie.objects.select_related("first", "second").get(
        championship=championship, stage=1, slot=1)
    first, second = semi.first, semi.second
    phone = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    shown = phone.get(api_link(first)).json()["tie"]
    assert (shown["round"], shown["tie"], shown["name"]) == (1, 1, "Semi-finals")
    assert (shown["first"]["pair"], shown["second"]["pair"], shown["report"]) == (
        first.number, second.number, None)
    # Bad input names the field, and writes nothing.
    level = phone.post(api_link(first), {"first_points": 80, "second_points": 80},
                       format="json")
    assert level.status_code == 400 and "cannot end level" in level.json()["second_points"][0]
    missing = phone.post(api_link(first), {"first_points": 80}, format="json")
    assert missing.status_code == 400 and "second_points" in missing.json()
    assert not KnockoutEntry.objects.exists()
    sent = phone.post(api_link(first), {"first_points": 101, "second_points": 90},
                      format="json")
    assert sent.status_code == 201, sent.content
    report = sent.json()["tie"]["report"]
    assert (report["game"], report["state"], report["by_pair"]) == (1, "pending", first.number)
    # The entering pair cannot confirm it; a pair of another tie does not see it.
    own = phone.post(f"{api_link(first)}{report['id']}/confirm/")
    assert own.status_code == 409 and own.json()["code"] == "self_confirmation"
    stranger = KnockoutTie.objects.select_related("first").get(championship=championship,
                                                               stage=1, slot=2).first
    assert phone.post(f"{api_link(stranger)}{report['id']}/confirm/").status_code == 404
    confirmed = phone.post(f"{api_link(second)}{report['id']}/confirm/")
    assert confirmed.status_code == 200, confirmed.content
    tie = confirmed.json()["tie"]
    assert tie["games"] == [{"number": 1, "first_points": 101, "second_points": 90,
                            "hands": None}]
    assert tie["report"] is None  # the next game has no report yet
    # Game 2, disputed: the director will settle it.
    again = phone.post(api_link(second), {"first_points": 70, "second_points": 101},
                       format="json").json()["tie"]["report"]
    disputed = phone.post(f"{api_link(first)}{again['id']}/dispute/", {"comment": "101-99"},
                          format="json")
    assert disputed.status_code == 200 and disputed.json()["tie"]["report"]["state"] == (
        "disputed")
    no_comment = phone.post(f"{api_link(first)}{again['id']}/dispute/", {}, format="json")
    assert no_comment.status_code == 400 and "comment" in no_comment.json()
    assert KnockoutGame.objects.count() == 1


def test_the_api_says_when_there_is_no_knockout_game(director):
    from rest_framework.test import APIClient

    championship = swiss_played(director, knockout_size=4)
    team = championship.teams.first()
    phone = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    assert phone.get(api_link(team)).json() == {"tie": None}
    refused = phone.post(api_link(team), {"first_points": 101, "second_points": 3},
                         format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "no_tie"


def test_every_knockout_write_tells_the_ties_pairs_the_director_and_once_counted_the_public(
        semi, monkeypatch, django_capture_on_commit_callbacks):
    import live
    from live.scopes import visible

    sent = []
    monkeypatch.setattr(live, "send_now", sent.append)
    first, second = semi.first, semi.second
    with django_capture_on_commit_callbacks(execute=True):
        entry, _created = submit_knockout_entry(team=first, tie_id=semi.pk, first_points=101,
                                                   second_points=70)
    with django_capture_on_commit_callbacks(execute=True):
        dispute_knockout_entry(team=second, entry_id=entry.pk, comment="70 – 101")
    assert [(e["kind"], e["closed"], sorted(e["teams"])) for e in sent] == [
        ("knockout", False, sorted([first.pk, second.pk]))] * 2
    # Not counted yet: the tie's pairs and the director hear of it, the public does not.
    c = semi.championship_id
    other = KnockoutTie.objects.get(championship_id=c, stage=1, slot=2).first
    assert visible({"k": "team", "c": c, "t": second.pk}, sent[0]) == {"kind": "knockout"}
    assert visible({"k": "team", "c": c, "t": other.pk}, sent[0]) is None
    assert visible({"k": "director", "c": c, "t": None}, sent[0]) == {"kind": "knockout"}
    assert visible({"k": "public", "c": c, "t": None}, sent[0]) is None
    # The director settles it: the game counts, the winner goes on to the final, whose other
    # pair (not known yet here) is told once it is: the event names the final's pairs.
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        enter_knockout_game(semi, 101, 70)
    final = KnockoutTie.objects.get(championship_id=c, stage=2)
    assert [(e["kind"], e["closed"]) for e in sent] == [("knockout", True)] * 2
    assert sorted(sent[0]["teams"]) == sorted([first.pk, second.pk])
    assert sent[1]["teams"] == [final.first_id, final.second_id]
    assert visible({"k": "public", "c": c, "t": None}, sent[0]) == {"kind": "knockout"}
