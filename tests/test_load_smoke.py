"""The load test (``make load``, ``benchmarks/load``) works end to end on a tiny field.

Four tables, a 3-second window, SQLite only, gunicorn with 2 workers: it exercises the
whole command (build, server, captain API burst with duplicates and bad requests, database
check) in a few seconds; then the same for a free-deal tournament (``--format free-deal``,
two tables, a 2-second window, a fixed seed) and for the group games of groups then
knockout (``--format groups``, two tables: one group of 4). Speed is not judged here (a generous latency
target), only that the command succeeds and the database check passes.

Migrating a fresh database is 7 of a run's 10 seconds of CPU: the three runs share one
migrated file (``--sqlite-template``): whichever runs first migrates through the command as
a user's run does and keeps a copy, the others start from a copy of it. The stored scores'
rebuild starts half a second after a confirmation instead of 2 (``SCORING_REBUILD_DELAY``), so
the command waits 1.5 s after the burst for it instead of 3, the same second's margin.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Each runs the load command (build, a gunicorn server, the burst) in child processes.
pytestmark = [pytest.mark.slow, pytest.mark.own_database]


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """Where the module's migrated database is kept (made by the first run)."""
    return tmp_path_factory.mktemp("load-template") / "migrated.sqlite3"


def run_load(tmp_path, template, *args: str) -> str:
    """Run the load test on SQLite with ``args``; returns its output, having checked that it
    passed with no errors."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND")}
    env["SCORING_REBUILD_DELAY"] = "0.5"
    command = [
        sys.executable, "-m", "benchmarks.load", *args, "--databases", "sqlite",
        "--workers", "2", "--target-ms", "5000", "--workdir", str(tmp_path),
        "--sqlite-template", str(template),
    ]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "PASS no errors" in done.stdout, output
    assert "FAIL" not in done.stdout, output
    return done.stdout


def test_load_command_on_a_tiny_field(tmp_path, template):
    output = run_load(tmp_path, template, "--tables", "4", "--duration", "3")
    assert "PASS database check (SQLite, 4 tables)" in output, output


def test_free_deal_load_command_on_a_tiny_field(tmp_path, template):
    output = run_load(tmp_path, template, "--format", "free-deal", "--tables", "2",
                      "--duration", "2", "--seed", "7")
    assert "(4 pairs, free deal: one game a table)" in output, output
    assert "PASS the ranking equals an independent computation" in output, output
    assert "PASS database check (SQLite, 2 tables)" in output, output


def test_groups_load_command_on_a_tiny_field(tmp_path, template):
    output = run_load(tmp_path, template, "--format", "groups", "--tables", "2",
                      "--duration", "2", "--seed", "7")
    assert "(4 pairs in 1 group of 4 drawn with seed" in output, output
    assert "PASS every group's standing equals an independent computation" in output, output
    assert "PASS 0 lost: 2 tables, 2 games stored, 2 confirmed" in output, output
    assert "PASS database check (SQLite, 2 tables)" in output, output
