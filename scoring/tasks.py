"""Background tasks of the scoring app.

Scores are rebuilt in the same transaction as each result operation (scoring.services), so
no task is needed for correctness. The task below recomputes a whole championship in a
worker; it is idempotent (the outcome depends only on the stored results).
"""

from __future__ import annotations

from celery import shared_task


@shared_task(name="scoring.recompute_championship")
def recompute_championship_task(championship_id: int) -> int:
    from scoring.services import recompute_championship
    from tournaments.models import Championship

    return recompute_championship(Championship.objects.get(pk=championship_id))
