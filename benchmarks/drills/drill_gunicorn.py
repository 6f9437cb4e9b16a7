"""Drill 4: a gunicorn worker is killed in the middle of a request.

Gunicorn (2 sync workers) serves captains streaming submissions and confirmations. A
worker that holds a client's connection (checked in ``/proc``) is sent SIGKILL; the
request it was serving gets no answer. Every request without a success answer is sent
again with the same idempotency key; every result must be stored exactly once, and the
gunicorn master must have started a new worker.
"""

from __future__ import annotations

import os
import signal
import time

from benchmarks.drills import captains
from benchmarks.drills.common import (
    WORKDIR,
    Checks,
    Verdict,
    alive,
    facts,
    log_lines,
    note,
    postgres_target,
    prepare,
    sqlite_target,
    wait_for,
)
from benchmarks.drills.webserver import DrillGunicorn

TABLES = 30
WORKERS = 2
THREADS = 6
KILL_AFTER = 0.25  # share of the submissions answered before the kill
ATTEMPTS = 3  # kills tried until one catches a request in flight
LABELS = {"sqlite": "SQLite", "postgres": "PostgreSQL"}


def run(database: str) -> Verdict:
    name = f"gunicorn worker killed mid-submit ({LABELS[database]})"
    target = sqlite_target("gunicorn") if database == "sqlite" else postgres_target("gunicorn")
    why = target.available()
    if why:
        return Verdict(name, False, f"{LABELS[database]} unavailable: {why}")
    try:
        url, build = prepare(target, TABLES, "gunicorn")
        log = WORKDIR / "gunicorn" / f"gunicorn-{database}.log"
        with DrillGunicorn(url, WORKERS, log) as server:
            note(f"gunicorn ({WORKERS} workers {server.workers_pids()}, port {server.port}); "
                 f"{TABLES} tables, {TABLES * 4} results, {THREADS} captains at once")
            return _drill(name, server, url, build, log)
    finally:
        target.cleanup()


def _kill_one_serving(server) -> tuple[int, float] | None:
    """SIGKILL a worker that is serving a request; returns its pid and the time."""
    def serving():
        return next((pid for pid in server.workers_pids() if server.serving(pid)), None)

    pid = wait_for(serving, 10, interval=0.001)
    if pid is None:
        return None
    os.kill(pid, signal.SIGKILL)
    return pid, time.monotonic()


def _drill(name: str, server, url: str, build: dict, log) -> Verdict:
    checks = Checks(name)
    cells = captains.make_cells(build, seed=44, label=f"gunicorn-{os.getpid()}")
    # All the submissions first, so that the kill lands on a submission.
    stream = captains.Stream(server.port, cells, threads=THREADS, confirm_after=True).start()
    wait_for(lambda: stream.answered() >= KILL_AFTER * len(cells), 60)
    killed: list[int] = []
    lost: list = []
    workers, replaced_after = None, 0.0

    def replaced():
        pids = server.workers_pids()
        return len(pids) == WORKERS and not set(killed) & set(pids) and pids

    for _ in range(ATTEMPTS):
        kill = _kill_one_serving(server)
        if kill is None:
            break
        pid, at = kill
        killed.append(pid)
        workers = wait_for(replaced, 30, 0.01)
        replaced_after = time.monotonic() - at
        # What was in flight on it fails at once; give the answers a moment to come.
        time.sleep(max(0.0, at + 0.5 - time.monotonic()))
        lost = [r for r in stream.replies if r.status == 0]
        note(f"SIGKILL to worker {pid} while it served a request; "
             f"{len(lost)} requests without an answer so far")
        if lost:
            break
    if not stream.join(120):
        stream.stop()  # sends nothing more; what is in flight times out on its own
        stream.join(captains.REQUEST_TIMEOUT + 5)
    replies = stream.replies
    note("answers: " + captains.status_counts(replies))
    checks.expect(bool(killed) and bool(lost),
                  f"killed worker(s) {killed} mid-request: {len(lost)} requests got no answer "
                  f"({', '.join(sorted({r.error or '?' for r in lost})) or 'none'})")
    odd = [r for r in replies if r.status not in (0, 200, 201)]
    checks.expect(not odd, "every other request succeeded" + (
        f"; unexpected: {captains.status_counts(odd)}" if odd else ""))
    checks.expect(bool(workers) and not any(alive(pid) for pid in killed),
                  f"gunicorn replaced the worker: workers {workers or server.workers_pids()} "
                  f"{replaced_after:.1f} s after the kill")

    retried = captains.retry(server.port, cells)
    note("retries: " + captains.status_counts(retried))
    already = sum(1 for r in retried if r.kind == "retry submit" and r.status == 200)
    checks.expect(all(c.confirmed for c in cells) and all(r.status in (200, 201)
                                                          for r in retried),
                  f"{len(retried)} requests sent again with the same keys, all succeeded "
                  f"({already} submissions answered 200: stored before the kill)")
    found = facts(url, captains.spec(build, cells, refresh_wait=10, compare=True), "gunicorn")
    checks.expect(
        found["entries"] == len(cells) and not found["sent_missing"]
        and not found["keys_more_than_once"] and not found["values_differ"]
        and found["entries_not_sent"] == 0 and len(found["confirmed_keys"]) == len(cells)
        and not found["confirmed_more_than_once"] and found["reviews_orphan"] == 0,
        f"{found['entries']} entries for {len(cells)} results, each key once, "
        f"{len(found['confirmed_keys'])} confirmed once each")
    checks.expect(found["standings_equal"] and found["stored_equal_recompute"]
                  and found["refresh_left"] == 0,
                  f"standings and {found['scores']} stored scores equal a recompute")
    sigkill = log_lines(log, "was sent SIGKILL")
    note(f"server log: {sigkill[0].strip()[:140] if sigkill else 'no SIGKILL line'}")
    return checks.verdict(f"worker {killed} killed with {len(lost)} request(s) in flight; "
                          f"{len(retried)} retries; every result stored once; worker replaced")
