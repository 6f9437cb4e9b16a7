"""A full backup moves a championship: export, delete, import gives the same standings,
history, stored scores, link secrets and PINs; export → import → export is byte-identical
apart from the export time and the ids (an import gives every row a new id). Runs on
whichever database the suite runs on."""

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
from django.db.models import Value
from django.db.models.functions import Coalesce, NullIf
from django.test import Client

from scoring.archive import (
    ArchiveError,
    archive_filename,
    export_full,
    export_public,
    import_archive,
    to_json_bytes,
)
from scoring.archive.format import renumbered
from scoring.models import PinAttempt, ResultReview
from scoring.services import pin_locked_until
from tournaments.models import AuditEvent, Championship


def without_time(data: bytes) -> dict:
    archive = json.loads(data)
    archive.pop("exported_at")
    return archive


def comparable(data: bytes) -> bytes:
    """The archive's bytes without the export time, ids renumbered by rank."""
    return to_json_bytes(renumbered(without_time(data)))


def round_trip(championship, director):
    before = snapshot(championship)
    data = to_json_bytes(export_full(championship))
    link = championship.teams.order_by("number").first()
    pk = championship.pk
    delete_championship(championship)
    assert not Championship.objects.filter(pk=pk).exists()
    assert Client().get(link.private_path).status_code == 404
    imported = import_archive(data, director=director)
    assert imported.pk != pk  # new ids: the archive's never become keys here
    assert snapshot(imported) == before
    again = to_json_bytes(export_full(imported))
    assert without_time(again) != without_time(data)
    assert comparable(again) == comparable(data)
    return imported, data, link


def test_demo_round_trip(db, director):
    championship = demo_championship(director)
    imported, data, link = round_trip(championship, director)
    archive = json.loads(data)
    assert archive["format"] == "duplicada-championship"
    assert archive["format_version"] == 2
    assert archive["kind"] == "full"
    assert archive["championship"]["deal_key"] == championship.deal_key
    assert archive["directors"] == [director.username]
    # The team has a new id, so a new link, with the same secret; the old one is gone.
    moved = imported.teams.get(number=link.number)
    assert moved.pk != link.pk and moved.link_secret == link.link_secret
    assert Client().get(link.private_path).status_code == 404
    response = Client().get(moved.private_path)
    assert response.status_code == 200
    assert link.name in response.content.decode()
    assert list(imported.directors.all()) == [director]


def test_rich_round_trip_keeps_audit_and_lockout(db, director):
    championship = rich_championship(director)
    def locked_tables(championship):
        tables = championship.rounds.get(number=3).tables.order_by("number")
        return [table.number for table in tables if pin_locked_until(table)]

    def attempts():
        return list(PinAttempt.objects.order_by("pk").values_list(
            "table__number", "ok", "created_at", "ip_address"))

    # Who: the account's username before the move, the same name kept as text after it.
    who = Coalesce(NullIf("by_director_name", Value("")), "by_director__username")

    def audits(championship):
        return list(AuditEvent.objects.filter(championship=championship).order_by("pk")
                    .values_list("action", who, "created_at", "ip_address", "user_agent",
                                 "team__number"))

    def reviews():
        return list(ResultReview.objects.order_by("pk").values_list(
            "verdict", "via_pin", "by_team__number", who, "created_at", "comment"))

    locked, before = locked_tables(championship), (attempts(), audits(championship), reviews())
    assert locked and before[0] and any(name == director.username for _a, name, *_r in before[1])
    imported, _data, _link = round_trip(championship, director)
    assert locked_tables(imported) == locked
    assert (attempts(), audits(imported), reviews()) == before


def test_new_rows_after_import_take_new_ids(db, director):
    """The import takes ids from this installation, after the ones already used; new rows
    made afterwards take the next ones."""
    championship = demo_championship(director)
    data = to_json_bytes(export_full(championship))
    top = max(championship.teams.values_list("pk", flat=True))
    first = championship.pk
    delete_championship(championship)
    imported = import_archive(data, director=director)
    moved = list(imported.teams.values_list("pk", flat=True))
    from tournaments import services as tournament_services

    other = tournament_services.create_championship(director, name="Next open")
    team = tournament_services.add_team(other, name="New", player1="A", player2="B")
    assert other.pk > imported.pk > first
    assert team.pk > max(moved) and min(moved) > top


def test_import_refuses_the_championship_still_here(db, director):
    championship = demo_championship(director)
    data = to_json_bytes(export_full(championship))
    with pytest.raises(ArchiveError, match="already in this installation") as caught:
        import_archive(data, director=director)
    assert caught.value.path == "championship.deal_key"
    assert Championship.objects.count() == 1


def test_file_names(db, director):
    championship = Championship(pk=7, name="Open de Tardor 2026")
    assert archive_filename(championship, "full") == \
        "duplicada-7-open-de-tardor-2026-full-backup-SECRET.json"
    assert archive_filename(championship, "public") == "duplicada-7-open-de-tardor-2026-public.json"


def test_ids_from_elsewhere_are_not_kept(db, director):
    """Ids above anything used here (a backup from a busier installation) are only labels:
    the rows take this installation's next ids, and so do new rows afterwards."""
    championship = demo_championship(director)
    archive = export_full(championship)
    delete_championship(championship)
    shifted = shift_ids(archive, 5_000_000)
    imported = import_archive(to_json_bytes(shifted), director=director)
    assert imported.pk < 5_000_000
    assert max(imported.teams.values_list("pk", flat=True)) < 5_000_000
    assert comparable(to_json_bytes(export_full(imported))) == comparable(to_json_bytes(shifted))
    from tournaments import services as tournament_services

    other = tournament_services.create_championship(director, name="Next open")
    team = tournament_services.add_team(other, name="Late entry", player1="A", player2="B")
    assert imported.pk < other.pk < 5_000_000
    assert team.pk < 5_000_000
    from scoring import services

    services.unpublish_results(imported, user=director)
    event = AuditEvent.objects.filter(championship=imported).latest("pk")
    assert event.action == "results_unpublished"
    assert event.pk < 5_000_000


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
