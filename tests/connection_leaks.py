"""Fails the test that leaves one of the connection pool's connections checked out.

On PostgreSQL each process lends at most ``DATABASE_POOL_MAX`` connections (4 in
production, ``config/database.py``). A connection that a thread, a stream or an inline task
takes and never gives back is lost to the pool for good: psycopg_pool counts it as lent
until the process ends, and after a few such losses every request waits out the pool's
timeout. This plugin (loaded by ``tests/conftest.py``; active only with PostgreSQL's pool)
notes who takes each connection (thread, and where in the project's code) and, after each
test's teardown, fails the test if a connection is still out, naming its holder. Only the
connection of the thread that runs the tests is left alone: Django keeps it across tests
(a test's transaction is rolled back on it), as a request's thread would until the
request ends.

A holder thread still running at the end of a test has :data:`GRACE` seconds to finish and
give its connection back: a background thread that closes its connection when done
(``scoring.refresh``, ``tournaments.services.analysis``) is no leak.
"""

from __future__ import annotations

import sysconfig
import threading
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

import pytest

#: Seconds a still-running holder thread has, after a test, to give its connection back.
GRACE = 5.0
_PROJECT = Path(__file__).resolve().parent.parent
_HERE = Path(__file__).resolve()
_LIBRARIES = {Path(sysconfig.get_paths()[name]).resolve()
              for name in ("stdlib", "platstdlib", "purelib", "platlib")}


@dataclass
class Loan:
    """One connection out of the pool: who took it and where."""

    connection: object
    pool: object
    thread: threading.Thread
    taken_at: list[str]  # the frames of the code outside the libraries, innermost last
    test: str  # the test that was running when it was taken

    def describe(self) -> str:
        state = "still running" if self.thread.is_alive() else "ended without giving it back"
        where = "\n      ".join(self.taken_at) or "(outside the project's code)"
        return (f"thread {self.thread.name!r} ({state}), taken during {self.test}, at:\n"
                f"      {where}")


class PoolWatch:
    """Records each ``getconn``/``putconn`` of psycopg_pool's ``ConnectionPool``."""

    def __init__(self):
        self.loans: dict[int, Loan] = {}  # id(connection) -> its loan
        self.lock = threading.Lock()
        self.test = "(no test yet)"
        self._originals = None

    def install(self, pool_class) -> None:
        getconn, putconn = pool_class.getconn, pool_class.putconn
        watch = self

        def watched_getconn(pool, *args, **kwargs):
            conn = getconn(pool, *args, **kwargs)
            with watch.lock:
                watch.loans[id(conn)] = Loan(conn, pool, threading.current_thread(),
                                             _project_frames(), watch.test)
            return conn

        def watched_putconn(pool, conn):
            with watch.lock:
                watch.loans.pop(id(conn), None)
            return putconn(pool, conn)

        pool_class.getconn, pool_class.putconn = watched_getconn, watched_putconn
        self._originals = (pool_class, getconn, putconn)

    def uninstall(self) -> None:
        if self._originals:
            pool_class, getconn, putconn = self._originals
            pool_class.getconn, pool_class.putconn = getconn, putconn
            self._originals = None

    def outstanding(self, keep: set[int]) -> dict[int, Loan]:
        """The loans still out, but those of the connections in ``keep``."""
        with self.lock:
            return {key: loan for key, loan in self.loans.items() if key not in keep}

    def leaks(self, keep: set[int], grace: float = GRACE) -> list[Loan]:
        """The loans still out after their running holders had ``grace`` seconds to end."""
        deadline = time.monotonic() + grace
        # The thread that runs the tests is not waited for (it is this one): its connections
        # are Django's to give back, as the one it keeps is (``keep``).
        me = threading.current_thread()
        while True:
            out = {key: loan for key, loan in self.outstanding(keep).items()
                   if loan.thread is not me}
            running = [loan.thread for loan in out.values() if loan.thread.is_alive()]
            if not running or time.monotonic() >= deadline:
                return list(out.values())
            running[0].join(min(0.05, max(0.0, deadline - time.monotonic())))

    def forget(self, loans: list[Loan]) -> None:
        """Report each leak once: the next test is not blamed for it. A connection whose
        thread has ended goes back to its pool (the pool would count it as lent for good, and
        the tests after this one would wait for it); a running thread's is left to it."""
        for loan in loans:
            with self.lock:
                self.loans.pop(id(loan.connection), None)
            if not loan.thread.is_alive():
                try:
                    loan.pool.putconn(loan.connection)
                except Exception:  # a closed pool closes it; anything else: it stays lost
                    pass


def _project_frames() -> list[str]:
    """Where a connection is taken: the frames of the project's code (the project's tests
    included), not the libraries'."""
    frames = []
    for frame in traceback.extract_stack()[:-2]:
        path = Path(frame.filename)
        if path == _HERE or any(path.is_relative_to(library) for library in _LIBRARIES):
            continue
        shown = path.relative_to(_PROJECT) if path.is_relative_to(_PROJECT) else path.name
        frames.append(f"{shown}:{frame.lineno} in {frame.name}")
    return frames[-8:]


def _test_threads_connection() -> set[int]:
    """The connection Django keeps for the thread that runs the tests (not a leak)."""
    from django.db import connections

    kept = set()
    for connection in connections.all(initialized_only=True):
        if connection.connection is not None:
            kept.add(id(connection.connection))
    return kept


def _pooled() -> bool:
    from django.conf import settings

    database = settings.DATABASES["default"]
    return "postgresql" in database["ENGINE"] and bool(database.get("OPTIONS", {}).get("pool"))


_watch = PoolWatch()


def pytest_sessionstart(session):
    if _pooled():
        from psycopg_pool import ConnectionPool

        _watch.install(ConnectionPool)


def pytest_sessionfinish(session):
    _watch.uninstall()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    _watch.test = item.nodeid
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    result = yield
    if _watch._originals is None:
        return result
    leaks = _watch.leaks(_test_threads_connection())
    if leaks:
        from django.db import connection

        stats = connection.pool.get_stats() if connection.pool else {}
        _watch.forget(leaks)
        lines = "\n".join(f"  - {loan.describe()}" for loan in leaks)
        pytest.fail(
            f"{len(leaks)} pooled database connection(s) left checked out after the test "
            f"(pool size {stats.get('pool_size')}, available {stats.get('pool_available')}, "
            f"max {stats.get('pool_max')}); a thread that touches the database must close "
            f"its connection (django.db.connections.close_all()) before it ends:\n{lines}",
            pytrace=False)
    return result
