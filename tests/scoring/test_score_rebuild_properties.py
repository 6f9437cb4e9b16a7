"""Property: whatever happens and whenever the background rebuild runs, every reader sees
the scores of the results that count, and the stored rows end up equal to a recompute.

rules.md 6.3 and 6.5: the finals of a deal depend on every table's counted result and on
the adjustments in force. Hypothesis draws sequences of confirmations, director's results,
adjusted scores and their withdrawal at three tables, with rebuilds at random moments.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scoring_factories import make_championship, make_round, result, teams_of

import engine
from formats.duplicate_pairs import services as pairs_services
from scoring import selectors, services
from scoring.models import DealScore, ScoreRefresh

TABLES = 3

operation = st.one_of(
    st.tuples(st.just("confirm"), st.integers(0, TABLES - 1), st.integers(0, 1),
              st.integers(0, 72), st.booleans(), st.sampled_from(["none", "none", "NS", "EW"])),
    st.tuples(st.just("director"), st.integers(0, TABLES - 1), st.integers(0, 1),
              st.integers(0, 72), st.booleans(), st.just("none")),
    st.tuples(st.just("adjust"), st.integers(0, TABLES - 1), st.integers(0, 1),
              st.sampled_from(["NS", "EW"]), st.sampled_from(["average", "average_plus"])),
    st.tuples(st.just("clear"), st.integers(0, TABLES - 1), st.integers(0, 1),
              st.sampled_from(["NS", "EW"])),
    st.tuples(st.just("rebuild")),
)


class Rollback(Exception):
    pass


def expected_scores(deal, model_results, model_adjustments):
    """Score the deal straight from what the test itself knows counts."""
    trump = engine.trump_side(engine.Seat(deal.dealer))
    results = [
        engine.TableResult(table_id, points, trump, botifarra, False, engine.Breach(breach))
        for table_id, (points, botifarra, breach) in model_results.items()
    ]
    adjustments = {
        table_id: {engine.Side(side): value for side, value in sides.items()}
        for table_id, sides in model_adjustments.items() if sides
    }
    return {
        table_id: (score.ns_final, score.ew_final)
        for table_id, score in engine.score_deal(results, adjustments).items()
    }


@pytest.mark.django_db
@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(operation, min_size=1, max_size=12))
def test_readers_and_rebuilds_always_agree(director, operations):
    try:
        with transaction.atomic():
            run(director, operations)
            raise Rollback
    except Rollback:
        pass


def run(director, operations):
    championship = make_championship(teams=2 * TABLES, director=director)
    teams = teams_of(championship)
    round_ = make_round(championship, 1, [(teams[2 * i], teams[2 * i + 1]) for i in range(TABLES)])
    tables = list(round_.tables.select_related("ns_team", "ew_team").order_by("number"))
    deals = list(round_.deals.order_by("number"))[:2]
    counted = {deal.pk: {} for deal in deals}
    adjusted = {deal.pk: {} for deal in deals}
    for op in operations:
        kind = op[0]
        if kind == "rebuild":
            services.rebuild_stale_deals()
            continue
        table, deal = tables[op[1]], deals[op[2]]
        if kind == "confirm":
            points, botifarra, breach = op[3], op[4], op[5]
            data = result(points_ns=points, contract="BOT" if botifarra else "O", breach=breach)
            try:
                entry, _ = pairs_services.submit_result(team=table.ns_team, table=table, deal=deal,
                                                  data=data, idempotency_key=None)
                pairs_services.confirm_entry(entry_id=entry.pk, team=table.ew_team)
            except services.ScoringError:
                continue  # the director has set this result: the teams cannot replace it
            counted[deal.pk][table.pk] = (points, botifarra, breach)
        elif kind == "director":
            points, botifarra = op[3], op[4]
            pairs_services.director_enter_result(
                table=table, deal=deal, user=director, note="property",
                data=result(points_ns=points, contract="BOT" if botifarra else "O"))
            counted[deal.pk][table.pk] = (points, botifarra, "none")
        elif kind == "adjust":
            side, kind_name = op[3], op[4]
            pairs_services.set_adjustment(table=table, deal=deal, side=side, kind=kind_name,
                                    reason="property", user=director)
            adjusted[deal.pk].setdefault(table.pk, {})[side] = services.ADJUSTMENT_VALUES[
                kind_name]
        elif kind == "clear":
            side = op[3]
            if side not in adjusted[deal.pk].get(table.pk, {}):
                continue
            pairs_services.clear_adjustment(table=table, deal=deal, side=side, reason="property",
                                      user=director)
            del adjusted[deal.pk][table.pk][side]
        # Every reader, at every moment, sees the scores of what counts now.
        for each in deals:
            seen = {
                row.table_id: (row.ns_final, row.ew_final)
                for row in selectors.current_scores([each.pk])
            }
            assert seen == expected_scores(each, counted[each.pk], adjusted[each.pk])
            for final in (f for pair in seen.values() for f in pair if f is not None):
                assert Fraction(0) <= final <= Fraction(2)
    # Once rebuilt, the stored rows are what the readers saw, and a recompute keeps them.
    read = sorted(selectors.current_scores([d.pk for d in deals]))
    services.rebuild_stale_deals()
    assert not ScoreRefresh.objects.exists()
    stored = sorted(selectors.current_scores([d.pk for d in deals]))
    assert stored == read
    before = sorted(DealScore.objects.values_list("table_id", "deal_id", "ns_final_num",
                                                  "ns_final_den", "ew_final_num", "ew_final_den"))
    services.recompute_championship(championship)
    after = sorted(DealScore.objects.values_list("table_id", "deal_id", "ns_final_num",
                                                 "ns_final_den", "ew_final_num", "ew_final_den"))
    assert after == before
