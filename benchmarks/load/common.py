"""Paths, the environment of the child processes, and running a child with a deadline."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
BIN = Path(sys.executable).parent  # not resolved: the virtual environment's bin directory
LOOPBACK = "127.0.0.1"

# Variables that would send the children elsewhere than the load test's own database and
# in-process tasks.
_DROPPED = ("DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "DJANGO_SETTINGS_MODULE")


def child_env(database_url: str) -> dict[str, str]:
    """The environment of every child (migrate, build, gunicorn, check): DEBUG off, a
    secret key, loopback only, tasks in-process, warnings only in the logs."""
    env = {k: v for k, v in os.environ.items() if k not in _DROPPED}
    env.update(
        DATABASE_URL=database_url,
        SECRET_KEY=os.environ.get("SECRET_KEY") or "load-test-only-secret-key",
        DEBUG="0",
        ALLOWED_HOSTS=LOOPBACK,
        LOG_LEVEL="WARNING",
        PYTHONUNBUFFERED="1",
    )
    env.pop("BEHIND_HTTPS_PROXY", None)  # no HTTPS redirect on the loopback
    return env


class ChildFailed(RuntimeError):
    pass


def run_child(args: list[str], env: dict[str, str], timeout: float, what: str) -> tuple[str, float]:
    """Run a child process to completion (killed after ``timeout`` seconds). Returns its
    standard output and the seconds it took; raises :class:`ChildFailed` on failure."""
    start = time.monotonic()
    try:
        done = subprocess.run(
            args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired as exc:
        raise ChildFailed(f"{what} took more than {timeout:.0f} s and was stopped") from exc
    elapsed = time.monotonic() - start
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-15:]
        raise ChildFailed(f"{what} failed (exit {done.returncode}):\n    " + "\n    ".join(tail))
    return done.stdout, elapsed


def django_child(module: str, *args: str) -> list[str]:
    """The command line of one of this package's Django steps (``build`` or ``check``)."""
    return [PYTHON, "-m", f"benchmarks.load.{module}", *args]


def manage(*args: str) -> list[str]:
    return [PYTHON, str(ROOT / "manage.py"), *args]


def spec_main(description: str, handler) -> int:
    """The entry point of a child that reads the database: ``--spec FILE`` (JSON) is read,
    Django is set up with the environment's database, then ``handler(spec)`` runs and its
    return value is the exit status."""
    import argparse
    import json

    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--spec", required=True)
    args = parser.parse_args()
    with open(args.spec, encoding="utf-8") as spec_file:
        spec = json.load(spec_file)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    return handler(spec)


def check_line(ok: bool, text: str, problems: list[str] = ()) -> bool:
    """Print a database check's PASS or FAIL line, and the first few problems; returns
    ``ok``."""
    print(f"{'PASS' if ok else 'FAIL'} {text}")
    for problem in list(problems)[:5]:
        print(f"       {problem}")
    if len(problems) > 5:
        print(f"       ... and {len(problems) - 5} more")
    return ok
