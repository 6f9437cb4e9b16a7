"""Background tasks of the tournaments app: the double-dummy analysis of deals (rules.md 8.1)
and the rebuild of the ratings (13.3).

Idempotent (the result depends only on the deal and the variant), so a task run twice or
again after its worker died does no harm.
"""

from __future__ import annotations

from celery import shared_task
from django.db import DatabaseError


@shared_task(
    name="tournaments.analyse_deals", ignore_result=True, acks_late=True,
    reject_on_worker_lost=True, autoretry_for=(DatabaseError,), retry_backoff=True,
    max_retries=5,
)
def analyse_deals_task(deal_ids: list[int], force: bool = False) -> int:
    """Analyse the given deals of closed rounds (table, par and optimal line)."""
    from tournaments.services.analysis import analyse_deals

    return analyse_deals(deal_ids, force=force)


@shared_task(
    name="tournaments.rebuild_ratings", ignore_result=True, acks_late=True,
    reject_on_worker_lost=True, autoretry_for=(DatabaseError,), retry_backoff=True,
    max_retries=5,
)
def rebuild_ratings_task() -> int | None:
    """Rebuild every player's ratings from the final places (rules.md 13.3). Idempotent: it
    reads only committed rows and replaces every rating, so a task run twice, or again after
    its worker died, does no harm."""
    from tournaments.services.ratings import rebuild_ratings

    return rebuild_ratings()
