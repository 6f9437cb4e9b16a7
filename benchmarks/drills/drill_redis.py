"""Drill 2: Redis goes away (the machine's Redis is left alone).

Gunicorn runs with ``CELERY_BROKER_URL`` (and so the result backend) on a loopback port
where nothing listens. Captains submit and confirm; each request must answer quickly (the
rebuild of stored scores falls back to a thread in the web process), the scores must be
rebuilt by that fallback (no ``ScoreRefresh`` note left a few seconds later) and the
standings must equal a full recompute.

A time budget bounds the burst: what is not sent when it runs out is counted, not sent.
"""

from __future__ import annotations

import socket
import time

from benchmarks.drills import captains
from benchmarks.drills.common import (
    WORKDIR,
    Checks,
    Verdict,
    facts,
    log_lines,
    note,
    percentile,
    prepare,
    sqlite_target,
)
from benchmarks.drills.webserver import DrillGunicorn
from benchmarks.load.common import LOOPBACK
from benchmarks.load.server import free_port

NAME = "Redis goes away (broker on a closed port, SQLite)"
TABLES = 8
WORKERS = 3
THREADS = WORKERS  # so that a latency is a request's own time, not time queued behind others
BUDGET = 45.0  # seconds of sending, then whatever is in flight is awaited
LIMIT_MS = 1000.0  # each request must answer well under this
REFRESH_WAIT = 10.0


def closed_port() -> int:
    """A loopback port nothing listens on (checked)."""
    for _ in range(20):
        port = free_port()
        with socket.socket() as sock:
            sock.settimeout(1)
            if sock.connect_ex((LOOPBACK, port)) != 0:
                return port
    raise RuntimeError("no closed loopback port found")


def run() -> Verdict:
    target = sqlite_target("redis")
    try:
        url, build = prepare(target, TABLES, "redis")
        port = closed_port()
        broker = f"redis://{LOOPBACK}:{port}/0"
        log = WORKDIR / "redis" / "gunicorn.log"
        extra = {"CELERY_BROKER_URL": broker, "CELERY_RESULT_BACKEND": broker}
        with DrillGunicorn(url, WORKERS, log, extra) as server:
            note(f"gunicorn ({WORKERS} workers, port {server.port}), CELERY_BROKER_URL={broker} "
                 f"(nothing listens); {TABLES} tables, {TABLES * 4} results")
            return _drill(server, url, build, log)
    finally:
        target.cleanup()


def _drill(server, url: str, build: dict, log) -> Verdict:
    checks = Checks(NAME)
    cells = captains.make_cells(build, seed=22, label="redis")
    stream = captains.Stream(server.port, cells, threads=THREADS, confirm_after=True).start()
    start = time.monotonic()
    if not stream.join(BUDGET):
        stream.stop()
        note(f"budget of {BUDGET:.0f} s reached: {stream.unsent} requests not sent")
        stream.join(captains.REQUEST_TIMEOUT + 5)
    seconds = time.monotonic() - start
    replies = stream.replies
    note(f"{len(replies)} answers in {seconds:.1f} s: " + captains.status_counts(replies))
    note(captains.latency_line(replies, ("submit", "confirm")))
    ok = [r for r in replies if r.status in (200, 201)]
    slow = [r for r in replies if r.ms >= LIMIT_MS]
    ms = [r.ms for r in replies]
    checks.expect(len(ok) == len(replies),
                  f"{len(ok)} of {len(replies)} answered requests succeeded")
    checks.expect(len(replies) == 2 * len(cells),
                  f"{len(replies)} of {2 * len(cells)} submissions and confirmations answered "
                  f"within the {BUDGET:.0f} s budget ({stream.unsent} not sent)")
    slowest = max(ms, default=0)
    checks.expect(
        not slow,
        f"latency p95 {percentile(ms, 95):.0f} ms, max {slowest:.0f} ms; "
        f"{len(slow)} requests took {LIMIT_MS / 1000:g} s or more"
        + (f" ({captains.status_counts(slow)}; slowest {slowest / 1000:.1f} s)" if slow else ""))
    found = facts(url, captains.spec(build, cells, refresh_wait=REFRESH_WAIT, compare=True),
                  "redis")
    # The rebuilds are started after the answers, in the background: read the log once
    # the check above has waited for them.
    warnings = log_lines(log, "Celery broker unreachable")
    reconnects = log_lines(log, "Connection to Redis lost")
    gave_up = log_lines(log, "Retry limit exceeded while trying to reconnect")
    note(f"server log: {len(warnings)} 'Celery broker unreachable ...; rebuilding scores "
         f"in-process' warnings, {len(reconnects)} 'Connection to Redis lost: Retry (n/20)' "
         f"lines, {len(gave_up)} 'Retry limit exceeded while trying to reconnect to the Celery "
         f"result store backend'")
    confirmed = [c for c in cells if c.confirmed]
    checks.expect(bool(warnings) and found["refresh_left"] == 0 and confirmed,
                  f"fallback: {len(warnings)} rebuilds started in-process after the broker "
                  f"failed; {found['refresh_left']} ScoreRefresh notes left after "
                  f"{found['refresh_waited']:g} s")
    checks.expect(found["stored_equal_recompute"] and found["standings_equal"],
                  f"{found['scores']} stored scores and the standings of {found['teams']} "
                  f"teams equal a recompute")
    checks.expect(not found["keys_more_than_once"] and not found["ack_submit_missing"]
                  and not found["ack_confirm_missing"] and not found["confirmed_more_than_once"],
                  f"{found['entries']} entries and {found['reviews']} confirmations stored, "
                  f"each once, none acknowledged and lost")
    return checks.verdict(f"{len(ok)} requests, p95 {percentile(ms, 95):.0f} ms, max "
                          f"{slowest:.0f} ms; scores rebuilt in-process, standings equal a "
                          f"recompute")
