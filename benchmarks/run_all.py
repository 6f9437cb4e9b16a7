"""Run every benchmark and print one table of their figures (``make bench``).

Run from the repository root:
    SECRET_KEY=bench DEBUG=1 python benchmarks/run_all.py

Each benchmark runs in its own subprocess with ``--tsv`` (each sets up Django and its own
throwaway database) and prints lines ``section<TAB>what<TAB>figure<TAB>target``. In order:
``engine_play.py``, ``engine_scoring.py``, ``engine_solver.py --quick`` (random deals),
``groups_bench.py`` (the groups-then-knockout engine), ``ratings_bench.py`` (the players'
ratings), ``scoring_bench.py`` (SQLite),
``tournaments_bench.py``, ``exports_bench.py``, ``archive_bench.py`` (SQLite),
``free_deal_bench.py`` (SQLite), ``abarrotada_bench.py`` (SQLite), ``groups_app_bench.py``
(the groups-then-knockout format through the app, SQLite), ``series_bench.py`` (the
series ranking, SQLite), then
``scoring_bench.py --postgres`` if PostgreSQL answers at
127.0.0.1:5432 (otherwise one row says why it was skipped). The table has a header line (the
machine's cores and load, Python, date) and the columns what | figure | target, grouped by
section. The exit status is non-zero if any benchmark fails; the others still run, and the
failing one's error output follows the table.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent

PG_HOST = "127.0.0.1"
PG_PORT = 5432

# (script, extra arguments, section its rows belong to)
RUNS = [
    ("engine_play.py", [], "engine"),
    ("engine_scoring.py", [], "engine"),
    ("engine_solver.py", ["--quick"], "engine"),  # 12 + 4 random deals: a few minutes at most
    ("groups_bench.py", [], "engine"),
    ("ratings_bench.py", [], "engine"),
    ("scoring_bench.py", [], "scoring (SQLite)"),
    ("tournaments_bench.py", [], "tournaments"),
    ("exports_bench.py", [], "exports"),
    ("archive_bench.py", [], "archive (SQLite)"),
    ("free_deal_bench.py", [], "free deal (SQLite)"),
    ("abarrotada_bench.py", [], "individual (SQLite)"),
    ("groups_app_bench.py", [], "groups then knockout (SQLite)"),
    ("series_bench.py", [], "series (SQLite)"),
]
POSTGRES_RUN = ("scoring_bench.py", ["--postgres"], "scoring (PostgreSQL)")


def postgres_unavailable() -> str | None:
    """None if PostgreSQL answers at 127.0.0.1:5432, otherwise why not (one line)."""
    if shutil.which("pg_isready"):
        result = subprocess.run(
            ["pg_isready", "-h", PG_HOST, "-p", str(PG_PORT), "-t", "2"],
            capture_output=True, text=True, check=False,
        )
        if result.returncode != 0:
            return result.stdout.strip() or f"pg_isready exited with {result.returncode}"
    else:
        try:
            import psycopg
        except ImportError:
            return "neither pg_isready nor psycopg is installed"
        try:
            psycopg.connect(
                host=PG_HOST, port=PG_PORT, user="postgres", dbname="postgres", connect_timeout=2
            ).close()
        except psycopg.Error as error:
            return str(error).strip().splitlines()[0]
    if not shutil.which("psql"):  # scoring_bench.py creates its database with psql
        return f"PostgreSQL answers at {PG_HOST}:{PG_PORT}, but psql is not installed"
    return None


def progress(message: str) -> None:
    """A one-line note on a terminal while the benchmarks run; nothing when redirected."""
    if sys.stderr.isatty():
        sys.stderr.write(f"\r\033[K{message}")
        sys.stderr.flush()


def run(script: str, extra: list[str], section: str):
    """Run one benchmark; returns (rows, error text or None)."""
    command = [sys.executable, str(HERE / script), *extra, "--tsv"]
    name = " ".join([script, *extra])
    progress(f"running {name} …")
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    start = time.perf_counter()
    result = subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, encoding="utf-8",
        errors="replace", check=False,
    )
    elapsed = time.perf_counter() - start
    rows, stray = [], []
    for line in result.stdout.splitlines():
        fields = line.split("\t")
        if len(fields) == 4:
            rows.append(tuple(fields))
        elif line.strip():
            stray.append(line)
    error = None
    if result.returncode != 0:
        error = f"exited with status {result.returncode}"
    elif not rows:
        error = "printed no figures"
    if error:
        details = "\n".join([*stray, result.stderr.strip()]).strip()
        rows.append((section, f"{name}: FAILED", "—", error))
        return rows, f"{name} {error} after {elapsed:.0f} s\n{details}".rstrip()
    return rows, None


def machine_line() -> str:
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 0
    try:
        load = " (load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + ")"
    except OSError:
        load = ""
    return (
        f"machine: {cores} cores{load}, Python {platform.python_version()}, "
        f"{datetime.now().astimezone():%Y-%m-%d %H:%M %Z}"
    )


def table(rows: list[tuple[str, str, str, str]]) -> list[str]:
    header = ("what", "figure", "target")
    what_w = max(len(header[0]), *(len(r[1]) + 2 for r in rows))
    fig_w = max(len(header[1]), *(len(r[2]) for r in rows))
    lines = [
        f"{header[0]:<{what_w}}  {header[1]:>{fig_w}}  {header[2]}",
        f"{'-' * what_w}  {'-' * fig_w}  {'-' * max(6, *(len(r[3]) for r in rows))}",
    ]
    for section in dict.fromkeys(r[0] for r in rows):  # in the order the benchmarks ran
        members = [r for r in rows if r[0] == section]
        lines.append(section)
        for _, what, figure, target in members:
            lines.append(f"  {what:<{what_w - 2}}  {figure:>{fig_w}}  {target}".rstrip())
    return lines


def main() -> int:
    rows: list[tuple[str, str, str, str]] = []
    errors: list[str] = []
    for script, extra, section in RUNS:
        got, error = run(script, extra, section)
        rows += got
        if error:
            errors.append(error)
    reason = postgres_unavailable()
    if reason is None:
        got, error = run(*POSTGRES_RUN)
        rows += got
        if error:
            errors.append(error)
    else:
        rows.append((POSTGRES_RUN[2], "scoring_bench.py --postgres: skipped", "—", reason))
    progress("")

    print(f"Duplicada benchmarks (medians) — {machine_line()}")
    print()
    print("\n".join(table(rows)))
    for error in errors:
        print(f"\n{error}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
