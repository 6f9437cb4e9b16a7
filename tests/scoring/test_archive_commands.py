"""``export_championship`` and ``import_championship``."""

from __future__ import annotations

import json

import pytest
from archive_events import delete_championship, demo_championship, row_counts
from django.core.management import CommandError, call_command


def test_export_then_import(db, director, tmp_path):
    championship = demo_championship(director)
    full, public = tmp_path / "full.json", tmp_path / "public.json"
    call_command("export_championship", str(championship.pk), "--full", "-o", str(full),
                 verbosity=0)
    call_command("export_championship", str(championship.pk), "--public", "-o", str(public),
                 verbosity=0)
    assert json.loads(full.read_bytes())["kind"] == "full"
    assert json.loads(public.read_bytes())["kind"] == "public"
    with pytest.raises(CommandError, match="Not imported: This is a public archive"):
        call_command("import_championship", str(public), "--director", director.username)
    before = row_counts()
    with pytest.raises(CommandError, match="Not imported: This championship is already in"):
        call_command("import_championship", str(full), "--director", director.username)
    assert row_counts() == before
    deal_key = championship.deal_key
    delete_championship(championship)
    call_command("import_championship", str(full), "--director", director.username, verbosity=0)
    assert director.championships.filter(deal_key=deal_key).exists()


def test_command_errors(db, director, tmp_path):
    with pytest.raises(CommandError, match="No championship with id 999"):
        call_command("export_championship", "999", "--full")
    with pytest.raises(CommandError, match="one of the arguments --full --public is required"):
        call_command("export_championship", "1")
    with pytest.raises(CommandError, match="No account with username 'nobody'"):
        call_command("import_championship", "x.json", "--director", "nobody")
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_championship", str(tmp_path / "missing.json"),
                     "--director", director.username)
