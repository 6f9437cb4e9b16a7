"""Full backups written by an earlier version still import the same (``tests/archive_files``).

Each kept event (``NAME``) has its full backup (``NAME.full.json``), its public archive
(``NAME.public.json``) and what an import must give back (``NAME.expected.json``: the
standings, a knockout bracket, the counts of its rows), all written once by the code of
the day (``tests/archive_files/write.py``) and never rewritten. Here each backup is imported
with the public import path into this test database, and:

- the imported championship reads exactly as expected (``archive_readings.reading``);
- every row and field the kept backup holds (as an import reads it today: a row of an
  earlier shape as today's) comes back in the imported championship's own backup, and every value of the kept public archive in its public archive (ids apart: an
  import gives every row a new id; anything the project adds later is not compared);
- the imported championship's backup, imported in turn, reads the same again.

A format without a kept file fails ``test_every_format_has_a_kept_file``: a new format adds
its event to ``kept_events.py`` and writes its files (``write.py NAME``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from archive_events import delete_championship

from formats.registry import FORMATS
from scoring.archive import (
    ArchiveError,
    export_full,
    export_public,
    import_archive,
    to_json_bytes,
)
from scoring.archive.format import renumbered
from scoring.archive.reading import up_to_date

FOLDER = Path(__file__).resolve().parents[1] / "archive_files"
sys.path.append(str(FOLDER))  # after the rest: its modules shadow nothing
from archive_readings import reading  # noqa: E402

#: The kept events, by the names of their files.
NAMES = sorted(path.name.removesuffix(".expected.json")
               for path in FOLDER.glob("*.expected.json"))

pytestmark = pytest.mark.django_db


@pytest.fixture
def importer(django_user_model):
    """Another account than the one that made the files: nothing may hang on its name."""
    return django_user_model.objects.create_user("importer7", password="secret-pass-7")


def expected_of(name: str) -> dict:
    return json.loads((FOLDER / f"{name}.expected.json").read_text(encoding="utf-8"))


def kept(name: str, kind: str) -> dict:
    return json.loads((FOLDER / f"{name}.{kind}.json").read_bytes())


def kept_as_read(name: str) -> dict:
    """The kept full backup as an import reads it today (``reading.up_to_date``): rows of an
    earlier shape as today's (a knockout report's verdict as its review row)."""
    backup = kept(name, "full")
    up_to_date(backup)
    return backup


def import_kept(name: str, director):
    """The kept full backup imported as an upload is: read from the open file."""
    with open(FOLDER / f"{name}.full.json", "rb") as handle:
        return import_archive(handle, director=director)


def assert_reads_as_expected(championship, expected: dict) -> None:
    """The standings, bracket and settings exactly; the counts the file recorded (a count
    added to ``archive_readings`` later has nothing to compare with in an old file)."""
    now = reading(championship)
    assert set(expected["counts"]) <= set(now["counts"])
    now["counts"] = {name: now["counts"][name] for name in expected["counts"]}
    assert now == expected


def differences(old, new, path: str = "") -> list[str]:
    """Where ``new`` differs from ``old`` in what ``old`` holds: each key of an object of
    ``old`` (keys only ``new`` has are additions, not compared), each row of a list (the
    same number of rows), each value."""
    if isinstance(old, dict) and isinstance(new, dict):
        found = []
        for key, value in old.items():
            if key not in new:
                found.append(f"{path}.{key}: missing")
            else:
                found += differences(value, new[key], f"{path}.{key}")
        return found
    if isinstance(old, list) and isinstance(new, list):
        if len(old) != len(new):
            return [f"{path}: {len(old)} rows kept, {len(new)} now"]
        return [found for index, (a, b) in enumerate(zip(old, new, strict=True))
                for found in differences(a, b, f"{path}[{index}]")]
    return [] if old == new else [f"{path}: {old!r} kept, {new!r} now"]


def without_labels(archive: dict) -> dict:
    """An archive without what changes from one export, or one import, to the next: the
    export time, the championship's id (a public archive's rows are named by number; a
    full backup is compared renumbered), and a backup's directors (an imported championship
    is directed by its importer only)."""
    archive = dict(archive, championship=dict(archive["championship"]))
    archive.pop("exported_at")
    archive.pop("directors", None)
    archive["championship"].pop("id")
    return archive


def test_every_format_has_a_kept_file():
    files = {path.name for path in FOLDER.glob("*.json")}
    for name in NAMES:
        assert {f"{name}.full.json", f"{name}.public.json"} <= files, name
    formats = {expected_of(name)["format"]: name for name in NAMES}
    # Every format a director may create (``Format.offered``): one still being built keeps
    # its file before it is offered.
    offered = {key for key, fmt in FORMATS.items() if fmt.offered}
    assert offered <= set(formats), "a format without a kept file: see write.py"
    for name in NAMES:
        backup = kept(name, "full")
        assert backup["kind"] == "full" and kept(name, "public")["kind"] == "public"
        assert backup["championship"]["format"] == expected_of(name)["format"]


@pytest.mark.parametrize("name", NAMES)
def test_a_kept_backup_imports_as_it_was(name, importer):
    expected = expected_of(name)
    assert expected["status"] == "finished" and expected["standings"]
    imported = import_kept(name, importer)
    assert_reads_as_expected(imported, expected)
    assert list(imported.directors.all()) == [importer]
    backup = without_labels(renumbered(export_full(imported)))
    assert differences(without_labels(renumbered(kept_as_read(name))), backup) == []
    public = without_labels(export_public(imported))
    assert differences(without_labels(kept(name, "public")), public) == []


@pytest.mark.parametrize("name", NAMES)
def test_the_imported_championship_moves_again_the_same(name, director):
    imported = import_kept(name, director)
    data = to_json_bytes(export_full(imported))
    delete_championship(imported)
    again = import_archive(data, director=director)
    assert_reads_as_expected(again, expected_of(name))


def test_a_changed_result_is_seen(director):
    """The comparison can fail: a kept backup whose director's result says other points
    imports, and its standings are not the expected ones."""
    backup = kept("duplicate_pairs", "full")
    entry = next(row for row in backup["result_entries"] if row["by_director_override"])
    entry["points_ns"] = 72 - entry["points_ns"]
    imported = import_archive(to_json_bytes(backup), director=director)
    expected = expected_of("duplicate_pairs")
    assert reading(imported)["standings"] != expected["standings"]
    with pytest.raises(AssertionError):
        assert_reads_as_expected(imported, expected)


def test_a_kept_backup_imports_once(director):
    """The kept backups are real ones: the same file twice is the same championship."""
    import_kept("abarrotada", director)
    with pytest.raises(ArchiveError, match="already in this installation"):
        import_kept("abarrotada", director)
