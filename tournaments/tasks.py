"""Background tasks of the tournaments app: the double-dummy analysis of deals (rules.md 8.1).

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
