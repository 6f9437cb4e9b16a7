"""Scores derived from the stored results (rules.md 6.3 and 6.5)."""

from __future__ import annotations

from django.db import transaction

import engine
from scoring import selectors
from scoring.models import DealScore, ResultEntry
from scoring.services.checks import _lock_deal
from tournaments.models import Championship, Deal, Table


def _table_result(entry: ResultEntry, trump_side) -> engine.TableResult:
    return engine.TableResult(
        key=entry.table_id,
        points_ns=entry.points_ns,
        trump_side=trump_side,
        botifarra=entry.contract == ResultEntry.Contract.BOTIFARRA,
        contro=entry.contro,
        breach=engine.Breach(entry.breach),
    )


def rescore_deal(deal: Deal) -> dict:
    """Rebuild the ``DealScore`` rows of one deal at every table from the counted results
    and the adjustments in force (rules.md 6.3 and 6.5). Idempotent.

    Runs in the caller's transaction (or its own), holding a lock on the deal's row so
    that two rescorings of one deal never interleave.
    """
    with transaction.atomic():
        deal = _lock_deal(deal.pk)
        tables = list(Table.objects.filter(round_id=deal.round_id))
        states = selectors.result_states(tables, [deal])
        trump = engine.trump_side(engine.Seat(deal.dealer))
        results = []
        counted_by_table = {}
        adjustments = {}
        for table in tables:
            state = states[(table.pk, deal.pk)]
            counted = state.counted
            if counted is not None:
                counted_by_table[table.pk] = counted
                results.append(_table_result(counted, trump))
            in_force = state.adjustments
            if in_force:
                adjustments[table.pk] = {
                    engine.Side(side): adj.score for side, adj in in_force.items()
                }
        scores = engine.score_deal(results, adjustments)
        DealScore.objects.filter(deal=deal).delete()
        DealScore.objects.bulk_create(
            [
                DealScore(
                    table_id=table_id,
                    deal=deal,
                    entry=counted_by_table.get(table_id),
                    ns_deal_score=score.ns_deal_score,
                    ew_deal_score=score.ew_deal_score,
                    ns_final_num=None if score.ns_final is None else score.ns_final.numerator,
                    ns_final_den=1 if score.ns_final is None else score.ns_final.denominator,
                    ew_final_num=None if score.ew_final is None else score.ew_final.numerator,
                    ew_final_den=1 if score.ew_final is None else score.ew_final.denominator,
                    ns_adjusted=score.ns_adjusted,
                    ew_adjusted=score.ew_adjusted,
                )
                for table_id, score in scores.items()
            ]
        )
    return scores


def recompute_championship(championship: Championship) -> int:
    """Rebuild every score of a championship from the stored results. Returns the deals."""
    count = 0
    with transaction.atomic():
        for deal in Deal.objects.filter(championship=championship).order_by("number"):
            rescore_deal(deal)
            count += 1
    return count

