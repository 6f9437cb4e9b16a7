"""How many connections PostgreSQL holds for one database, watched from a thread.

``with ConnectionWatch("duplicada_drill_...") as watch:`` samples ``pg_stat_activity``
every few milliseconds on its own connection (to the ``postgres`` database, so it does not
count itself) until the block ends; ``watch.peak`` is the most seen at once and
``watch.now()`` a fresh count.
"""

from __future__ import annotations

import threading

from benchmarks.load.common import LOOPBACK
from benchmarks.load.databases import PG_PORT, PG_USER

INTERVAL = 0.01  # seconds between samples: a burst's connections live for tens of ms
COUNT = "SELECT count(*) FROM pg_stat_activity WHERE datname = %s"


class ConnectionWatch:
    def __init__(self, database: str) -> None:
        self.database = database
        self.peak = 0
        self.samples = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._conn = None
        self._lock = threading.Lock()  # one connection, used by the thread and now()

    def __enter__(self) -> ConnectionWatch:
        import psycopg

        self._conn = psycopg.connect(host=LOOPBACK, port=PG_PORT, user=PG_USER,
                                     dbname="postgres", connect_timeout=5, autocommit=True)
        self._thread = threading.Thread(target=self._watch, name="pg-watch", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        if self._conn is not None:
            self._conn.close()

    def now(self) -> int:
        """The connections held right now (also counted towards the peak)."""
        with self._lock:
            count = self._conn.execute(COUNT, (self.database,)).fetchone()[0]
            self.peak = max(self.peak, count)
            self.samples += 1
            return count

    def _watch(self) -> None:
        while not self._stop.wait(INTERVAL):
            self.now()
