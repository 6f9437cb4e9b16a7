"""When stored scores are rebuilt: a moment after a change, in the background, debounced.

After a result operation commits a ``ScoreRefresh`` note, :func:`request_rebuild` asks for
``rebuild_stale_deals`` to run :data:`REBUILD_DELAY` seconds later, unless a rebuild is
already due later than now in this process: that one will see the note, because the note
was committed before it was asked for. So during the end-of-round burst each process
rebuilds a few times a second at most, however many confirmations arrive.

- With a Celery broker, the rebuild is a task (``scoring.rebuild_stale_scores``) on a
  worker. If the broker cannot be reached, the rebuild runs in this process instead and a
  warning is logged: result entry and scoring never depend on the broker.
- Without one (the embedded default), it runs in a background thread of this process.

Nothing here decides what is correct: readers score noted deals themselves, and the
database serialises rebuilders (``scoring.services.rescoring``). The debouncing only saves
work, so a lock in Python is fine for it.
"""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import connections

logger = logging.getLogger(__name__)

#: Seconds between a change and the rebuild that stores its scores.
REBUILD_DELAY = 1.0


class Debouncer:
    """Starts ``start(delay)`` at most once per ``delay`` seconds (see the module doc)."""

    def __init__(self, start, delay: float = REBUILD_DELAY, clock=time.monotonic):
        self._start = start
        self._delay = delay
        self._clock = clock
        self._lock = threading.Lock()
        self._due: float | None = None

    def poke(self) -> bool:
        """Ask for a run; returns whether one was started (``False``: one is due later)."""
        with self._lock:
            now = self._clock()
            if self._due is not None and self._due > now:
                return False
            self._due = now + self._delay
        self._start(self._delay)
        return True


def _delay() -> float:
    return getattr(settings, "SCORING_REBUILD_DELAY", REBUILD_DELAY)


def _run_here() -> None:
    from scoring.services.rescoring import rebuild_stale_deals

    try:
        rebuild_stale_deals()
    except Exception:  # a background thread has nobody to report to but the log
        logger.exception("Rebuilding stored scores failed; readers still score from results")
    finally:
        connections.close_all()  # this thread's connections only


def _start_thread(delay: float) -> None:
    timer = threading.Timer(delay, _run_here)
    timer.daemon = True
    timer.start()


def _start_task(delay: float) -> None:
    from scoring.tasks import rebuild_stale_scores_task

    try:
        # No retries: a broker that is down must not hold up the captain's request.
        rebuild_stale_scores_task.apply_async(countdown=delay, retry=False)
    except Exception as exc:
        logger.warning("Celery broker unreachable (%s); rebuilding scores in-process", exc)
        _start_thread(delay)


def _start(delay: float) -> None:
    if settings.CELERY_BROKER_URL and not settings.CELERY_TASK_ALWAYS_EAGER:
        _start_task(delay)
    else:
        _start_thread(delay)


_debouncer = Debouncer(lambda delay: _start(delay))


def request_rebuild() -> None:
    """Ask for the noted deals to be rebuilt soon (called after a commit)."""
    if getattr(settings, "SCORING_REBUILD", "background") == "off":
        return  # tests that drive rebuilds themselves
    _debouncer._delay = _delay()
    _debouncer.poke()
