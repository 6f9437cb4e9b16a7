"""When stored scores are rebuilt: a moment after a change, in the background, debounced.

After a result operation commits a ``ScoreRefresh`` note, :func:`request_rebuild` asks for
``rebuild_stale_deals`` to run :data:`REBUILD_DELAY` seconds later, unless a rebuild is
already due later than now in this process: that one will see the note, because the note
was committed before it was asked for. So during the end-of-round burst each process
rebuilds a few times a second at most, however many confirmations arrive.

- With a Celery broker, the rebuild is a task (``scoring.rebuild_stale_scores``) on a
  worker, sent from a background thread. If the broker cannot be reached, the rebuild runs
  in this process instead, a warning is logged, and the broker is left alone for
  :data:`BROKER_PAUSE` seconds: result entry and scoring never depend on the broker, and
  no request ever waits for it.
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

from tournaments.debounce import Debouncer

logger = logging.getLogger(__name__)

#: Seconds between a change and the rebuild that stores its scores. Readers score noted
#: deals themselves meanwhile, so this trades their extra work against the rebuilds'.
REBUILD_DELAY = 2.0

__all__ = ["BROKER_PAUSE", "REBUILD_DELAY", "Debouncer", "request_rebuild"]


def _delay() -> float:
    return getattr(settings, "SCORING_REBUILD_DELAY", REBUILD_DELAY)


def _run_here() -> None:
    from scoring.services.rescoring import RebuildBusy, rebuild_stale_deals

    try:
        rebuild_stale_deals(wait=False)
    except RebuildBusy:
        _start_thread(_delay())  # another process is at it: look again a moment later
    except Exception:  # a background thread has nobody to report to but the log
        logger.exception("Rebuilding stored scores failed; readers still score from results")
    finally:
        connections.close_all()  # this thread's connections only


def _start_thread(delay: float) -> None:
    timer = threading.Timer(delay, _run_here)
    timer.daemon = True
    timer.start()


#: After the broker failed, rebuild in-process for this long before trying it again.
BROKER_PAUSE = 30.0
_broker_failed_at: float | None = None


def _broker_paused() -> bool:
    return _broker_failed_at is not None and time.monotonic() - _broker_failed_at < BROKER_PAUSE


def _publish(delay: float) -> None:
    """Send the task, or rebuild here if the broker cannot be reached. Runs in its own
    thread: reaching a broker that is down can take Celery many seconds of retries, and
    no captain's request may wait for that."""
    global _broker_failed_at
    from scoring.tasks import rebuild_stale_scores_task

    started = time.monotonic()
    try:
        rebuild_stale_scores_task.apply_async(countdown=delay, retry=False)
    except Exception as exc:
        _broker_failed_at = time.monotonic()
        logger.warning("Celery broker unreachable (%s); rebuilding scores in-process", exc)
        _run_here_after(delay - (time.monotonic() - started))
    else:
        _broker_failed_at = None


def _run_here_after(delay: float) -> None:
    if delay > 0:
        time.sleep(delay)
    _run_here()


def _start_task(delay: float) -> None:
    if _broker_paused():
        _start_thread(delay)
        return
    thread = threading.Thread(target=_publish, args=(delay,), daemon=True)
    thread.start()


def _start(delay: float) -> None:
    if settings.CELERY_BROKER_URL and not settings.CELERY_TASK_ALWAYS_EAGER:
        _start_task(delay)
    else:
        _start_thread(delay)


_debouncer = Debouncer(_start)


def request_rebuild() -> None:
    """Ask for the noted deals to be rebuilt soon (called after a commit)."""
    if getattr(settings, "SCORING_REBUILD", "background") == "off":
        return  # tests that drive rebuilds themselves
    _debouncer.poke(_delay())
