"""A full backup moves a championship: export, delete, import gives the same standings,
history, stored scores and captain links; export → import → export is byte-identical
apart from the export time. Runs on whichever database the suite runs on."""

from __future__ import annotations

import json

import pytest
from archive_events import (
    delete_championship,
    demo_championship,
    rich_championship,
    shift_ids,
    snapshot,
)
from django.db import transaction
from django.test import Client

from scoring.archive import (
    ArchiveError,
    archive_filename,
    export_full,
    export_public,
    import_archive,
    to_json_bytes,
)
from scoring.models import PinAttempt, ResultReview
from scoring.services import pin_locked_until
from tournaments.models import AuditEvent, Championship


def without_time(data: bytes) -> dict:
    archive = json.loads(data)
    archive.pop("exported_at")
    return archive


def round_trip(championship, director):
    before = snapshot(championship)
    data = to_json_bytes(export_full(championship))
    link = championship.teams.order_by("number").first()
    pk = championship.pk
    delete_championship(championship)
    assert not Championship.objects.filter(pk=pk).exists()
    assert Client().get(link.private_path).status_code == 404
    imported = import_archive(data, director=director)
    assert imported.pk == pk
    assert snapshot(imported) == before
    again = to_json_bytes(export_full(imported))
    assert without_time(again) == without_time(data)
    assert again.replace(json.loads(again)["exported_at"].encode(), b"") == data.replace(
        json.loads(data)["exported_at"].encode(), b"")
    return imported, data, link


def test_demo_round_trip(db, director):
    championship = demo_championship(director)
    imported, data, link = round_trip(championship, director)
    archive = json.loads(data)
    assert archive["format"] == "duplicada-championship"
    assert archive["format_version"] == 1
    assert archive["kind"] == "full"
    assert archive["championship"]["deal_key"] == championship.deal_key
    assert archive["directors"] == [director.username]
    # The captain link from before the move opens the same team's page.
    response = Client().get(link.private_path)
    assert response.status_code == 200
    assert link.name in response.content.decode()
    assert list(imported.directors.all()) == [director]


def test_rich_round_trip_keeps_audit_and_lockout(db, director):
    championship = rich_championship(director)
    tables = list(championship.rounds.get(number=3).tables.all())
    locked = [table.pk for table in tables if pin_locked_until(table)]
    attempts = list(PinAttempt.objects.values_list("table_id", "ok", "created_at", "ip_address"))
    assert locked and attempts
    audits = list(AuditEvent.objects.filter(championship=championship).values_list(
        "action", "by_director__username", "created_at", "ip_address", "user_agent"))
    reviews = list(ResultReview.objects.order_by("pk").values_list(
        "verdict", "via_pin", "by_team_id", "by_director_id", "created_at", "comment"))
    imported, _data, _link = round_trip(championship, director)
    assert list(PinAttempt.objects.values_list("table_id", "ok", "created_at", "ip_address")) \
        == attempts
    assert [table.pk for table in tables if pin_locked_until(table)] == locked
    assert list(AuditEvent.objects.filter(championship=imported).values_list(
        "action", "by_director__username", "created_at", "ip_address", "user_agent")) == audits
    assert list(ResultReview.objects.order_by("pk").values_list(
        "verdict", "via_pin", "by_team_id", "by_director_id", "created_at", "comment")) == reviews


def test_new_rows_after_import_take_new_ids(db, director):
    """After the import (and, on PostgreSQL, the sequence reset) new rows do not collide."""
    championship = demo_championship(director)
    data = to_json_bytes(export_full(championship))
    top = max(championship.teams.values_list("pk", flat=True))
    first = championship.pk
    delete_championship(championship)
    imported = import_archive(data, director=director)
    from tournaments import services as tournament_services

    other = tournament_services.create_championship(director, name="Next open")
    team = tournament_services.add_team(other, name="New", player1="A", player2="B")
    assert other.pk > imported.pk == first and team.pk > top


def test_import_refuses_the_championship_still_here(db, director):
    championship = demo_championship(director)
    data = to_json_bytes(export_full(championship))
    with pytest.raises(ArchiveError, match="already exists"):
        import_archive(data, director=director)


def test_file_names(db, director):
    championship = Championship(pk=7, name="Open de Tardor 2026")
    assert archive_filename(championship, "full") == \
        "duplicada-7-open-de-tardor-2026-full-backup-SECRET.json"
    assert archive_filename(championship, "public") == "duplicada-7-open-de-tardor-2026-public.json"


def test_accounts_missing_here_keep_their_names_but_cannot_log_in(db, director):
    championship = rich_championship(director)
    archive = export_full(championship)
    delete_championship(championship)
    archive["directors"] = ["ghost"]
    renamed = 0
    for key in ("result_entries", "result_reviews", "adjustments", "audit_events"):
        for row in archive[key]:
            if row["by_director"] == director.username:
                row["by_director"] = "ghost"
                renamed += 1
    assert renamed
    imported = import_archive(to_json_bytes(archive), director=director)
    from django.contrib.auth import get_user_model

    ghost = get_user_model().objects.get(username="ghost")
    assert not ghost.is_active and not ghost.has_usable_password()
    assert list(imported.directors.all()) == [director]  # ghost does not direct it
    assert imported.archive_directors == ["ghost"]
    assert export_full(imported)["result_entries"] == archive["result_entries"]


def test_ids_from_elsewhere_move_the_sequences_on(db, director):
    """Ids above anything used here (a backup from a busier installation): afterwards new
    rows take ids after them, on PostgreSQL as on SQLite."""
    championship = demo_championship(director)
    archive = export_full(championship)
    delete_championship(championship)
    shifted = shift_ids(archive, 5_000_000)
    imported = import_archive(to_json_bytes(shifted), director=director)
    from tournaments import services as tournament_services

    other = tournament_services.create_championship(director, name="Next open")
    team = tournament_services.add_team(other, name="Late entry", player1="A", player2="B")
    assert other.pk > shifted["championship"]["id"]
    assert team.pk > max(row["id"] for row in shifted["teams"])
    from scoring import services

    services.unpublish_results(imported, user=director)
    event = AuditEvent.objects.filter(championship=imported).latest("pk")
    assert event.action == "results_unpublished"
    assert event.pk > max(row["id"] for row in shifted["audit_events"])


@pytest.mark.django_db(transaction=True)
def test_export_outside_a_transaction_reads_one_snapshot(director):
    """As a download does: the export opens its own transaction (REPEATABLE READ on
    PostgreSQL) and gives the same archive as inside one."""
    from django.db import connection

    championship = demo_championship(director)
    assert not connection.in_atomic_block
    full, public = export_full(championship), export_public(championship)
    with transaction.atomic():
        assert without_time(to_json_bytes(export_full(championship))) == without_time(
            to_json_bytes(full))
        assert export_public(championship)["standings"] == public["standings"]
