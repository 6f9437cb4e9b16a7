"""When the ratings are rebuilt (rules.md 13.3): a moment after a change, in the background,
debounced.

Once an operation that changes final places (or the register) commits, :func:`request`
asks for ``rebuild_ratings`` to run :data:`REBUILD_DELAY` seconds later (the setting
``RATINGS_REBUILD_DELAY``), unless a rebuild is already due later than now in this process
(``tournaments.debounce``): that one will read the change. A director finishing a
championship never waits for the ratings.

- With a Celery broker, the rebuild is a task (``tournaments.rebuild_ratings``) on a worker,
  sent from a background thread. If the broker cannot be reached, the rebuild runs in this
  process instead, a warning is logged, and the broker is left alone for
  ``tournaments.background.BROKER_PAUSE`` seconds: no request ever waits for the broker.
- Without one (the embedded default), it runs in a background thread of this process.
- The setting ``RATINGS_REBUILD``: ``"background"`` (the default, above), ``"now"`` (in the
  committing thread, right after the commit: tests and commands) or ``"off"``.

How a background rebuild is started is shared with the stored scores'
(``tournaments.background``); this module says what is run. Nothing here decides what is
correct: the rebuild reads committed rows and replaces every rating in one transaction
(``tournaments.services.ratings``).
"""

from __future__ import annotations

import logging

from django.db import transaction

from tournaments.background import BackgroundRun

logger = logging.getLogger(__name__)

#: Seconds between a change and the rebuild: finishing several championships in a row (an
#: import, the command) then rebuilds once.
REBUILD_DELAY = 2.0


def _rebuild() -> None:
    from tournaments.services.ratings import rebuild_ratings  # it asks this module

    rebuild_ratings()


rebuilds = BackgroundRun(
    task="tournaments.tasks.rebuild_ratings_task", rebuild=_rebuild,
    delay_setting="RATINGS_REBUILD_DELAY", default_delay=REBUILD_DELAY,
    mode_setting="RATINGS_REBUILD", what="rebuilding the ratings", logger=logger,
    failed="Rebuilding the ratings failed; the ratings shown are the last kept",
)


def _after_commit() -> None:
    if rebuilds.mode() == "now":
        _rebuild()  # failures reach the committing caller
        return
    rebuilds.request()


def request() -> None:
    """Ask for the ratings to be rebuilt once the current transaction commits (at once
    outside one); nothing if it rolls back."""
    transaction.on_commit(_after_commit)
