"""Drill 1: the database goes away mid-request.

PostgreSQL: gunicorn reaches the database through :class:`TcpProxy`. Captains stream
submissions and confirmations; while queries are in flight the proxy is cut (every
connection closed, nothing listening). Every answer must be a clean 503 (JSON under
``/api/``, the static page elsewhere), nothing partial may be stored, and once the proxy
listens again the same requests, sent again with the same keys, must succeed and be
stored exactly once.

SQLite: skipped, see :data:`SQLITE_SKIP`.
"""

from __future__ import annotations

import time

from benchmarks.drills import captains
from benchmarks.drills.captains import Reply, call
from benchmarks.drills.common import (
    WORKDIR,
    Checks,
    Verdict,
    facts,
    log_lines,
    note,
    postgres_target,
    prepare,
    wait_for,
)
from benchmarks.drills.pgproxy import TcpProxy
from benchmarks.drills.webserver import DrillGunicorn
from benchmarks.load.databases import PG_PORT, PG_USER

NAME = "database goes away mid-request (PostgreSQL)"
SQLITE_NAME = "database locked (SQLite)"
SQLITE_SKIP = (
    "skipped: the SQLite busy timeout is fixed at 20 s in config/settings.py "
    "(sqlite_database(), OPTIONS timeout) with no environment override, so a writer "
    "blocked by another process's BEGIN EXCLUSIVE waits 20 s before the error; not drilled"
)
TABLES = 30
WORKERS = 3
CUT_AFTER = 0.3  # share of the submissions answered before the cut
OUTAGE_SECONDS = 2.0


def sqlite_variant() -> Verdict:
    return Verdict(SQLITE_NAME, None, SQLITE_SKIP)


def run() -> Verdict:
    target = postgres_target("db")
    why = target.available()
    if why:
        return Verdict(NAME, False, f"PostgreSQL unavailable: {why}")
    proxy = None
    try:
        url, build = prepare(target, TABLES, "database")
        proxy = TcpProxy(PG_PORT).start()
        via_proxy = f"postgres://{PG_USER}@127.0.0.1:{proxy.port}/{target.database}"
        log = WORKDIR / "database" / "gunicorn.log"
        with DrillGunicorn(via_proxy, WORKERS, log) as server:
            note(f"gunicorn ({WORKERS} workers, port {server.port}) -> proxy :{proxy.port} "
                 f"-> PostgreSQL :{PG_PORT}; {TABLES} tables, {TABLES * 4} results")
            return _drill(server, proxy, url, build, log)
    finally:
        if proxy is not None:
            proxy.cut()
        target.cleanup()


def _drill(server, proxy: TcpProxy, url: str, build: dict, log) -> Verdict:
    checks = Checks(NAME)
    cells = captains.make_cells(build, seed=11, label="db")
    stream = captains.Stream(server.port, cells, threads=6).start()
    wait_for(lambda: stream.answered() >= CUT_AFTER * len(cells), 60)
    # Cut while PostgreSQL is answering a query and captains are waiting.
    wait_for(lambda: proxy.busy() >= 1 and stream.in_flight() >= 2, 10, interval=0.001)
    busy, in_flight = proxy.busy(), stream.in_flight()
    cut_at = time.monotonic()
    closed = proxy.cut()
    note(f"cut: {closed} connections closed, {busy} waiting for PostgreSQL, "
         f"{in_flight} captain requests in flight")
    if not stream.join(60):
        stream.stop()  # sends nothing more; what is in flight times out on its own
        stream.join(captains.REQUEST_TIMEOUT + 5)
    outage_page = call(server.port, "GET", f"/t/{cells[0].other['id']}/"
                       f"{cells[0].other['secret']}/", kind="page",
                       headers={"Accept-Language": "ca"})
    outage_api = call(server.port, "GET", f"/api/v1/captain/{cells[0].other['id']}/"
                      f"{cells[0].other['secret']}/tables/", kind="api get")
    time.sleep(max(0.0, cut_at + OUTAGE_SECONDS - time.monotonic()))
    replies = stream.replies + [outage_api]
    around = [r for r in stream.replies if r.started <= cut_at < r.ended]
    note("answers: " + captains.status_counts(replies))
    note(f"requests in flight at the cut: {len(around)} "
         f"({captains.status_counts(around) or 'none'})")

    checks.expect(busy >= 1 and len(around) >= 1,
                  f"cut with {busy} queries in flight at PostgreSQL and {len(around)} "
                  f"captain requests in flight")
    _check_answers(checks, replies, outage_page)

    during = facts(url, captains.spec(build, cells), "database")
    stored_unanswered = during["entries"] - sum(1 for c in cells if c.submitted)
    checks.expect(
        not during["keys_more_than_once"] and not during["entries_not_sent"]
        and not during["ack_submit_missing"] and not during["values_differ"],
        f"after the cut: {during['entries']} entries, each key once, each a result that was "
        f"sent ({stored_unanswered} stored though the captain got an error)")
    checks.expect(
        during["reviews_orphan"] == 0 and not during["confirmed_more_than_once"]
        and not during["ack_confirm_missing"] and during["disputes"] == 0,
        f"after the cut: {during['reviews']} confirmations, each of an existing entry, "
        f"none twice, none acknowledged and lost")

    proxy.start()
    retried = captains.retry(server.port, cells)
    retry_ok = [r for r in retried if r.status in (200, 201)]
    note("retries: " + captains.status_counts(retried))
    again = sum(1 for r in retried if r.kind == "retry submit" and r.status == 200)
    checks.expect(len(retry_ok) == len(retried) and all(c.confirmed for c in cells),
                  f"proxy back: {len(retried)} requests sent again with the same keys, "
                  f"{len(retry_ok)} succeeded first time ({again} submissions answered 200: "
                  f"already stored before the cut)")
    final = facts(url, captains.spec(build, cells, refresh_wait=10, compare=True), "database")
    checks.expect(
        final["entries"] == len(cells) and not final["sent_missing"]
        and not final["keys_more_than_once"] and not final["values_differ"]
        and len(final["confirmed_keys"]) == len(cells) and not final["confirmed_more_than_once"],
        f"in the end: {final['entries']} entries for {len(cells)} results, each key once, "
        f"{len(final['confirmed_keys'])} confirmed once each")
    checks.expect(final["standings_equal"] and final["stored_equal_recompute"]
                  and final["refresh_left"] == 0,
                  f"standings and {final['scores']} stored scores equal a recompute, "
                  f"{final['refresh_left']} notes left")
    errors = log_lines(log, "Internal Server Error", "[ERROR]")
    warnings = log_lines(log, "Database unavailable")
    checks.expect(not errors, f"server log: {len(warnings)} 'Database unavailable' warnings, "
                  f"{len(errors)} error lines" + (f" (first: {errors[0][:120]})" if errors else ""))
    return checks.verdict(f"{len(around)} requests in flight at the cut, all answered 503 or "
                          f"success; nothing partial; {len(retried)} retries stored once")


def _check_answers(checks: Checks, replies: list[Reply], page: Reply) -> None:
    expected = {"submit": {200, 201, 503}, "confirm": {200, 503}, "api get": {503}}
    odd = [r for r in replies if r.status not in expected.get(r.kind, set())]
    checks.expect(not odd, "every answer was a success or a 503" + (
        "" if not odd else f"; unexpected: {captains.status_counts(odd)}"))
    unavailable = [r for r in replies if r.status == 503]
    bad = [r for r in unavailable
           if (r.json() or {}).get("code") != "database_unavailable"
           or set(r.json() or {}) != {"detail", "code"}
           or r.headers.get("retry-after") != "5" or len(r.body) > 400
           or b"Traceback" in r.body]
    sample = (unavailable[0].json() or {}).get("detail", "") if unavailable else ""
    checks.expect(bool(unavailable) and not bad,
                  f"{len(unavailable)} answers 503 with Retry-After: 5 and a short JSON "
                  f"body, code database_unavailable ({len(bad)} not)"
                  + (f"; e.g. {sample!r}" if sample else ""))
    html = page.body.decode("utf-8", "replace")
    checks.expect(
        page.status == 503 and page.headers.get("content-type", "").startswith("text/html")
        and page.headers.get("retry-after") == "5" and '<html lang="ca">' in html
        and "Traceback" not in html and "Server Error" not in html,
        f"captain page during the outage: {page.status} "
        f"{page.headers.get('content-type', '')}, {len(page.body)} bytes, plain page")
