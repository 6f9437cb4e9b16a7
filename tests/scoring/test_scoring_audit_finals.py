"""Audit of the whole Django scoring path against rules.md 6 (and the dealer rotation of 7):
the finals, which entry counts and rescoring.

Every stored score is checked against the pure engine, or against numbers worked out by
hand from the rules, after going through the services that teams and directors use.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.core.management import call_command
from scoring_audit_helpers import director_of, enter, finals, snapshot
from scoring_factories import result, scores_of

import engine
from formats.duplicate_pairs import services as pairs_services
from scoring import selectors, services
from scoring.models import DealScore, ResultEntry

# --- Finals: breach, both breach, all equal, adjusted sides --------------------------------


def test_breach_scores_zero_and_opponents_get_the_average_of_the_others(six):
    championship, t, round_, tables, deals = six
    deal = deals[0]  # dealt by N: NS trumps
    enter(t[0], tables[0], deal, points_ns=40)   # +4 / -4
    enter(t[2], tables[1], deal, points_ns=30)   # -6 / +6
    # Table 3 NS broke the rules; its points (72-0, an extreme) must not move min/max.
    enter(t[4], tables[2], deal, points_ns=72, breach="NS")
    got = finals(deal)
    assert got[1][:2] == (2, 1)
    assert got[2][:2] == (1, 2)
    # Breaching NS: 0; its EW opponents: the average of the other EW finals (1 and 2).
    assert got[3][:2] == (0, Fraction(3, 2))
    # Both sides broke the rules: both 0; the others are unchanged.
    pairs_services.director_enter_result(table=tables[2], deal=deal, user=director_of(championship),
                                   note="both", data=result(points_ns=10, breach="both"))
    got = finals(deal)
    assert got[3][:2] == (0, 0)
    assert got[1][:2] == (2, 1) and got[2][:2] == (1, 2)


def test_breach_with_no_one_to_compare_scores_average(six):
    championship, t, round_, tables, deals = six
    deal = deals[1]
    enter(t[0], tables[0], deal, points_ns=40, breach="EW")
    assert finals(deal)[1][:2] == (Fraction(3, 2), 0)


def test_all_equal_and_single_table_score_one_and_a_half(six):
    championship, t, round_, tables, deals = six
    enter(t[0], tables[0], deals[0], points_ns=40)
    assert finals(deals[0])[1][:2] == (Fraction(3, 2), Fraction(3, 2))
    enter(t[2], tables[1], deals[0], points_ns=40)
    assert {v[:2] for v in finals(deals[0]).values()} == {(Fraction(3, 2), Fraction(3, 2))}


def test_adjusted_side_is_left_out_of_min_and_max_in_its_direction_only(six):
    championship, t, round_, tables, deals = six
    director = director_of(championship)
    deal = deals[0]
    enter(t[0], tables[0], deal, points_ns=40)   # +4 / -4
    enter(t[2], tables[1], deal, points_ns=30)   # -6 / +6
    enter(t[4], tables[2], deal, points_ns=50)   # +14 / -14
    pairs_services.set_adjustment(table=tables[2], deal=deal, side="NS", kind="average_plus",
                            reason="slow play", user=director)
    got = finals(deal)
    # NS pool is tables 1 and 2 only; the EW pool keeps table 3.
    assert (got[1][0], got[2][0], got[3][0]) == (2, 1, Fraction(8, 5))
    assert (got[1][1], got[2][1], got[3][1]) == (1 + Fraction(10, 20), 2, 1)
    expected = engine.score_deal(
        [engine.TableResult(tables[i].pk, p, engine.Side.NS, False, False)
         for i, p in enumerate((40, 30, 50))],
        {tables[2].pk: {engine.Side.NS: engine.AVERAGE_PLUS}},
    )
    for table in tables:
        score = scores_of(deal)[table.pk]
        assert (score.ns_final, score.ew_final) == (
            expected[table.pk].ns_final, expected[table.pk].ew_final)


# --- Which entry counts; rescoring updates every table -------------------------------------


def test_later_pending_or_disputed_entries_do_not_change_any_score(six):
    championship, t, round_, tables, deals = six
    deal = deals[0]
    enter(t[0], tables[0], deal, points_ns=40)
    enter(t[2], tables[1], deal, points_ns=30)
    before = snapshot(championship)
    standings_before = [(r.team.pk, r.total) for r in selectors.standings(championship, live=True)]
    # Teams can no longer enter a confirmed deal (the Bridgemate rule, rules.md 6.1): the
    # later entry is stored directly, as one made before that rule would have been.
    with pytest.raises(services.ScoringError, match="only the director"):
        pairs_services.submit_result(team=t[1], table=tables[0], deal=deal,
                               data=result(points_ns=20), idempotency_key=None)
    pending = ResultEntry.objects.create(table=tables[0], deal=deal, by_team=t[1],
                                         **result(points_ns=20).entry_fields())
    assert snapshot(championship) == before
    pairs_services.dispute_entry(entry_id=pending.pk, team=t[0], comment="Not what we played")
    assert snapshot(championship) == before
    assert selectors.result_state(tables[0], deal).counted.points_ns == 40
    assert [(r.team.pk, r.total) for r in selectors.standings(championship, live=True)] == (
        standings_before
    )
    # Traveller and scorecard still show the counted (confirmed) entry.
    line = selectors.traveller(deal)[0]
    assert line.points == "40-32"
    lines, _total = selectors.scorecard(t[0], live=True)
    assert [ln.points for ln in lines if ln.deal == deal] == ["40-32"]
    # Once the director confirms the disputed entry, it counts and every table is rescored.
    pairs_services.director_confirm_entry(
        table=pending.table, deal=pending.deal, entry_id=pending.pk,
        user=director_of(championship))
    got = finals(deal)
    assert got[1][:2] == (1, 2) and got[2][:2] == (2, 1)


def test_override_adjust_and_clear_rescore_every_table_in_both_directions(six):
    championship, t, round_, tables, deals = six
    director = director_of(championship)
    deal = deals[1]  # dealt by W: EW trumps
    enter(t[0], tables[0], deal, points_ns=40)
    enter(t[2], tables[1], deal, points_ns=30)
    enter(t[4], tables[2], deal, points_ns=36)

    def check(results, adjustments=None):
        expected = engine.score_deal(results, adjustments or {})
        stored = scores_of(deal)
        assert set(stored) == set(expected)
        for key, score in expected.items():
            row = stored[key]
            assert (row.ns_final, row.ew_final, row.ns_deal_score, row.ew_deal_score) == (
                score.ns_final, score.ew_final, score.ns_deal_score, score.ew_deal_score)

    def tr(i, points, **kw):
        return engine.TableResult(tables[i].pk, points, engine.Side.EW,
                                  kw.get("botifarra", False), kw.get("contro", False),
                                  engine.Breach(kw.get("breach", "none")))

    check([tr(0, 40), tr(1, 30), tr(2, 36)])
    before = finals(deal)
    pairs_services.director_enter_result(table=tables[2], deal=deal, user=director, note="slip",
                                   data=result(points_ns=60, contract="BOT"))
    check([tr(0, 40), tr(1, 30), tr(2, 60, botifarra=True)])
    after = finals(deal)
    # Table 1, which the override does not touch, changed in both directions.
    assert after[1][0] != before[1][0] and after[1][1] != before[1][1]
    pairs_services.set_adjustment(table=tables[2], deal=deal, side="EW", kind="average_minus",
                            reason="x", user=director)
    adjustments = {tables[2].pk: {engine.Side.EW: engine.AVERAGE_MINUS}}
    check([tr(0, 40), tr(1, 30), tr(2, 60, botifarra=True)], adjustments)
    pairs_services.clear_adjustment(table=tables[2], deal=deal, side="EW", reason="y", user=director)
    check([tr(0, 40), tr(1, 30), tr(2, 60, botifarra=True)])


def test_recompute_championship_equals_incremental(six):
    championship, t, round_, tables, deals = six
    director = director_of(championship)
    for i, deal in enumerate(deals):
        enter(t[0], tables[0], deal, points_ns=30 + 3 * i, contract="BOT" if i % 2 else "O")
        enter(t[3], tables[1], deal, points_ns=44 - i, contro=i == 2,
              breach="EW" if i == 3 else "none")
        if i != 2:
            enter(t[4], tables[2], deal, points_ns=36 + i)
    pairs_services.set_adjustment(table=tables[2], deal=deals[2], side="NS", kind="average",
                            reason="not played", user=director)
    pairs_services.director_enter_result(table=tables[0], deal=deals[0], user=director, note="fix",
                                   data=result(points_ns=50))
    # Read while every deal is still waiting for its rebuild (scored from the results) ...
    standings = [(r.team.pk, r.total, r.deal_score_sum, r.tops, r.deals)
                 for r in selectors.standings(championship, live=True)]
    # ... and then from the stored rows: the same.
    incremental = snapshot(championship)
    assert [(r.team.pk, r.total, r.deal_score_sum, r.tops, r.deals)
            for r in selectors.standings(championship, live=True)] == standings
    DealScore.objects.all().delete()
    assert services.recompute_championship(championship) == 4
    assert snapshot(championship) == incremental
    assert [(r.team.pk, r.total, r.deal_score_sum, r.tops, r.deals)
            for r in selectors.standings(championship, live=True)] == standings
    DealScore.objects.all().delete()
    call_command("recompute_scores", championship.pk, verbosity=0)
    assert snapshot(championship) == incremental
