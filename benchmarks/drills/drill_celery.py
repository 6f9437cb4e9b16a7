"""Drill 3: the Celery worker's pool process is killed during a task.

A real worker (prefork, concurrency 1, its own queue on the machine's Redis, a database of
its own that no other drill or job uses) is sent ``scoring.recompute_championship`` for a
championship with every result entered. To kill it mid-way without changing the product,
the drill first locks one of the championship's deals (``SELECT ... FOR UPDATE``): the
task stops at its first query, ``select_for_update`` on the deals, inside its transaction.
Once PostgreSQL shows the worker's connection waiting for that lock, the pool process
(``ps --ppid`` of the worker) is sent SIGKILL and the lock is released. The task must then
be given back and completed (``acks_late`` + ``reject_on_worker_lost``) or end FAILURE with
its error recorded; the drill says which, and checks the stored scores.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import time

from benchmarks.drills.common import (
    PYTHON,
    WORKDIR,
    Checks,
    Verdict,
    alive,
    children,
    facts,
    log_lines,
    note,
    postgres_target,
    prepare,
    wait_for,
)
from benchmarks.drills.redisdb import RedisScratch
from benchmarks.load.common import BIN, ROOT, child_env, run_child

NAME = "Celery worker killed during a task (PostgreSQL, Redis)"
TABLES = 10
READY_TIMEOUT = 60.0
TASK_TIMEOUT = 90.0
TASK = "scoring.recompute_championship"


def run() -> Verdict:
    target = postgres_target("celery")
    why = target.available()
    if why:
        return Verdict(NAME, False, f"PostgreSQL unavailable: {why}")
    scratch = RedisScratch(token=f"drills-{os.getpid()}-{secrets.token_hex(4)}")
    why = scratch.open()
    if why:
        return Verdict(NAME, False, f"Redis unavailable: {why}")
    worker = None
    try:
        url, build = prepare(target, TABLES, "celery")
        out, _ = run_child([PYTHON, "-m", "benchmarks.drills.results", "--championship",
                            str(build["championship"])], child_env(url), 300, "entering results")
        entered = json.loads(out.strip().splitlines()[-1])
        log = WORKDIR / "celery" / "worker.log"
        worker = _start_worker(url, scratch, log)
        note(f"worker pid {worker.pid}, queue {scratch.token}, Redis db {scratch.db}; "
             f"{entered['results']} results entered and confirmed")
        return _drill(worker, target, scratch, build, url, log)
    finally:
        if worker is not None:
            _stop(worker)
        target.cleanup()
        note(scratch.cleanup())


def _start_worker(url: str, scratch: RedisScratch, log) -> subprocess.Popen:
    log.parent.mkdir(parents=True, exist_ok=True)
    env = {**child_env(url), "CELERY_BROKER_URL": scratch.url,
           "CELERY_RESULT_BACKEND": scratch.url, "CELERY_TASK_DEFAULT_QUEUE": scratch.token}
    command = [str(BIN / "celery"), "-A", "config", "worker", "-Q", scratch.token,
               "--concurrency", "1", "--pool", "prefork", "--without-gossip",
               "--without-mingle", "--without-heartbeat", "-n", f"{scratch.token}@%h",
               "--loglevel", "INFO", "--logfile", str(log)]
    log.unlink(missing_ok=True)
    worker = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
    if not wait_for(lambda: log_lines(log, " ready.") or worker.poll() is not None,
                    READY_TIMEOUT, 0.2) or worker.poll() is not None:
        raise RuntimeError(f"the Celery worker did not start; see {log}")
    return worker


def _stop(worker: subprocess.Popen) -> None:
    if worker.poll() is None:
        worker.terminate()
        try:
            worker.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)  # its own session: the worker and its pool
            worker.wait(15)


def _drill(worker, target, scratch: RedisScratch, build: dict, url: str, log) -> Verdict:
    checks = Checks(NAME)
    championship = build["championship"]
    import psycopg

    # One connection holds the lock (in a transaction); another watches pg_stat_activity
    # (in autocommit: a transaction would keep reading one snapshot of it).
    lock = psycopg.connect(url, autocommit=False, connect_timeout=5)
    watch = psycopg.connect(url, autocommit=True, connect_timeout=5)
    try:
        lock.execute("SELECT id FROM tournaments_deal WHERE championship_id = %s "
                     "ORDER BY id LIMIT 1 FOR UPDATE", [championship])
        result = scratch.send(TASK, [championship])
        sent = time.monotonic()
        blocked = wait_for(lambda: _waiting_pid(watch, target.database), 30, 0.02)
        pool = children(worker.pid)
        received = len(log_lines(log, f"{TASK}[{result.id}] received"))
        checks.expect(bool(blocked) and len(pool) == 1 and received == 1,
                      f"task {result.id[:8]} running: received by the worker, its query "
                      f"waiting for the drill's lock {time.monotonic() - sent:.2f} s after "
                      f"sending (PostgreSQL pid {blocked}); pool process {pool}")
        killed_at = time.monotonic()
        if pool:
            os.kill(pool[0], signal.SIGKILL)
            note(f"SIGKILL to pool process {pool[0]} mid-task")
    finally:
        lock.rollback()  # release the lock, so that a redelivered task can run
        lock.close()
        watch.close()
    replaced = wait_for(lambda: [p for p in children(worker.pid) if p not in pool], 30, 0.1)
    checks.expect(bool(pool) and not alive(pool[0]) and bool(replaced),
                  f"pool process {pool[0] if pool else '?'} gone; the worker started "
                  f"{replaced or 'no new one'}")
    state = wait_for(lambda: result.state in ("SUCCESS", "FAILURE") and result.state,
                     TASK_TIMEOUT, 0.2) or result.state
    settled = time.monotonic() - killed_at
    times_received = len(log_lines(log, f"{TASK}[{result.id}] received"))
    lost = log_lines(log, "WorkerLostError", "exited with 'signal 9")
    note(f"worker log: {times_received} 'received' lines for the task; "
         + "; ".join(line.split("] ", 1)[-1][:140] for line in lost[:2]))
    if state == "SUCCESS":
        outcome = (f"given back and completed: SUCCESS (result {result.result!r}) "
                   f"{settled:.1f} s after the kill, received {times_received} times")
        checks.expect(times_received >= 2, outcome)
    elif state == "FAILURE":
        error = f"{type(result.result).__name__}: {result.result}"
        outcome = f"ended FAILURE with its error recorded: {error}"
        checks.expect(bool(result.traceback), outcome + (
            f" (traceback of {len(result.traceback.splitlines())} lines)"
            if result.traceback else " but no traceback stored"))
    else:
        outcome = f"still {state} {TASK_TIMEOUT:.0f} s after the kill: neither redone nor failed"
        checks.expect(False, outcome)
    found = facts(url, {"championship": championship, "compare": True}, "celery")
    checks.expect(found["stored_equal_recompute"] and found["scores"] == 4 * TABLES,
                  f"{found['scores']} stored scores, equal to a recompute")
    return checks.verdict(f"pool process killed mid-task; the task was {outcome}")


def _waiting_pid(connection, database: str) -> int | None:
    """The PostgreSQL pid of a connection other than the drill's waiting for a lock."""
    row = connection.execute(
        "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid() "
        "AND wait_event_type = 'Lock'", [database]).fetchone()
    return row[0] if row else None
