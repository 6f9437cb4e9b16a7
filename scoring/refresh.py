"""When stored scores are rebuilt: a moment after a change, in the background, debounced.

After a result operation commits a ``ScoreRefresh`` note, :func:`request_rebuild` asks for
``rebuild_stale_deals`` to run :data:`REBUILD_DELAY` seconds later (the setting
``SCORING_REBUILD_DELAY``), unless a rebuild is already due later than now in this process:
that one will see the note, because the note was committed before it was asked for. So
during the end-of-round burst each process rebuilds a few times a second at most, however
many confirmations arrive.

- With a Celery broker, the rebuild is a task (``scoring.rebuild_stale_scores``) on a
  worker, sent from a background thread. If the broker cannot be reached, the rebuild runs
  in this process instead, a warning is logged, and the broker is left alone for
  ``tournaments.background.BROKER_PAUSE`` seconds: result entry and scoring never depend on
  the broker, and no request ever waits for it.
- Without one (the embedded default), it runs in a background thread of this process.
- The setting ``SCORING_REBUILD``: ``"background"`` (the default, above) or ``"off"``
  (tests that drive rebuilds themselves).

How a background rebuild is started is shared with the ratings' (``tournaments.background``);
this module says what is run. Nothing here decides what is correct: readers score noted
deals themselves, and the database serialises rebuilders (``scoring.services.rescoring``).
The debouncing only saves work, so a lock in Python is fine for it.
"""

from __future__ import annotations

import logging

from tournaments.background import BackgroundRun
from tournaments.debounce import Debouncer

logger = logging.getLogger(__name__)

#: Seconds between a change and the rebuild that stores its scores. Readers score noted
#: deals themselves meanwhile, so this trades their extra work against the rebuilds'.
REBUILD_DELAY = 2.0

__all__ = ["REBUILD_DELAY", "Debouncer", "rebuilds", "request_rebuild"]


def _rebuild() -> None:
    """Rebuild the noted deals; if another process is at it, look again a moment later."""
    from scoring.services.rescoring import RebuildBusy, rebuild_stale_deals

    try:
        rebuild_stale_deals(wait=False)
    except RebuildBusy:
        rebuilds.run_here_later()


rebuilds = BackgroundRun(
    task="scoring.tasks.rebuild_stale_scores_task", rebuild=_rebuild,
    delay_setting="SCORING_REBUILD_DELAY", default_delay=REBUILD_DELAY,
    mode_setting="SCORING_REBUILD", what="rebuilding scores", logger=logger,
    failed="Rebuilding stored scores failed; readers still score from results",
)


def request_rebuild() -> None:
    """Ask for the noted deals to be rebuilt soon (called after a commit)."""
    rebuilds.request()
