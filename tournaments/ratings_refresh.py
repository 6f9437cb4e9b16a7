"""When the ratings are rebuilt (rules.md 13.3): a moment after a change, in the background,
debounced.

Once an operation that changes final places (or the register) commits, :func:`request`
asks for ``rebuild_ratings`` to run :data:`REBUILD_DELAY` seconds later, unless a rebuild
is already due later than now in this process (``tournaments.debounce``): that one will
read the change. A director finishing a championship never waits for the ratings.

- With a Celery broker, the rebuild is a task (``tournaments.rebuild_ratings``) on a worker,
  sent from a background thread. If the broker cannot be reached, the rebuild runs in this
  process instead, a warning is logged, and the broker is left alone for
  :data:`BROKER_PAUSE` seconds: no request ever waits for the broker.
- Without one (the embedded default), it runs in a background thread of this process.
- The setting ``RATINGS_REBUILD``: ``"background"`` (the default, above), ``"now"`` (in the
  committing thread, right after the commit: tests and commands) or ``"off"``.

Nothing here decides what is correct: the rebuild reads committed rows and replaces every
rating in one transaction (``tournaments.services.ratings``).
"""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import connections, transaction

from tournaments.debounce import Debouncer

logger = logging.getLogger(__name__)

#: Seconds between a change and the rebuild: finishing several championships in a row (an
#: import, the command) then rebuilds once.
REBUILD_DELAY = 2.0
#: After the broker failed, rebuild in-process for this long before trying it again.
BROKER_PAUSE = 30.0
_broker_failed_at: float | None = None


def _delay() -> float:
    return getattr(settings, "RATINGS_REBUILD_DELAY", REBUILD_DELAY)


def _mode() -> str:
    return getattr(settings, "RATINGS_REBUILD", "background")


def run_here() -> None:
    """Rebuild in this thread; a failure is logged (a background thread has nobody else
    to tell), and the thread's connections are given back."""
    from tournaments.services.ratings import rebuild_ratings

    try:
        rebuild_ratings()
    except Exception:
        logger.exception("Rebuilding the ratings failed; the ratings shown are the last kept")
    finally:
        connections.close_all()  # this thread's connections only


def _start_thread(delay: float) -> None:
    timer = threading.Timer(delay, run_here)
    timer.daemon = True
    timer.start()


def _broker_paused() -> bool:
    return _broker_failed_at is not None and time.monotonic() - _broker_failed_at < BROKER_PAUSE


def _publish(delay: float) -> None:
    """Send the task, or rebuild here if the broker cannot be reached (in its own thread:
    a broker that is down can keep Celery retrying for many seconds)."""
    global _broker_failed_at
    from tournaments.tasks import rebuild_ratings_task

    started = time.monotonic()
    try:
        rebuild_ratings_task.apply_async(countdown=delay, retry=False)
    except Exception as exc:
        _broker_failed_at = time.monotonic()
        logger.warning("Celery broker unreachable (%s); rebuilding the ratings in-process",
                       exc)
        left = delay - (time.monotonic() - started)
        if left > 0:
            time.sleep(left)
        run_here()
    else:
        _broker_failed_at = None


def _start(delay: float) -> None:
    if settings.CELERY_BROKER_URL and not settings.CELERY_TASK_ALWAYS_EAGER:
        if _broker_paused():
            _start_thread(delay)
        else:
            threading.Thread(target=_publish, args=(delay,), daemon=True).start()
    else:
        _start_thread(delay)


_debouncer = Debouncer(_start, delay=REBUILD_DELAY)


def _after_commit() -> None:
    mode = _mode()
    if mode == "off":
        return
    if mode == "now":
        from tournaments.services.ratings import rebuild_ratings

        rebuild_ratings()
        return
    _debouncer.poke(_delay())


def request() -> None:
    """Ask for the ratings to be rebuilt once the current transaction commits (at once
    outside one); nothing if it rolls back."""
    transaction.on_commit(_after_commit)
