"""``manage.py demo`` leaves its closed rounds' hand records (rules.md 8.1) under way: the
command returns at once, and the analysis goes on in a process of its own after it has
ended, with nobody pressing "Recompute". Run for real: the command in a child process on a
fresh SQLite file, as ``make demo`` runs it (no Celery broker)."""

from __future__ import annotations

import datetime
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# The duplicate pairs' closed deals: an individual championship's get no hand records.
CLOSED_DEALS = """
    SELECT COUNT(*) FROM tournaments_deal d JOIN tournaments_round r ON d.round_id = r.id
    JOIN tournaments_championship c ON r.championship_id = c.id
    WHERE r.status = 'closed' AND c.format = 'duplicate_pairs'
"""
ANALYSES = "SELECT status, computed_at, error FROM tournaments_dealanalysis"


def read(path: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(path, timeout=20) as connection:
        return connection.execute(sql).fetchall()


@pytest.mark.own_database
@pytest.mark.slow  # the demo command and its analysis in child processes: a minute
def test_the_demo_hands_its_analysis_to_a_process_that_outlives_it(tmp_path):
    database = tmp_path / "demo.sqlite3"
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("CELERY_", "DJANGO_SETTINGS"))
    }
    env.update(
        DATABASE_URL=f"sqlite://{database}",
        SECRET_KEY="demo-analysis-test",
        DEBUG="1",
        PYTHONIOENCODING="utf-8",
    )
    demo = subprocess.run(
        [sys.executable, "manage.py", "demo", "--password", "demo-password-1"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    ended = datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
    assert demo.returncode == 0, demo.stderr[-3000:]
    (closed,) = read(database, CLOSED_DEALS)[0]
    assert closed == 8  # rounds 1 and 2 of the demo, 4 deals each
    # Each deal takes seconds; give up when none has been done for three minutes.
    done, progress = -1, time.monotonic()
    while time.monotonic() - progress < 180:
        rows = read(database, ANALYSES)
        finished = sum(status != "pending" for status, _at, _error in rows)
        if finished == closed:
            break
        if finished > done:
            done, progress = finished, time.monotonic()
        time.sleep(0.2)  # a deal takes a second or more: notice the last one within a fifth
    assert [(status, error) for status, _at, error in rows] == [("done", "")] * closed
    # The last one was made after the command had ended: it did not wait for them.
    last = max(datetime.datetime.fromisoformat(at) for _status, at, _error in rows)
    assert last > ended
