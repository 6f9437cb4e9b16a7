"""Drill 5: bursts of captains against the production command must not pile up database
connections.

The production command of docs/operations.md, "Running in production" (``config/gunicorn.conf.py``,
``config.asgi`` on uvicorn workers, DEBUG off, the settings' defaults) serves a fresh
PostgreSQL database on loopback. A few bursts of requests are released at once, most of
them reads (captain pages, the captain API's tables), some writes (submissions, then their
confirmations). Meanwhile ``pg_stat_activity`` is sampled every 10 ms: the connections the
drill's database holds must never pass :func:`bound` (each worker's pool, at its default size
unless ``DATABASE_POOL_MAX`` says otherwise), every request must succeed, and every
acknowledged write must be stored once.

Bounded: :data:`BURSTS` bursts of :data:`AT_ONCE` requests within :data:`BUDGET` seconds.
The PostgreSQL server is shared, so a burst that could take the drill past
:data:`CEILING` connections is not sent (the drill then fails): a leak shows without
starving anybody else of connections.
"""

from __future__ import annotations

import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from benchmarks.drills import captains
from benchmarks.drills.captains import Cell, Reply, call
from benchmarks.drills.common import (
    WORKDIR,
    Checks,
    Verdict,
    facts,
    note,
    percentile,
    postgres_target,
    prepare,
)
from benchmarks.drills.pgconnections import ConnectionWatch
from benchmarks.drills.webserver import ProductionGunicorn
from config.database import POOL_MAX_DEFAULT, pool_options

NAME = "connections held under bursts (PostgreSQL, gunicorn with uvicorn workers)"
TABLES = 8  # 32 results: 4 submissions and 4 confirmations a burst
WORKERS = 4
BURSTS = 6
AT_ONCE = 32  # requests released together
WRITES = 8  # of them: confirmations of the last burst's submissions, then submissions
PAUSE = 0.5  # seconds between bursts
BUDGET = 60.0  # seconds of bursts; what is not sent by then is counted as not sent
REST = 2.0  # seconds after the last burst before the connections held at rest are counted
CEILING = 64  # the most this drill may hold on the shared server (max_connections 100)


def bound() -> tuple[int, str]:
    """The most connections the server may hold, and why: each worker process has its own
    pool, sized as the server's settings size it (the same environment)."""
    pool = pool_options()
    if pool is None:  # DATABASE_POOL_MAX=0: nothing bounds them; hold it to the default
        return WORKERS * POOL_MAX_DEFAULT, (f"{WORKERS} workers x the default pool of "
                                            f"{POOL_MAX_DEFAULT}; the pool is off")
    return WORKERS * pool["max_size"], f"{WORKERS} workers x a pool of {pool['max_size']}"


def run() -> Verdict:
    target = postgres_target("connections")
    why = target.available()
    if why:
        return Verdict(NAME, False, f"PostgreSQL unavailable: {why}")
    try:
        url, build = prepare(target, TABLES, "connections")
        log = WORKDIR / "connections" / "gunicorn.log"
        with ConnectionWatch(target.database) as watch:
            at_rest = watch.now()  # prepare()'s children have gone: nothing should be held
            with ProductionGunicorn(url, WORKERS, log) as server:
                note(f"gunicorn -c config/gunicorn.conf.py config.asgi:application -k "
                     f"uvicorn_worker.UvicornWorker ({WORKERS} workers, port {server.port}); "
                     f"{BURSTS} bursts of {AT_ONCE} requests at once ({WRITES} writes); "
                     f"{at_rest} connections before it started, {watch.now()} once it answered")
                return _drill(server, watch, url, build)
    finally:
        target.cleanup()


def _reads(build: dict, count: int, rng: random.Random) -> list:
    """``count`` reads of random teams: a captain page or the captain API's tables."""
    teams = [team for table in build["tables"] for team in (table["ns"], table["ew"])]
    jobs = []
    for n in range(count):
        team = rng.choice(teams)
        link = f"{team['id']}/{team['secret']}/"
        path, kind = (f"/t/{link}", "page") if n % 2 else (f"/api/v1/captain/{link}tables/",
                                                           "tables")
        jobs.append(lambda port, path=path, kind=kind: call(port, "GET", path, kind=kind))
    return jobs


def _writes(fresh: list[Cell], submitted: list[Cell]) -> list:
    """Confirm what the last burst submitted, then submit new cells, ``WRITES`` in all."""
    confirms = [c for c in submitted if c.submitted and not c.confirmed][:WRITES // 2]
    jobs = [lambda port, c=c: captains.confirm(port, c) for c in confirms]
    while len(jobs) < WRITES and fresh:
        cell = fresh.pop(0)
        submitted.append(cell)
        jobs.append(lambda port, c=cell: captains.submit(port, c))
    return jobs


def _burst(port: int, jobs: list) -> list[Reply]:
    """Run the jobs in as many threads, released together."""
    barrier = threading.Barrier(len(jobs))

    def one(job) -> Reply:
        try:
            barrier.wait(10)
        except threading.BrokenBarrierError:
            pass  # sent anyway, a little apart
        return job(port)

    with ThreadPoolExecutor(len(jobs)) as pool:
        return list(pool.map(one, jobs))


def _drill(server, watch: ConnectionWatch, url: str, build: dict) -> Verdict:
    checks = Checks(NAME)
    rng = random.Random(55)
    cells = captains.make_cells(build, seed=55, label=f"connections-{server.port}")
    fresh, submitted = list(cells), []
    replies: list[Reply] = []
    start, sent_bursts, withheld = time.monotonic(), 0, ""
    for number in range(1, BURSTS + 1):
        held = watch.now()
        if held + AT_ONCE > CEILING:
            withheld = f"burst {number} not sent: {held} connections already held"
            break
        if time.monotonic() - start > BUDGET:
            withheld = f"burst {number} not sent: the {BUDGET:.0f} s budget ran out"
            break
        writes = _writes(fresh, submitted)
        jobs = writes + _reads(build, AT_ONCE - len(writes), rng)
        rng.shuffle(jobs)
        answers = _burst(server.port, jobs)
        replies += answers
        sent_bursts += 1
        failed = sum(1 for r in answers if r.status not in (200, 201))
        note(f"burst {number}: {len(answers)} requests, {failed} failed, p95 "
             f"{percentile([r.ms for r in answers], 95):.0f} ms; {watch.now()} connections "
             f"held just after, peak so far {watch.peak}")
        time.sleep(PAUSE)
    time.sleep(REST)
    held_at_rest = watch.now()
    peak = watch.peak
    ms = [r.ms for r in replies]
    errors = [r for r in replies if r.status not in (200, 201)]
    p95 = percentile(ms, 95)
    note(f"{len(replies)} answers: {captains.status_counts(replies)}")
    note(captains.latency_line(replies, ("page", "tables", "submit", "confirm")))
    note(f"pg_stat_activity: peak {peak} connections, {held_at_rest} held {REST:g} s after "
         f"the last burst ({watch.samples} samples)")
    most, why = bound()
    checks.expect(peak <= most, f"peak {peak} connections held on the drill's database "
                                f"(bound {most}: {why})")
    checks.expect(not errors, f"{len(errors)} errors in {len(replies)} requests"
                  + (f" ({captains.status_counts(errors)})" if errors else ""))
    checks.expect(not withheld, f"{sent_bursts} of {BURSTS} bursts sent"
                  + (f" ({withheld})" if withheld else ""))
    sent = [c for c in cells if c in submitted]
    found = facts(url, captains.spec(build, sent), "connections")
    checks.expect(not found["keys_more_than_once"] and not found["ack_submit_missing"]
                  and not found["ack_confirm_missing"]
                  and not found["confirmed_more_than_once"],
                  f"{found['entries']} entries and {found['reviews']} confirmations stored, "
                  f"each once, none acknowledged and lost")
    return checks.verdict(f"peak {peak} connections (bound {most}), {held_at_rest} at rest; "
                          f"{len(errors)} errors in {len(replies)} requests; p95 {p95:.0f} ms")
