"""The drills' entry point: run each drill, one PASS/FAIL/SKIP line each, then a summary.

See the package docstring; ``python -m benchmarks.drills --help`` lists the options.
"""

from __future__ import annotations

import argparse
import shutil
import signal
import time
import traceback

from benchmarks.drills import (
    drill_celery,
    drill_connections,
    drill_database,
    drill_gunicorn,
    drill_redis,
)
from benchmarks.drills.common import WORKDIR, Verdict

# Name: (its directory under var/drills, its variants: (label, drill)).
DRILLS = {
    "database": ("database", [("PostgreSQL", drill_database.run),
                              ("SQLite", drill_database.sqlite_variant)]),
    "redis": ("redis", [("broker on a closed port", drill_redis.run)]),
    "celery": ("celery", [("pool process killed", drill_celery.run)]),
    "gunicorn": ("gunicorn", [("SQLite", lambda: drill_gunicorn.run("sqlite")),
                              ("PostgreSQL", lambda: drill_gunicorn.run("postgres"))]),
    "connections": ("connections", [("bursts under ASGI", drill_connections.run)]),
}
TIME_LIMIT = 300  # seconds per drill; then it is stopped (its cleanup still runs) and fails


class DrillTimeout(Exception):
    pass


def _stop_on_term(signum, frame) -> None:
    raise KeyboardInterrupt(f"signal {signum}")  # unwinds through every cleanup


def _time_is_up(signum, frame) -> None:
    raise DrillTimeout(f"took more than {TIME_LIMIT} s")


def _run_one(name: str, drill) -> Verdict:
    signal.alarm(TIME_LIMIT)
    try:
        return drill()
    except Exception as exc:  # a drill that crashes or overruns is a failed drill
        if not isinstance(exc, DrillTimeout):
            traceback.print_exc()
        return Verdict(name, False, f"the drill stopped: {type(exc).__name__}: {exc}")
    finally:
        signal.alarm(0)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.drills",
                                     description="Fault drills (see the package docstring).")
    parser.add_argument("drills", nargs="*", metavar="DRILL",
                        help=f"which drills, in order (default: all): {', '.join(DRILLS)}")
    args = parser.parse_args(argv)
    unknown = [name for name in args.drills if name not in DRILLS]
    if unknown:
        parser.error(f"unknown drill {unknown[0]!r}: choose from {', '.join(DRILLS)}")
    signal.signal(signal.SIGTERM, _stop_on_term)
    signal.signal(signal.SIGALRM, _time_is_up)
    verdicts: list[Verdict] = []
    for name in args.drills or list(DRILLS):
        directory, drills = DRILLS[name]
        group: list[Verdict] = []
        for label, drill in drills:
            start = time.monotonic()
            print(f"\n== drill {name}: {label}", flush=True)
            verdict = _run_one(name, drill)
            print(f"{verdict.line()} [{time.monotonic() - start:.0f} s]", flush=True)
            for detail in verdict.details:
                print(f"    {detail}")
            group.append(verdict)
        # Logs are kept for a failed drill only.
        if any(v.ok is False for v in group):
            print(f"    logs kept in {WORKDIR / directory}")
        else:
            shutil.rmtree(WORKDIR / directory, ignore_errors=True)
        verdicts += group
    if WORKDIR.exists() and not any(WORKDIR.iterdir()):
        WORKDIR.rmdir()
    print("\n== summary")
    for verdict in verdicts:
        print(verdict.line())
    failed = sum(1 for v in verdicts if v.ok is False)
    print(f"{len(verdicts)} drills: {sum(1 for v in verdicts if v.ok)} passed, {failed} failed, "
          f"{sum(1 for v in verdicts if v.ok is None)} skipped")
    return 1 if failed else 0
