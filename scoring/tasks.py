"""Background tasks of the scoring app.

No task is needed for correctness: readers score a deal from its results themselves until
its stored scores are rebuilt (``scoring.services.rescoring``). Both tasks are idempotent
(the outcome depends only on the stored results), so a task that is run twice, or again
after its worker died, does no harm: they are acknowledged only once done
(``acks_late``) and given back to the queue if the worker process is killed meanwhile.
A database error is retried a few times, then the task is marked failed with its error.
"""

from __future__ import annotations

from celery import shared_task
from django.db import DatabaseError

_RELIABLE = {
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": (DatabaseError,),
    "retry_backoff": True,
    "max_retries": 5,
}


# No result is kept: nothing reads it, and a result backend that is down must not matter.
@shared_task(name="scoring.rebuild_stale_scores", ignore_result=True, **_RELIABLE)
def rebuild_stale_scores_task() -> int:
    """Rebuild the stored scores of every deal changed since its last rebuild."""
    from scoring.services.rescoring import RebuildBusy, rebuild_stale_deals

    try:
        return rebuild_stale_deals(wait=False)
    except RebuildBusy:  # another worker is at it: look again a moment later
        rebuild_stale_scores_task.apply_async(countdown=1)
        return 0


@shared_task(name="scoring.recompute_championship", **_RELIABLE)
def recompute_championship_task(championship_id: int) -> int:
    from scoring.services import recompute_championship
    from tournaments.models import Championship

    return recompute_championship(Championship.objects.get(pk=championship_id))


# The exports' task, found by the worker through this module (Celery looks in tasks.py).
from scoring.exports.tasks import run_export_job_task  # noqa: E402, F401
