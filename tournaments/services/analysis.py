"""Double-dummy analysis of the deals (rules.md 8.1): computing it, storing it, asking for it.

When a round closes, :func:`request_round_analysis` is called after the commit: it asks for
the analysis of the round's deals in the background, so closing a round never waits for it.

- With a Celery broker, a task (``tournaments.analyse_deals``) on a worker does it; it is sent
  from a background thread, and if the broker cannot be reached the work runs in this process.
- Without one (the embedded default), the same task runs eagerly in a background thread.
- ``settings.DEAL_ANALYSIS`` = ``"inline"`` runs it at once in the caller (tests), ``"off"``
  not at all.

A management command ends as soon as its work is done, and a thread of it with it. Commands
that close rounds or import championships (``demo``, ``import_championship``) run inside
:func:`outliving_the_command`: what is asked for meanwhile is handed, when the block ends, to
something that outlives the command (the Celery broker, else a separate ``manage.py
analyse_deals`` process), and the command returns at once.

After a championship is imported, :func:`on_championship_imported` asks for the analysis of
its closed rounds' deals as closing them did: a full backup does not carry the analysis
(``docs/archive.md``).

:func:`analyse_deal` is idempotent: it solves the five contracts and writes one row. A deal
already analysed under the championship's variant is skipped unless ``force`` is given, as
the director's "recompute" does (:func:`recompute_analysis`).
"""

from __future__ import annotations

import logging
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.db import connections, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from engine.hand_records import hand_records
from tournaments.models import Championship, Deal, DealAnalysis, Round
from tournaments.services.common import ServiceError

logger = logging.getLogger(__name__)


def _fields(record) -> dict:
    return {
        "table": {contract.value: points for contract, points in record.table.items()},
        "par_contract": record.par.contract.value,
        "par_score": record.par.score,
        "line": " ".join(str(card) for card in record.line),
    }


def _store(deal: Deal, variant: str, seconds: float, record=None, error=None) -> DealAnalysis:
    fields: dict = {"variant": variant, "computed_at": timezone.now(), "seconds": seconds}
    if error is None:
        fields.update(_fields(record), status=DealAnalysis.Status.DONE, error="")
    else:  # stored so that the director sees it; the deal is untouched
        logger.error("Analysis of deal %s failed", deal.pk, exc_info=error)
        fields.update(status=DealAnalysis.Status.FAILED, error=str(error)[:2000], table={},
                      par_contract="", par_score=None, line="")
    analysis, _created = DealAnalysis.objects.update_or_create(deal=deal, defaults=fields)
    return analysis


def _analyse(deals: list[Deal], force: bool) -> list[DealAnalysis]:
    """Analyse ``deals`` (their championships loaded), those already done skipped unless
    ``force``; each is stored as soon as it is done, so progress shows while the rest go on.

    The deals of one variant are solved side by side (``engine.hand_records.hand_records``),
    which keeps both cores busy while one of them is on a hard contract.
    """
    done = {
        analysis.deal_id: analysis
        for analysis in DealAnalysis.objects.filter(deal__in=deals, status=DealAnalysis.Status.DONE)
    }
    out: dict[int, DealAnalysis] = {}
    by_variant: dict[str, list] = {}
    for deal in deals:
        variant = deal.championship.variant
        existing = done.get(deal.pk)
        if existing is not None and not force and existing.variant == variant:
            out[deal.pk] = existing
            continue
        started = time.perf_counter()
        try:
            cards = (engine.parse_deal(deal.cards), engine.Seat(deal.dealer))
        except Exception as error:
            out[deal.pk] = _store(deal, variant, time.perf_counter() - started, error=error)
            continue
        by_variant.setdefault(variant, []).append((deal, cards))
    for variant, work in by_variant.items():
        for result in hand_records([cards for _deal, cards in work], engine.Variant(variant)):
            deal = work[result.index][0]
            out[deal.pk] = _store(deal, variant, result.seconds, result.record, result.error)
    return [out[deal.pk] for deal in deals]


def analyse_deal(deal: Deal, *, force: bool = False) -> DealAnalysis:
    """Compute and store the analysis of ``deal`` (table, par and the par contract's line)."""
    return _analyse([deal], force)[0]


def analyse_deals(deal_ids: list[int], *, force: bool = False) -> int:
    """Analyse the given deals that belong to closed rounds; returns how many were done."""
    deals = Deal.objects.filter(pk__in=deal_ids, round__status=Round.Status.CLOSED)
    analyses = _analyse(list(deals.select_related("championship").order_by("number")), force)
    return sum(analysis.status == DealAnalysis.Status.DONE for analysis in analyses)


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


def _start(deal_ids: list[int], force: bool = False) -> int:
    """Ask for the analysis of ``deal_ids`` as the settings say; returns how many deals were
    asked for (none when the analysis is off)."""
    mode = getattr(settings, "DEAL_ANALYSIS", "background")
    if mode == "off" or not deal_ids:
        return 0
    if mode == "inline":
        analyse_deals(deal_ids, force=force)
        return len(deal_ids)
    handed_over = getattr(_command, "requests", None)
    if handed_over is not None:  # inside outliving_the_command: handed on when it ends
        handed_over.append((list(deal_ids), force))
        return len(deal_ids)
    if _broker():
        target = _publish
    else:
        target = _run_task_eagerly
    threading.Thread(target=target, args=(deal_ids, force), daemon=True).start()
    return len(deal_ids)


def _broker() -> bool:
    return bool(settings.CELERY_BROKER_URL) and not settings.CELERY_TASK_ALWAYS_EAGER


# --- Commands: a process that ends at once -------------------------------------------------

_command = threading.local()


@contextmanager
def outliving_the_command():
    """For management commands: the analysis asked for inside the block (closing a round,
    an import) is not started in a thread, which would die with the command, but handed on
    when the block ends: sent to the Celery broker if there is one, else to a separate
    ``manage.py analyse_deals`` process that carries on after the command has returned."""
    if getattr(_command, "requests", None) is not None:  # already inside one
        yield
        return
    _command.requests = requests = []
    try:
        yield
    finally:
        _command.requests = None
        # Asked for after a commit only: even if the command then failed, it stands.
        if requests:
            _hand_on(sorted({pk for ids, _force in requests for pk in ids}),
                     any(force for _ids, force in requests))


def _hand_on(deal_ids: list[int], force: bool) -> None:
    if _broker():
        from tournaments.tasks import analyse_deals_task

        try:
            analyse_deals_task.apply_async(args=(deal_ids,), kwargs={"force": force},
                                           retry=False)
            return
        except Exception as exc:
            logger.warning("Celery broker unreachable (%s); analysing in a separate process",
                           exc)
    championships = sorted(set(
        Deal.objects.filter(pk__in=deal_ids).values_list("championship_id", flat=True)
    ))
    command = [sys.executable, str(Path(settings.BASE_DIR) / "manage.py"), "analyse_deals",
               *map(str, championships), "--verbosity", "0"]
    if force:
        command.append("--force")
    # Its own session, and no terminal or pipe of the command's: it carries on when the
    # command ends, and whoever reads the command's output is not kept waiting for it.
    subprocess.Popen(command, cwd=settings.BASE_DIR, stdin=subprocess.DEVNULL,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     start_new_session=True)


def missing_analysis(championship_id: int) -> list[int]:
    """Ids of the deals of the championship's closed rounds whose analysis is not done."""
    return list(
        Deal.objects.filter(championship_id=championship_id, round__status=Round.Status.CLOSED)
        .exclude(analysis__status=DealAnalysis.Status.DONE)
        .order_by("number").values_list("pk", flat=True)
    )


def request_missing_analysis(championship_id: int) -> int:
    """Ask for the analysis of the closed rounds' deals that have none done (call it after
    the commit): after an import, or to carry on with one that was cut short. Returns how
    many deals were asked for."""
    return _start(missing_analysis(championship_id))


def on_championship_imported(championship: Championship) -> None:
    """Hook for the archive's import: once it is committed, the closed rounds' deals are
    analysed in the background, as when their rounds closed."""
    championship_id = championship.pk
    transaction.on_commit(lambda: request_missing_analysis(championship_id))


# --- When a round closes, and the director's recompute --------------------------------------


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
