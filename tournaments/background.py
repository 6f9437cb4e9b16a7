"""How a rebuild that follows changes runs in the background: debounced, on a Celery worker
when there is a broker, in a thread of this process when there is none or it is down.

Shared by the stored scores' rebuild (``scoring.refresh``) and the ratings'
(``tournaments.ratings_refresh``); each says what it runs and which settings it reads, and
this module says how:

- :meth:`BackgroundRun.request` asks for a run a delay later, through a
  :class:`~tournaments.debounce.Debouncer`: a run already due later than now is not asked
  for again (it will see the change, committed before it was asked for).
- With a Celery broker (``CELERY_BROKER_URL``, not eager), the run is the task, sent from a
  thread of its own: reaching a broker that is down can take Celery many seconds of
  retries, and no request may wait for that. If the broker cannot be reached, the run
  happens in this process instead, a warning is logged, and the broker is left alone for
  :data:`BROKER_PAUSE` seconds.
- Without one (the embedded default), the run is a timer thread of this process.

A run in this process (:meth:`BackgroundRun.run_here`) logs a failure, as a background
thread has nobody else to tell, and closes the thread's connections, as nobody else would
give them back. Nothing here decides what is correct; the debouncing only saves work, so a
lock in Python is fine for it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from django.conf import settings
from django.db import connections
from django.utils.module_loading import import_string

from tournaments.debounce import Debouncer

#: After the broker failed, run in-process for this long before trying it again.
BROKER_PAUSE = 30.0

#: The modes a rebuild's mode setting may take: run in the background, or never.
BACKGROUND, OFF = "background", "off"


class BackgroundRun:
    """One kind of background rebuild (see the module doc).

    ``task`` is the dotted path of the Celery task (imported when first sent, so that
    importing this does not load the tasks); ``rebuild`` is what the task does, run in this
    process when there is no broker or it cannot be reached; ``delay_setting`` and ``mode_setting`` name the
    settings read at each request, ``default_delay`` being used when the first is not set;
    ``what`` ends the warning logged when the broker cannot be reached ("rebuilding the
    ratings"), ``failed`` is the error logged when a rebuild here fails.
    """

    def __init__(self, *, task: str, rebuild: Callable[[], object], delay_setting: str,
                 default_delay: float, mode_setting: str, what: str, failed: str,
                 logger: logging.Logger | None = None):
        self.task = task
        self.rebuild = rebuild
        self.delay_setting = delay_setting
        self.default_delay = default_delay
        self.mode_setting = mode_setting
        self.what = what
        self.failed = failed
        self.logger = logger or logging.getLogger(__name__)
        self.broker_pause = BROKER_PAUSE
        self.broker_failed_at: float | None = None
        self.debouncer = Debouncer(self._start, delay=default_delay)

    def delay(self) -> float:
        """Seconds between a change and the run it asks for."""
        return getattr(settings, self.delay_setting, self.default_delay)

    def mode(self) -> str:
        """The mode setting's value (``"background"`` when it is not set)."""
        return getattr(settings, self.mode_setting, BACKGROUND)

    def request(self) -> None:
        """Ask for a run :meth:`delay` seconds from now, unless the mode is ``"off"`` or a
        run is already due later than now."""
        if self.mode() == OFF:
            return
        self.debouncer.poke(self.delay())

    def run_here(self) -> None:
        """Rebuild in this thread; a failure is logged, and the thread's connections are
        given back."""
        try:
            self.rebuild()
        except Exception:  # a background thread has nobody to report to but the log
            self.logger.exception(self.failed)
        finally:
            connections.close_all()  # this thread's connections only

    def run_here_later(self, delay: float | None = None) -> None:
        """Run in a thread of this process ``delay`` seconds from now (default
        :meth:`delay`), whatever the broker: for a run that found another one at work."""
        timer = threading.Timer(self.delay() if delay is None else delay, self.run_here)
        timer.daemon = True
        timer.start()

    def broker_paused(self) -> bool:
        """Whether the broker failed less than :attr:`broker_pause` seconds ago."""
        return (self.broker_failed_at is not None
                and time.monotonic() - self.broker_failed_at < self.broker_pause)

    def _start(self, delay: float) -> None:
        if (settings.CELERY_BROKER_URL and not settings.CELERY_TASK_ALWAYS_EAGER
                and not self.broker_paused()):
            threading.Thread(target=self._publish, args=(delay,), daemon=True).start()
        else:
            self.run_here_later(delay)

    def _publish(self, delay: float) -> None:
        """Send the task, or run here once the delay is over if the broker cannot be
        reached (in a thread of its own, see the module doc)."""
        task = import_string(self.task)
        started = time.monotonic()
        try:
            task.apply_async(countdown=delay, retry=False)
        except Exception as exc:
            self.broker_failed_at = time.monotonic()
            self.logger.warning("Celery broker unreachable (%s); %s in-process", exc,
                                self.what)
            left = delay - (time.monotonic() - started)
            if left > 0:
                time.sleep(left)
            self.run_here()
        else:
            self.broker_failed_at = None
