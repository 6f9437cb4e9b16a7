"""Archiving and deleting a championship (issue 24 item 8): archiving takes it off the
director's list and keeps it readable; deleting is refused until the full backup of its
current state was downloaded (or the director ticks "without a backup"), removes every row,
and is audited. Only its directors, POST only."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from exports_event import make_event

from scoring.archive import import_archive
from scoring.archive.retiring import current_fingerprint, state_fingerprint
from scoring.models import ResultEntry
from tournaments.models import AuditEvent, Championship, Team

pytestmark = pytest.mark.django_db
EN = {"headers": {"accept-language": "en"}}


def _event(director):
    # Two closed rounds and one in play, with results, reviews, an adjustment and a bye.
    return make_event(director, teams=5, rounds=3, closed=3)


def _backup(client, championship) -> bytes:
    response = client.get(f"/director/c/{championship.pk}/full-backup.json", **EN)
    assert response.status_code == 200
    return response.content


def _delete(client, championship, **fields):
    return client.post(f"/director/c/{championship.pk}/delete/",
                       {"confirm": "yes", **fields}, **EN)


def test_archiving_hides_it_from_the_list_and_keeps_it_readable(director, director_client):
    championship = _event(director)
    url = f"/director/c/{championship.pk}/archive/"
    assert director_client.get(url).status_code == 405  # POST only
    response = director_client.post(url, follow=True, **EN)
    assert response.redirect_chain[-1][0] == "/director/"
    championship.refresh_from_db()
    assert championship.archived_at is not None
    page = response.content.decode()
    assert "1 archived championship" in page
    assert page.count(f'href="/director/c/{championship.pk}/"') == 1  # only in the fold
    assert director_client.get(f"/director/c/{championship.pk}/", **EN).status_code == 200
    assert director_client.get(f"/c/{championship.pk}/results/").status_code == 200
    assert Client().get(f"/c/{championship.pk}/").status_code == 200  # the public page
    director_client.post(url, {"restore": "1"})
    championship.refresh_from_db()
    assert championship.archived_at is None
    actions = list(AuditEvent.objects.filter(championship=championship)
                   .values_list("action", flat=True).order_by("id"))[-2:]
    assert actions == ["championship_archived", "championship_restored"]


def test_a_round_in_play_is_not_archived(director, director_client):
    championship = make_event(director, teams=4, rounds=2, closed=1)
    response = director_client.post(f"/director/c/{championship.pk}/archive/", follow=True, **EN)
    assert "A round is in play" in response.content.decode()
    championship.refresh_from_db()
    assert championship.archived_at is None


def test_deletion_waits_for_the_backup_of_the_current_state(director, director_client):
    championship = _event(director)
    page = director_client.get(f"/director/c/{championship.pk}/delete/", **EN).content.decode()
    assert "No full backup of the championship as it is now" in page
    assert f'href="/director/c/{championship.pk}/full-backup.json"' in page
    response = _delete(director_client, championship)
    assert response.status_code == 400 and "Download the full backup" in response.content.decode()
    assert Championship.objects.filter(pk=championship.pk).exists()
    # A HEAD is no copy taken.
    director_client.head(f"/director/c/{championship.pk}/full-backup.json")
    assert "No full backup" in director_client.get(
        f"/director/c/{championship.pk}/delete/", **EN).content.decode()
    # A backup, then a change: that backup is stale.
    _backup(director_client, championship)
    team = Team.objects.filter(championship=championship).first()
    team.club = "Club nou"
    team.save()
    assert _delete(director_client, championship).status_code == 400
    backup = _backup(director_client, championship)
    page = director_client.get(f"/director/c/{championship.pk}/delete/", **EN).content.decode()
    assert "as it is now was downloaded on" in page and "without_backup" not in page
    response = _delete(director_client, championship)
    assert response.status_code == 302 and response["Location"] == "/director/"
    assert not Championship.objects.filter(pk=championship.pk).exists()
    assert not Team.objects.filter(championship_id=championship.pk).exists()
    assert not ResultEntry.objects.filter(table__round__championship_id=championship.pk).exists()
    event = AuditEvent.objects.get(action="championship_deleted")
    assert event.championship is None and event.by_director == director
    assert event.detail == f"#{championship.pk} {championship.name}"
    # The backup brings it back whole.
    restored = import_archive(_upload(backup), director=director)
    assert restored.teams.count() == 5 and restored.rounds.count() == 3


def _upload(data: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("backup.json", data)


def test_deleting_without_a_backup_needs_the_box_ticked(director, director_client, settings,
                                                        tmp_path, django_capture_on_commit_callbacks):
    from scoring.exports import jobs

    settings.EXPORTS_DIR = tmp_path / "exports"
    championship = _event(director)
    with django_capture_on_commit_callbacks(execute=False):
        job = jobs.start_job(championship, "full_backup", language="en", user=director)
    jobs.run_job(job.pk)
    job.refresh_from_db()
    kept = settings.EXPORTS_DIR / job.file_path
    assert kept.is_file()
    with django_capture_on_commit_callbacks(execute=True):
        assert _delete(director_client, championship, without_backup="1").status_code == 302
    assert not Championship.objects.filter(pk=championship.pk).exists()
    assert not kept.exists()  # the kept backup, with its secrets, went with it
    event = AuditEvent.objects.get(action="championship_deleted")
    assert event.detail.endswith("(without a backup)")


def test_only_its_directors_may_archive_or_delete(director, django_user_model):
    championship = _event(director)
    other = Client()
    other.force_login(django_user_model.objects.create_user("otra", password="x" * 12))
    for address in ("archive/", "delete/"):
        assert other.post(f"/director/c/{championship.pk}/{address}",
                          {"confirm": "yes", "without_backup": "1"}).status_code == 404
    anonymous = Client().post(f"/director/c/{championship.pk}/delete/",
                              {"confirm": "yes", "without_backup": "1"})
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert Championship.objects.filter(pk=championship.pk, archived_at=None).exists()


def test_deletion_needs_the_csrf_token(director):
    championship = _event(director)
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    assert _delete(client, championship, without_backup="1").status_code == 403
    assert Championship.objects.filter(pk=championship.pk).exists()


def test_the_fingerprint_ignores_when_and_the_audit_trail(director, director_client):
    championship = _event(director)
    first = json.loads(_backup(director_client, championship))
    second = json.loads(_backup(director_client, championship))
    assert first["audit_events"] != second["audit_events"]  # the first download is in it
    assert state_fingerprint(first) == state_fingerprint(second) == current_fingerprint(
        championship)


def test_a_free_deal_championship_with_games_is_deleted_whole(director, director_client):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "formats"))
    from free_deal_factories import make_free_deal, next_round, play_round, win

    from scoring.models import GameEntry
    from tournaments import services

    championship = make_free_deal(director, pairs=4, rounds=2)
    round1 = next_round(championship, director)
    play_round(round1, lambda table: win())
    services.close_round(round1, by=director)
    assert GameEntry.objects.filter(table__round__championship=championship).exists()
    _backup(director_client, championship)
    assert _delete(director_client, championship).status_code == 302
    assert not GameEntry.objects.filter(table__round__championship_id=championship.pk).exists()
    assert not Championship.objects.filter(pk=championship.pk).exists()


def test_the_delete_page_costs_the_same_queries_for_small_or_large_events(director,
                                                                         director_client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for teams, rounds in ((4, 1), (9, 3)):
        championship = make_event(director, teams=teams, rounds=rounds, closed=rounds)
        _backup(director_client, championship)
        with CaptureQueriesContext(connection) as queries:
            page = director_client.get(f"/director/c/{championship.pk}/delete/", **EN)
        assert "as it is now was downloaded on" in page.content.decode()
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


def test_the_home_page_lists_archived_championships_at_a_fixed_cost(director, director_client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone
    from scoring_factories import make_championship

    counts = []
    for archived in (1, 6):
        for _ in range(archived - Championship.objects.filter(archived_at__isnull=False).count()):
            make_championship(teams=2, director=director, archived_at=timezone.now())
        with CaptureQueriesContext(connection) as queries:
            page = director_client.get("/director/", **EN).content.decode()
        assert f"{archived} archived championship" in page
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


def test_an_individual_championship_with_reports_is_deleted_whole(director, director_client):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "formats"))
    from abarrotada_factories import enter_and_confirm, make_individual, next_round, values

    from formats.abarrotada import models as ab_models

    championship = make_individual(director, players=8, rounds=2)
    round1 = next_round(championship, director)
    table = ab_models.PlayerTable.objects.filter(round=round1).first()
    enter_and_confirm(table, round1.first_deal, values("30-14-20-8"))
    assert _delete(director_client, championship, without_backup="1").status_code == 302
    assert not Championship.objects.filter(pk=championship.pk).exists()
    assert not ab_models.PlayerTable.objects.filter(round__championship_id=championship.pk).exists()
