"""What every drill shares: verdict lines, the database and championship under test,
processes, polling, and the database facts read by a child process (``facts``)."""

from __future__ import annotations

import json
import os
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.load.common import PYTHON, ROOT, ChildFailed, child_env, run_child
from benchmarks.load.databases import PostgresTarget, SqliteTarget, migrate

WORKDIR = ROOT / "var" / "drills"
BUILD_TIMEOUT = 300.0
FACTS_TIMEOUT = 300.0


@dataclass
class Verdict:
    """One drill's outcome: ``ok`` is True (PASS), False (FAIL) or None (SKIP)."""

    name: str
    ok: bool | None
    summary: str
    details: list[str] = field(default_factory=list)

    @property
    def word(self) -> str:
        return {True: "PASS", False: "FAIL", None: "SKIP"}[self.ok]

    def line(self) -> str:
        return f"{self.word} {self.name}: {self.summary}"


class Checks:
    """Collects the checks of one drill; ``verdict()`` passes only if all of them held."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.failed: list[str] = []
        self.observed: list[str] = []

    def expect(self, ok: bool, what: str) -> bool:
        """Record one check; ``what`` says what was observed."""
        (self.observed if ok else self.failed).append(what)
        note(f"{'ok    ' if ok else 'not ok'} {what}")  # PASS/FAIL: the verdict lines only
        return ok

    def verdict(self, summary: str) -> Verdict:
        if self.failed:
            return Verdict(self.name, False, "; ".join(self.failed), [summary])
        return Verdict(self.name, True, summary)


def note(text: str) -> None:
    """A progress line under the drill's heading."""
    print(f"    {text}", flush=True)


def wait_for(predicate: Callable[[], object], timeout: float, interval: float = 0.05):
    """Poll ``predicate`` until it returns something true or ``timeout`` passes; returns
    its last value."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() >= deadline:
            return value
        time.sleep(interval)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def children(pid: int) -> list[int]:
    """The process ids of ``pid``'s children (``ps --ppid``)."""
    done = subprocess.run(["ps", "--ppid", str(pid), "-o", "pid="], capture_output=True,
                          text=True, check=False)
    return [int(word) for word in done.stdout.split()]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


# --- The database and the championship under test --------------------------------------


def sqlite_target(drill: str) -> SqliteTarget:
    return SqliteTarget(WORKDIR / drill)


def postgres_target(drill: str) -> PostgresTarget:
    target = PostgresTarget()
    target.database = f"duplicada_drill_{os.getpid()}_{drill}"
    return target


def prepare(target, tables: int, drill: str) -> tuple[str, dict]:
    """A fresh, migrated database with a championship of ``tables`` tables (round 1
    released, 4 deals): returns its URL and the build (see ``benchmarks.load.build``).
    The caller calls ``target.cleanup()``."""
    url = target.fresh(tables)
    migrate(url)
    out = WORKDIR / drill / f"build-{target.name}-{os.getpid()}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        run_child([PYTHON, "-m", "benchmarks.load.build", "--tables", str(tables), "--out",
                   str(out)], child_env(url), BUILD_TIMEOUT, "building the championship")
        return url, json.loads(out.read_text(encoding="utf-8"))
    finally:
        out.unlink(missing_ok=True)


def facts(url: str, spec: dict, drill: str) -> dict:
    """Run ``benchmarks.drills.facts`` against the database: what is stored, as a dict."""
    spec_file = WORKDIR / drill / f"facts-{os.getpid()}.json"
    spec_file.parent.mkdir(parents=True, exist_ok=True)
    spec_file.write_text(json.dumps(spec), encoding="utf-8")
    try:
        out, _ = run_child([PYTHON, "-m", "benchmarks.drills.facts", "--spec", str(spec_file)],
                           child_env(url), FACTS_TIMEOUT, "reading the database")
    finally:
        spec_file.unlink(missing_ok=True)
    return json.loads(out.strip().splitlines()[-1])


def log_lines(path: Path, *needles: str) -> list[str]:
    """The lines of a log file that contain any of ``needles``."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    return [line for line in text.splitlines() if any(n in line for n in needles)]


__all__ = ["ChildFailed", "ROOT", "WORKDIR", "Checks", "Verdict"]
