"""The load test's entry point: options, one burst per database, the capacity search.

See the package docstring; ``python -m benchmarks.load --help`` lists the options.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import time
from pathlib import Path

from benchmarks.load.client import Driver
from benchmarks.load.common import ROOT, ChildFailed, child_env, django_child, run_child
from benchmarks.load.databases import copy_sqlite, make_targets, migrate
from benchmarks.load.formats import FORMATS
from benchmarks.load.report import Summary, summarise
from benchmarks.load.server import Gunicorn

CHECK_TIMEOUT = 600.0
BUILD_TIMEOUT = 600.0


def settle_seconds() -> float:
    """How long the server keeps running after the burst, as it would at a real event, so
    that work it does after answering can finish: the rebuild of stored scores, which starts
    ``SCORING_REBUILD_DELAY`` seconds (2 unless the environment says) after a confirmation,
    and a second for it. The servers read the same variable (their environment is this
    one's)."""
    return float(os.environ.get("SCORING_REBUILD_DELAY") or 2.0) + 1.0


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.load",
        description="Load test of the captain API through gunicorn, on SQLite and PostgreSQL.",
    )
    parser.add_argument("--format", choices=tuple(FORMATS), default="duplicate",
                        help="the championship's format: duplicate (4 deals a match), "
                             "free-deal (one game a table), abarrotada (individual) or "
                             "groups (groups then knockout: round 1's group games); duplicate")
    parser.add_argument("--tables", type=int, default=None,
                        help="tables (2 teams each); 200 for duplicate, 75 (150 pairs, the "
                             "largest usual event) for free-deal, 32 (64 pairs in 16 groups "
                             "of 4) for groups, which needs an even number")
    parser.add_argument("--duration", type=float, default=60.0,
                        help="seconds over which the requests are spread; 60")
    parser.add_argument("--databases", default="sqlite,postgres",
                        help="comma-separated, in order: sqlite,postgres")
    parser.add_argument("--capacity", action="store_true",
                        help="then search the largest field that still meets the target")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed of the request plan; 1 for duplicate, a fresh one (printed, "
                             "to replay the run) for the others")
    parser.add_argument("--target-ms", type=float, default=100.0,
                        help="the overall p95 latency to meet, in ms; 100")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers; 4")
    parser.add_argument("--threads", type=int, default=1000,
                        help="most client threads (started on demand, one per request in "
                             "flight); 1000")
    parser.add_argument("--capacity-max", type=int, default=800, help="largest field tried; 800")
    parser.add_argument("--capacity-budget", type=float, default=900.0,
                        help="seconds the capacity search may take per database; 900")
    parser.add_argument("--workdir", type=Path, default=ROOT / "var" / "load",
                        help="where the SQLite files, plans and server logs go; var/load")
    parser.add_argument("--sqlite-template", type=Path, default=None, metavar="FILE",
                        help="for tests that run the command several times: each SQLite "
                             "burst starts from a copy of FILE, a migrated and otherwise "
                             "empty database, instead of migrating a fresh one; when FILE "
                             "does not exist yet, the burst migrates as usual and keeps a "
                             "copy there. Made by this checkout's migrations only (a test's "
                             "temporary folder): a copy is not migrated again")
    args = parser.parse_args(argv)
    if args.tables is None:
        args.tables = FORMATS[args.format].default_tables
    if args.tables < 1 or args.duration <= 0 or args.workers < 1 or args.threads < 1:
        parser.error("--tables, --duration, --workers and --threads must be positive")
    multiple = FORMATS[args.format].tables_multiple
    if args.tables % multiple:
        parser.error(f"--tables must be a multiple of {multiple} for --format {args.format}")
    return args


def burst(target, tables: int, args) -> Summary:
    """One fresh database, one championship, one burst, one database check."""
    fmt = FORMATS[args.format]
    label = f"{target.label}, {tables} tables"
    print(f"\n== {label} ({fmt.describe(tables)}), "
          f"{args.duration:g} s window, seed {args.seed}", flush=True)
    url = target.fresh(tables)
    migrated = migrated_database(target, url, args.sqlite_template)
    args.workdir.mkdir(parents=True, exist_ok=True)
    stem = args.workdir / f"{target.name}-{fmt.file_tag}{tables}"
    build_file = Path(f"{stem}-build.json")
    _, build_seconds = run_child(
        django_child(fmt.build, "--tables", str(tables), "--out", str(build_file)),
        child_env(url), BUILD_TIMEOUT, "building the championship",
    )
    build = json.loads(build_file.read_text(encoding="utf-8"))
    plan = fmt.make_plan(build, args.duration, args.seed)
    log = Path(f"{stem}-gunicorn.log")
    with Gunicorn(url, args.workers, log) as server:
        print(f"  setup: {migrated}, championship {build_seconds:.1f} s, "
              f"gunicorn ({args.workers} workers, port {server.port}) answered in "
              f"{server.ready_seconds:.1f} s; {len(plan.actions)} requests planned", flush=True)
        print(f"  machine: {os.cpu_count()} CPUs, {_load()} before the burst", flush=True)
        _warm_up(server.port, build, 4 * args.workers, fmt.api)
        driver = Driver(plan, server.port, fmt.api, args.threads)
        seconds = driver.run()
        after = _load()
        time.sleep(settle_seconds())
    summary, lines = summarise(driver.records, seconds, target.label, tables, args.target_ms,
                               fmt.types)
    print("\n".join(lines))
    queued = (f"; {driver.queued} requests found every thread busy (client-side queueing: "
              f"raise --threads)" if driver.queued else ", so no request queued in the client")
    print(f"  client threads at the peak: {driver.peak_threads} of {args.threads}{queued}")
    print(f"  {server.log_summary()}", flush=True)
    print(f"  machine: {after} at the end of the burst (the client, the server and the "
          f"database share these CPUs with whatever else runs)")

    spec = fmt.check_spec(plan, build)
    spec["acknowledged"] = {kind: sorted(cells) for kind, cells in driver.acknowledged.items()}
    spec_file = Path(f"{stem}-check.json")
    spec_file.write_text(json.dumps(spec), encoding="utf-8")
    print("  database check:", flush=True)
    summary.check_passed = _database_check(url, spec_file, fmt.check)
    print(f"{'PASS' if summary.check_passed else 'FAIL'} database check ({label})", flush=True)
    return summary


def migrated_database(target, url: str, template: Path | None) -> str:
    """Migrate the fresh database at ``url``, or copy ``--sqlite-template`` into it (SQLite
    only); returns what was done, for the setup line."""
    if template is None or target.name != "sqlite":
        return f"migrate {migrate(url):.1f} s"
    if template.exists():
        start = time.monotonic()
        copy_sqlite(template, target.path)
        return f"migrated database copied from {template} in {time.monotonic() - start:.1f} s"
    seconds = migrate(url)
    copy_sqlite(target.path, template)
    return f"migrate {seconds:.1f} s (a copy kept at {template})"


def _warm_up(port: int, build: dict, count: int, api) -> None:
    """A few read-only captain requests, so that every worker has loaded the API code and
    opened its database connection before the burst (none of them writes anything)."""
    import http.client

    teams = [t[side] for t in build["tables"][:count] for side in ("ns", "ew")][:count]
    for team in teams:
        for path in api.warm_up_paths(team):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            try:
                conn.request("GET", path)
                conn.getresponse().read()
            except OSError:
                pass
            finally:
                conn.close()


def _load() -> str:
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "load average unknown"
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min)"


def _database_check(url: str, spec_file: Path, module: str) -> bool:
    try:
        done = subprocess.run(
            django_child(module, "--spec", str(spec_file)), cwd=ROOT, env=child_env(url),
            capture_output=True, text=True, timeout=CHECK_TIMEOUT, check=False,
        )
    except subprocess.TimeoutExpired:
        print(f"FAIL the database check took more than {CHECK_TIMEOUT:.0f} s")
        return False
    print(done.stdout.rstrip())
    if done.returncode != 0 and "FAIL" not in done.stdout:
        print("FAIL the database check crashed:")
        print("    " + "\n    ".join(done.stderr.strip().splitlines()[-15:]))
    return done.returncode == 0


def capacity(target, args, base: Summary) -> str:
    """The largest field whose burst meets the target with no errors: steps of 100 up from
    the base run (or halving down from it), then one bisection; within the budget."""
    deadline = time.monotonic() + args.capacity_budget
    outcome = {base.tables: base.passed}
    step_seconds = args.duration + 60.0  # a guess until a burst has been timed
    if base.passed:
        candidates = list(range(base.tables + 100, args.capacity_max + 1, 100))
    else:
        candidates, n = [], base.tables // 2
        while n >= 4:
            candidates.append(n)
            n //= 2

    def attempt(tables: int) -> bool | None:
        nonlocal step_seconds
        if time.monotonic() + step_seconds > deadline:
            print(f"\n  capacity search: budget of {args.capacity_budget:.0f} s reached")
            return None
        start = time.monotonic()
        summary = burst(target, tables, args)
        print(f"  capacity step: {summary.one_line()}")
        step_seconds = (time.monotonic() - start) * 1.2
        outcome[tables] = summary.passed
        return summary.passed

    for tables in candidates:
        passed = attempt(tables)
        if passed is None or passed != base.passed:
            break
    passing = [n for n, ok in outcome.items() if ok]
    best = max(passing, default=0)
    failing = [n for n, ok in outcome.items() if not ok and n > best]
    if best and failing:
        low, high = best, min(failing)
        middle = (low + high) // 2
        if high - low >= 20 and attempt(middle):
            best = middle
    if not best:
        return f"{target.label}: below {min(outcome)} tables (no field tried met the target)"
    capped = " (the largest field tried)" if best >= args.capacity_max else ""
    return (f"{target.label}: {best} tables{capped} meet p95 <= {args.target_ms:.0f} ms "
            f"with no errors")


def _stop_on_term(signum, frame) -> None:
    raise KeyboardInterrupt(f"signal {signum}")  # unwinds through every cleanup


def main(argv=None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt as exc:  # the servers and databases are cleaned up by now
        print(f"\ninterrupted ({exc or 'Ctrl-C'}); servers stopped, databases removed")
        return 130


def _main(argv=None) -> int:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, _stop_on_term)
    fmt = FORMATS[args.format]
    fresh_seed = args.seed is None and fmt.default_seed is None
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1, 2**31) if fresh_seed else fmt.default_seed
    if fresh_seed:
        print(f"{fmt.name} load test, seed {args.seed} (a fresh one: --seed {args.seed} "
              f"replays the same requests)", flush=True)
    targets = make_targets(args.databases.split(","), args.workdir)
    summaries: list[Summary] = []
    capacities: list[str] = []
    failed = False
    ran = 0
    for target in targets:
        why = target.available()
        if why:
            print(f"\n== {target.label}: skipped ({why})", flush=True)
            continue
        ran += 1
        try:
            base = burst(target, args.tables, args)
            summaries.append(base)
            failed |= not base.passed
            if args.capacity:
                capacities.append(capacity(target, args, base))
        except (ChildFailed, RuntimeError) as exc:
            print(f"FAIL {target.label}: {exc}", flush=True)
            failed = True
        finally:
            target.cleanup()
    print("\n== summary")
    if fresh_seed:
        print(f"seed {args.seed} (--seed {args.seed} replays it)")
    for summary in summaries:
        print(f"{'PASS' if summary.passed else 'FAIL'} {summary.label}: {summary.one_line()}")
    for line in capacities:
        print(f"capacity {line}")
    if not ran:
        print("FAIL no database could be tested")
        return 2
    return 1 if failed else 0
