"""Run a background job at most once per delay, however often it is asked for.

Used by ``tournaments.background`` for the rebuilds that follow changes: the stored
scores' (``scoring.refresh``) and the ratings' (``tournaments.ratings_refresh``). A rebuild
asked for while one is already due later than now is not started again: the one due will
see the change, because the change was committed before it was asked for. The debouncing
only saves work (the database keeps the data right), so a lock in Python is fine for it.
"""

from __future__ import annotations

import threading
import time

#: Seconds between a change and the run it asks for, unless the caller says otherwise.
DEFAULT_DELAY = 2.0


class Debouncer:
    """Starts ``start(delay)`` at most once per ``delay`` seconds (see the module doc)."""

    def __init__(self, start, delay: float = DEFAULT_DELAY, clock=time.monotonic):
        self._start = start
        self._delay = delay
        self._clock = clock
        self._lock = threading.Lock()
        self._due: float | None = None

    def poke(self, delay: float | None = None) -> bool:
        """Ask for a run in ``delay`` seconds (default: the debouncer's); returns whether
        one was started (``False``: one is due later)."""
        delay = self._delay if delay is None else delay
        with self._lock:
            now = self._clock()
            if self._due is not None and self._due > now:
                return False
            self._due = now + delay
        self._start(delay)
        return True
