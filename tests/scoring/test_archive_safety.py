"""An archive cannot harm the installation it is imported into: its ids never become the
database's keys (ids near 2**63 would use up every id sequence), it creates no account nor
links a row to one, its names follow the rules the forms and the API apply, and its size,
rows and values are capped before it is parsed."""

from __future__ import annotations

import io

import pytest
from archive_events import (
    as_another_championship,
    delete_championship,
    rich_championship,
    row_counts,
    shift_ids,
    snapshot,
)
from scoring_factories import make_championship, make_round, result, teams_of

from formats.duplicate_pairs import services as pairs_services
from scoring.archive import ArchiveError, export_full, import_archive, to_json_bytes
from scoring.archive.format import renumbered
from scoring.archive.reading import read_capped
from scoring.models import Adjustment, ResultEntry, ResultReview
from scoring.services import Origin
from tournaments.models import AuditEvent, Championship

PHONE = Origin("192.0.2.1", "phone")


@pytest.fixture
def archive(db, director):
    """A full backup of a small championship with confirmed results, as a dict; the
    championship itself is deleted, so the archive imports as it is."""
    championship = make_championship(teams=4, director=director, name="Open Safety")
    t = teams_of(championship)
    round_ = make_round(championship, 1, [(t[0], t[1]), (t[2], t[3])])
    table = round_.tables.get(number=1)
    for deal in round_.deals.order_by("number"):
        entry, _ = pairs_services.submit_result(team=t[0], table=table, deal=deal, data=result(40),
                                          idempotency_key=f"k-{deal.pk}", origin=PHONE)
        pairs_services.confirm_entry(entry_id=entry.pk, team=t[1])
    archive = export_full(championship)
    delete_championship(championship)
    return archive


def refused(archive_or_bytes, director, match: str) -> ArchiveError:
    data = archive_or_bytes if isinstance(archive_or_bytes, bytes) else \
        to_json_bytes(archive_or_bytes)
    before = row_counts()
    with pytest.raises(ArchiveError) as caught:
        import_archive(data, director=director)
    assert match in caught.value.message, caught.value.message
    assert row_counts() == before
    return caught.value


def play_a_result(director) -> None:
    """What an installation does every day: a new championship, a round, a result."""
    championship = make_championship(teams=2, director=director, name="After the import")
    ns, ew = teams_of(championship)
    round_ = make_round(championship, 1, [(ns, ew)])
    entry, created = pairs_services.submit_result(
        team=ns, table=round_.tables.get(), deal=round_.deals.order_by("number").first(),
        data=result(41), idempotency_key="after-the-import", origin=PHONE)
    pairs_services.confirm_entry(entry_id=entry.pk, team=ew)
    assert created and entry.pk


def test_ids_near_the_largest_do_not_use_up_the_sequences(archive, director):
    """Every id of the file as high as a 64-bit key goes: the import takes new ids, and
    the installation goes on creating championships and results."""
    top = max(row["id"] for key in ("teams", "rounds", "tables", "deals", "result_entries",
                                    "result_reviews", "adjustments", "pin_attempts",
                                    "audit_events") for row in archive[key])
    highest = shift_ids(archive, 2**63 - 1 - max(top, archive["championship"]["id"]))
    imported = import_archive(to_json_bytes(highest), director=director)
    assert imported.pk < 2**40
    assert max(imported.teams.values_list("pk", flat=True)) < 2**40
    play_a_result(director)
    assert Championship.objects.count() == 2


def test_ids_of_another_championship_here_are_only_labels(archive, director):
    """A copy whose ids are those of rows here (of another championship) imports beside it
    under new ids, and the other championship's rows stay as they were."""
    first = import_archive(to_json_bytes(archive), director=director)
    before = snapshot(first)
    copy = as_another_championship(archive)
    for entry in copy["result_entries"]:
        entry["idempotency_key"] = None
    second = import_archive(to_json_bytes(copy), director=director)
    assert second.pk > first.pk
    assert not set(second.teams.values_list("pk", flat=True)) & set(
        first.teams.values_list("pk", flat=True))
    assert snapshot(first) == before
    assert snapshot(second)["live"] == before["live"]


def test_an_import_creates_no_account_and_keeps_the_names(db, director, django_user_model):
    """The history's directors, whether they have an account here or not, are kept as
    names: no account is created, none is linked (one here with the same username may be
    someone else), and the page still says who did what."""
    django_user_model.objects.create_user("someone", password="x", first_name="Someone Else")
    championship = rich_championship(director)
    archive = export_full(championship)
    delete_championship(championship)
    archive["directors"] = ["ghost", "someone"]
    renamed = 0
    for key in ("result_entries", "result_reviews", "adjustments", "audit_events"):
        for row in archive[key]:
            if row["by_director"] == director.username:
                row["by_director"] = "ghost" if renamed % 2 else "someone"
                renamed += 1
    assert renamed > 2
    accounts = list(django_user_model.objects.order_by("pk").values_list("pk", "username"))
    imported = import_archive(to_json_bytes(archive), director=director)
    assert list(django_user_model.objects.order_by("pk").values_list("pk", "username")) == \
        accounts
    assert list(imported.directors.all()) == [director]  # ghost does not direct it
    assert imported.archive_directors == ["ghost", "someone"]
    for model in (ResultEntry, ResultReview, Adjustment):
        assert not model.objects.filter(by_director__isnull=False).exists()
    assert not AuditEvent.objects.filter(championship=imported, by_director__isnull=False) \
        .exists()
    override = ResultEntry.objects.filter(by_director_name__in=["ghost", "someone"]).first()
    assert override.author in {"ghost", "someone"} and override.by_team_id is None
    from scoring.templatetags.scoring_tags import author

    assert override.by_director_name in author(override)
    assert "Someone Else" not in author(override)
    again = export_full(imported)
    for key in ("result_entries", "result_reviews", "adjustments", "audit_events"):
        assert renumbered(again)[key] == renumbered(archive)[key]


def _change(archive: dict, path: str, value) -> dict:
    """``archive`` with the field at ``path`` (``teams[1].name``, ``directors[0]``) set."""
    *parents, last = path.replace("]", "").replace("[", ".").split(".")
    target = archive
    for part in parents:
        target = target[int(part)] if part.isdigit() else target[part]
    target[int(last) if last.isdigit() else last] = value
    return archive


def with_codirector(archive: dict, director) -> dict:
    """``archive`` with an audit event naming a co-director."""
    archive["audit_events"] = [{
        "id": 1, "action": "director_added", "round_number": None, "team": None,
        "detail": "codirector", "by_director": director.username,
        "created_at": "2026-03-07T10:00:00.000000Z", "ip_address": None, "user_agent": "",
    }]
    return archive


BAD_NAMES = [
    # (what is wrong, the field, its value, a part of the message)
    ("bidi override", "teams[0].name", "Els \u202eamodnaM", "teams[0].name: It contains an "
     "invisible character that changes the text direction (U+202E)"),
    ("bidi isolate", "championship.name", "Open \u2067x\u2069", "championship.name: It "
     "contains an invisible character that changes the text direction (U+2067)"),
    ("zero width", "teams[1].player1", "Mar\u200bta", "teams[1].player1: It contains an "
     "invisible zero-width character (U+200B)"),
    ("control", "championship.venue", "Casal\x07", "championship.venue: It contains a "
     "control character (U+0007)"),
    ("nothing visible", "teams[2].club", "\u0301\u0301", "teams[2].club: It has no visible "
     "character."),
    ("only spaces", "teams[2].player2", "   ", "teams[2].player2: a pair has a second player."),
    ("same team name", "teams[1].name", "  team   1 ", "teams[1].name: the same name as "
     "teams[0]"),
    ("username with a space", "directors[0]", "mr director", "directors[0]: Enter a valid "
     "username"),
    ("username with bidi", "result_entries[0].by_director", "admin\u202e",
     "result_entries[0].by_director: It contains an invisible character"),
    ("username not NFKC", "result_reviews[1].by_director", "\ufb01lip",
     "result_reviews[1].by_director: not written as usernames are stored here"),
    ("audit detail", "audit_events[0].detail", "co\u200d", "audit_events[0].detail: It "
     "contains an invisible zero-width character (U+200D)"),
]


@pytest.mark.parametrize("what,path,value,message", BAD_NAMES, ids=[b[0] for b in BAD_NAMES])
def test_names_follow_the_rules_of_the_forms(archive, director, what, path, value, message):
    """A name the forms or the API would refuse is refused, naming the field and the row,
    and nothing is written."""
    error = refused(_change(with_codirector(archive, director), path, value), director,
                    message)
    assert error.path == path


def test_names_are_stored_as_the_forms_store_them(archive, director):
    """What the forms would store from such a name (NFC, spaces collapsed) is what the
    import stores."""
    archive = with_codirector(archive, director)
    archive["championship"]["name"] = "  Open   de Gràcia "
    archive["teams"][0]["club"] = "Cafe\u0301 del Centre"  # "é" as "e" and an accent
    imported = import_archive(to_json_bytes(archive), director=director)
    assert imported.name == "Open de Gràcia"
    assert imported.teams.get(number=1).club == "Café del Centre"
    assert AuditEvent.objects.get(championship=imported).detail == "codirector"


def test_a_file_over_the_size_cap_is_refused_while_it_is_read(settings):
    """Only one byte more than the cap is ever read."""
    settings.ARCHIVE_MAX_BYTES = 1000
    stream = io.BytesIO(b" " * 1_000_000)
    with pytest.raises(ArchiveError, match=r"too large for an archive \(more than 1000 bytes"):
        read_capped(stream)
    assert stream.tell() == 1001
    assert read_capped(io.BytesIO(b" " * 1000)) == b" " * 1000


def test_the_command_reads_no_more_than_the_cap(archive, director, settings, tmp_path):
    from django.core.management import CommandError, call_command

    backup = tmp_path / "backup.json"
    backup.write_bytes(to_json_bytes(archive))
    settings.ARCHIVE_MAX_BYTES = backup.stat().st_size - 1
    before = row_counts()
    with pytest.raises(CommandError, match="Not imported: The file is too large"):
        call_command("import_championship", str(backup), "--director", director.username)
    assert row_counts() == before


@pytest.fixture
def no_parsing(monkeypatch):
    """Fails the test if the archive's JSON gets parsed (only the archive's: sessions, for
    one, parse JSON too)."""
    import json
    from types import SimpleNamespace

    from scoring.archive import reading

    def parse(*args, **kwargs):
        raise AssertionError("parsed")

    monkeypatch.setattr(reading, "json", SimpleNamespace(
        loads=parse, dumps=json.dumps, JSONDecodeError=json.JSONDecodeError))


def test_too_many_rows_are_refused_before_parsing(archive, director, settings, no_parsing):
    data = to_json_bytes(archive)
    rows = data.count(b"{")
    settings.ARCHIVE_MAX_ROWS = rows - 1
    refused(data, director, f"The archive holds too many rows ({rows} objects; at most "
                            f"{rows - 1}).")


def test_braces_and_commas_in_texts_do_not_count(archive, director, settings):
    """Counted again without the texts when the quick count is over a cap."""
    data = to_json_bytes(archive)
    settings.ARCHIVE_MAX_ROWS = data.count(b"{")
    settings.ARCHIVE_MAX_VALUES = data.count(b",") + data.count(b"{") + data.count(b"[")
    archive["teams"][0]["club"] = "{Penya, [la] {Manilla}"
    archive["result_reviews"][0]["user_agent"] = "Mozilla/5.0 (X11, Linux) {,,,}"
    imported = import_archive(to_json_bytes(archive), director=director)
    assert imported.teams.get(number=1).club == "{Penya, [la] {Manilla}"


def test_a_small_file_of_many_values_is_refused_before_parsing(archive, director, no_parsing):
    """With the default caps: 5 MB of zeros in a list would be 2.6 million values, and
    2.6 million empty objects (the kind of file that took 1.7 GB) as many rows."""
    data = to_json_bytes(archive).rstrip()[:-1]
    zeros = data + b', "x": [' + b",".join([b"0"] * 2_600_000) + b"]}"
    refused(zeros, director, "The archive holds too many values (")
    empty = data + b', "x": [' + b",".join([b"{}"] * 2_600_000) + b"]}"
    refused(empty, director, "The archive holds too many rows (")


def test_the_import_page_says_which_cap(archive, director_client, settings, no_parsing):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    settings.ARCHIVE_MAX_ROWS = 5
    before = row_counts()
    response = director_client.post(reverse("archive:import"), {"file": SimpleUploadedFile(
        "backup.json", to_json_bytes(archive), "application/json")})
    assert response.status_code == 400
    assert "The archive holds too many rows (" in response.content.decode()
    assert row_counts() == before
