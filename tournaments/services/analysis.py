"""Double-dummy analysis of the deals (rules.md 8.1): computing it, storing it, asking for it.

When a round closes, :func:`request_round_analysis` is called after the commit: it asks for
the analysis of the round's deals in the background, so closing a round never waits for it.

- With a Celery broker, a task (``tournaments.analyse_deals``) on a worker does it; it is sent
  from a background thread, and if the broker cannot be reached the work runs in this process.
- Without one (the embedded default), the same task runs eagerly in a background thread.
- ``settings.DEAL_ANALYSIS`` = ``"inline"`` runs it at once in the caller (tests), ``"off"``
  not at all.

:func:`analyse_deal` is idempotent: it solves the five contracts and writes one row. A deal
already analysed under the championship's variant is skipped unless ``force`` is given, as
the director's "recompute" does (:func:`recompute_analysis`).
"""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import connections, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from engine.solver import Position, Solver, double_dummy_table, line_from, par
from tournaments.models import Championship, Deal, DealAnalysis, Round
from tournaments.services.common import ServiceError

logger = logging.getLogger(__name__)


def _compute(deal: Deal, variant: engine.Variant) -> dict:
    cards = engine.parse_deal(deal.cards)
    dealer = engine.Seat(deal.dealer)
    table = double_dummy_table(cards, dealer, variant)
    best = par(table, dealer)
    solver = Solver(best.contract, variant)
    start = Position.start(cards, dealer, best.contract, variant)
    line = line_from(solver, start, table[best.contract])
    return {
        "table": {contract.value: points for contract, points in table.items()},
        "par_contract": best.contract.value,
        "par_score": best.score,
        "line": " ".join(str(card) for card in line),
    }


def analyse_deal(deal: Deal, *, force: bool = False) -> DealAnalysis:
    """Compute and store the analysis of ``deal`` (table, par and the par contract's line)."""
    variant = deal.championship.variant
    existing = DealAnalysis.objects.filter(deal=deal).first()
    if (
        existing is not None
        and not force
        and existing.status == DealAnalysis.Status.DONE
        and existing.variant == variant
    ):
        return existing
    started = time.perf_counter()
    fields: dict = {"variant": variant, "computed_at": timezone.now()}
    try:
        fields.update(_compute(deal, engine.Variant(variant)), status=DealAnalysis.Status.DONE,
                      error="")
    except Exception as error:  # stored so that the director sees it; the deal is untouched
        logger.exception("Analysis of deal %s failed", deal.pk)
        fields.update(status=DealAnalysis.Status.FAILED, error=str(error)[:2000], table={},
                      par_contract="", par_score=None, line="")
    fields["seconds"] = time.perf_counter() - started
    analysis, _created = DealAnalysis.objects.update_or_create(deal=deal, defaults=fields)
    return analysis


def analyse_deals(deal_ids: list[int], *, force: bool = False) -> int:
    """Analyse the given deals that belong to closed rounds; returns how many were done."""
    done = 0
    deals = Deal.objects.filter(pk__in=deal_ids, round__status=Round.Status.CLOSED)
    for deal in deals.select_related("championship").order_by("number"):
        analysis = analyse_deal(deal, force=force)
        done += analysis.status == DealAnalysis.Status.DONE
    return done


def _run_here(deal_ids: list[int], force: bool) -> None:
    try:
        analyse_deals(deal_ids, force=force)
    except Exception:  # a background thread has nobody to report to but the log
        logger.exception("Deal analysis failed")
    finally:
        connections.close_all()  # this thread's connections only


def _run_task_eagerly(deal_ids: list[int], force: bool) -> None:
    from tournaments.tasks import analyse_deals_task

    try:
        analyse_deals_task.apply(args=(deal_ids,), kwargs={"force": force})
    except Exception:
        logger.exception("Deal analysis failed")
    finally:
        connections.close_all()


def _publish(deal_ids: list[int], force: bool) -> None:
    from tournaments.tasks import analyse_deals_task

    try:
        analyse_deals_task.apply_async(args=(deal_ids,), kwargs={"force": force}, retry=False)
    except Exception as exc:
        logger.warning("Celery broker unreachable (%s); analysing deals in-process", exc)
        _run_here(deal_ids, force)


def _start(deal_ids: list[int], force: bool = False) -> None:
    mode = getattr(settings, "DEAL_ANALYSIS", "background")
    if mode == "off" or not deal_ids:
        return
    if mode == "inline":
        analyse_deals(deal_ids, force=force)
        return
    if settings.CELERY_BROKER_URL and not settings.CELERY_TASK_ALWAYS_EAGER:
        target = _publish
    else:
        target = _run_task_eagerly
    threading.Thread(target=target, args=(deal_ids, force), daemon=True).start()


def request_round_analysis(round_id: int) -> None:
    """Ask for the analysis of a closed round's deals (call it after the commit)."""
    _start(list(Deal.objects.filter(round_id=round_id).values_list("pk", flat=True)))


def on_round_closed(round_: Round) -> None:
    """Hook for ``close_round``: the analysis is asked for once the closing is committed."""
    round_id = round_.pk
    transaction.on_commit(lambda: request_round_analysis(round_id))


def recompute_analysis(championship: Championship) -> int:
    """The director's "recompute": analyse again every deal of the closed rounds.

    Returns how many deals were asked for. Their current analysis stays shown until the new
    one replaces it.
    """
    deal_ids = list(
        championship.deals.filter(round__status=Round.Status.CLOSED).values_list("pk", flat=True)
    )
    if not deal_ids:
        raise ServiceError(_("No round is closed yet: there is nothing to analyse."))
    DealAnalysis.objects.filter(deal_id__in=deal_ids).update(status=DealAnalysis.Status.PENDING)
    transaction.on_commit(lambda: _start(deal_ids, force=True))
    return len(deal_ids)
