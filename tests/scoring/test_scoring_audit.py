"""Audit of the whole Django scoring path against rules.md 6 (and the dealer rotation of 7).

Every stored score is checked against the pure engine, or against numbers worked out by
hand from the rules, after going through the services that teams and directors use.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from scoring_factories import close, make_championship, make_round, result, scores_of, teams_of

import engine
from scoring import selectors, services
from scoring.models import DealScore, ResultEntry
from tournaments import services as tournament_services

ROOT = Path(__file__).resolve().parents[2]


def enter(team, table, deal, **values):
    """A team enters a result and the other team confirms it."""
    entry, _created = services.submit_result(
        team=team, table=table, deal=deal, data=result(**values), idempotency_key=None
    )
    other = table.ew_team if team.pk == table.ns_team_id else table.ns_team
    services.confirm_entry(entry_id=entry.pk, team=other)
    return entry


def finals(deal):
    """table number -> (NS final, EW final, NS deal score, EW deal score)."""
    numbers = dict(deal.round.tables.values_list("id", "number"))
    return {
        numbers[table_id]: (s.ns_final, s.ew_final, s.ns_deal_score, s.ew_deal_score)
        for table_id, s in scores_of(deal).items()
    }


def snapshot(championship):
    """The stored scores, once the background rebuild has caught up."""
    services.rebuild_stale_deals()
    return sorted(
        DealScore.objects.filter(deal__championship=championship).values_list(
            "table_id", "deal_id", "entry_id", "ns_deal_score", "ew_deal_score",
            "ns_final_num", "ns_final_den", "ew_final_num", "ew_final_den",
            "ns_adjusted", "ew_adjusted",
        )
    )


@pytest.fixture
def six(db, director):
    """Six teams, three tables, one released round of 4 deals."""
    championship = make_championship(teams=6, director=director)
    t = teams_of(championship)
    round_ = make_round(championship, 1, [(t[0], t[1]), (t[2], t[3]), (t[4], t[5])])
    tables = list(round_.tables.order_by("number"))
    deals = list(round_.deals.order_by("number"))
    return championship, t, round_, tables, deals


# --- Trump side: the dealer's side on every deal --------------------------------------------


def test_generated_deals_rotate_the_dealer_and_the_trump_side(db, director):
    """Deals created by the tournaments services: N, W, S, E, N, W within each round."""
    championship = make_championship(teams=4, deals_per_match=6, director=director,
                                     status="draft")
    rounds = tournament_services.generate_schedule(championship)
    for round_ in rounds:
        dealers = list(round_.deals.order_by("number").values_list("dealer", flat=True))
        assert dealers == ["N", "W", "S", "E", "N", "W"]
    round1 = tournament_services.release_round(rounds[0])
    tables = list(round1.tables.order_by("number"))
    for deal in round1.deals.order_by("number"):
        # A Botifarra made at 40 points by the trump side, contro by no one.
        ns_trumps = deal.dealer in ("N", "S")
        for table in tables:
            enter(table.ns_team, table, deal, contract="BOT",
                  points_ns=40 if ns_trumps else 32)
        score = next(iter(scores_of(deal).values()))
        if ns_trumps:
            assert (score.ns_deal_score, score.ew_deal_score) == (8, -4), deal.number
        else:
            assert (score.ns_deal_score, score.ew_deal_score) == (-4, 8), deal.number
        assert selectors.deal_trump_side(deal) == ("NS" if ns_trumps else "EW")


@pytest.mark.parametrize(
    ("dealer", "contract", "contro", "points_ns", "expected"),
    [
        ("N", "BOT", False, 40, (8, -4)),     # NS Botifarra: NS doubled only
        ("W", "BOT", False, 40, (4, -8)),     # EW Botifarra: EW doubled only
        ("N", "O", True, 30, (-6, 12)),       # NS trumps, contro by EW: EW doubled
        ("E", "C", True, 30, (-12, 6)),       # EW trumps, contro by NS: NS doubled
        ("S", "BOT", True, 28, (-16, 16)),    # doubled Botifarra: x2 both, never x4
        ("E", "BOT", True, 44, (16, -16)),
    ],
)
def test_deal_scores_through_the_services(db, director, dealer, contract, contro, points_ns,
                                          expected):
    championship = make_championship(teams=2, deals_per_match=1, director=director)
    t1, t2 = teams_of(championship)
    round_ = make_round(championship, 1, [(t1, t2)], dealers=[dealer])
    table, deal = round_.tables.get(), round_.deals.get()
    enter(t1, table, deal, contract=contract, contro=contro, recontro=contro,
          points_ns=points_ns)
    (score,) = scores_of(deal).values()
    assert (score.ns_deal_score, score.ew_deal_score) == expected
    # Recontro is information only: the same scores without it.
    services.director_enter_result(
        table=table, deal=deal, user=director, note="again without recontro",
        data=result(contract=contract, contro=contro, points_ns=points_ns),
    )
    (score,) = scores_of(deal).values()
    assert (score.ns_deal_score, score.ew_deal_score) == expected


def test_sant_vicenc_is_refused_by_the_api(six):
    championship, t, round_, tables, deals = six
    response = Client().post(
        reverse("api-captain-results", args=[t[0].pk, t[0].link_secret]),
        {"deal": 1, "contract": "O", "points_ns": 40, "contro": True, "recontro": True,
         "sant_vicenc": True},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "sant_vicenc" in response.json()
    assert not ResultEntry.objects.exists()


# --- Finals: breach, both breach, all equal, adjusted sides ---------------------------------


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
    services.director_enter_result(table=tables[2], deal=deal, user=director_of(championship),
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
    services.set_adjustment(table=tables[2], deal=deal, side="NS", kind="average_plus",
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


def director_of(championship):
    return championship.directors.first()


# --- Which entry counts; rescoring updates every table ---------------------------------------


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
        services.submit_result(team=t[1], table=tables[0], deal=deal,
                               data=result(points_ns=20), idempotency_key=None)
    pending = ResultEntry.objects.create(table=tables[0], deal=deal, by_team=t[1],
                                         **result(points_ns=20).entry_fields())
    assert snapshot(championship) == before
    services.dispute_entry(entry_id=pending.pk, team=t[0], comment="Not what we played")
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
    services.director_confirm_entry(entry_id=pending.pk, user=director_of(championship))
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
    services.director_enter_result(table=tables[2], deal=deal, user=director, note="slip",
                                   data=result(points_ns=60, contract="BOT"))
    check([tr(0, 40), tr(1, 30), tr(2, 60, botifarra=True)])
    after = finals(deal)
    # Table 1, which the override does not touch, changed in both directions.
    assert after[1][0] != before[1][0] and after[1][1] != before[1][1]
    services.set_adjustment(table=tables[2], deal=deal, side="EW", kind="average_minus",
                            reason="x", user=director)
    adjustments = {tables[2].pk: {engine.Side.EW: engine.AVERAGE_MINUS}}
    check([tr(0, 40), tr(1, 30), tr(2, 60, botifarra=True)], adjustments)
    services.clear_adjustment(table=tables[2], deal=deal, side="EW", reason="y", user=director)
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
    services.set_adjustment(table=tables[2], deal=deals[2], side="NS", kind="average",
                            reason="not played", user=director)
    services.director_enter_result(table=tables[0], deal=deals[0], user=director, note="fix",
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


# --- Standings ----------------------------------------------------------------------------


def test_standings_total_is_the_exact_sum_rounded_once(six):
    championship, t, round_, tables, deals = six
    # Three tables with deal scores giving thirds: finals 1, 4/3 and 2 ... summed exactly.
    for deal in deals[:3]:
        enter(t[0], tables[0], deal, points_ns=36)
        enter(t[2], tables[1], deal, points_ns=38)
        enter(t[4], tables[2], deal, points_ns=42)
    by_team = {r.team: r for r in selectors.standings(championship, live=True)}
    # NS deal scores 0, 2, 6 on deals 1 and 3 (NS trumps) -> table 2 NS: 1 + 2/6 = 4/3.
    team3 = by_team[t[2]]
    exact = sum(
        (scores_of(deal)[tables[1].pk].ns_final for deal in deals[:3]), Fraction(0)
    )
    assert team3.total == exact
    assert team3.total_shown == engine.show_score(exact)
    assert team3.deals == 3
    lines, total = selectors.scorecard(t[2], live=True)
    assert total == exact


def test_unplayed_deal_does_not_score_or_count(six):
    championship, t, round_, tables, deals = six
    for deal in deals[:3]:
        for i, table in enumerate(tables):
            enter(table.ns_team, table, deal, points_ns=30 + 5 * i)
    # Deal 4 is not played at table 1 (played elsewhere).
    enter(t[2], tables[1], deals[3], points_ns=40)
    enter(t[4], tables[2], deals[3], points_ns=30)
    by_team = {r.team: r for r in selectors.standings(championship, live=True)}
    assert by_team[t[0]].deals == 3 and by_team[t[1]].deals == 3
    assert by_team[t[2]].deals == 4
    lines, _total = selectors.scorecard(t[0], live=True)
    unplayed = [ln for ln in lines if ln.deal == deals[3]][0]
    assert unplayed.final is None and unplayed.final_shown == "–"
    traveller = {ln.table.number: ln for ln in selectors.traveller(deals[3])}
    assert traveller[1].score is None and traveller[1].entry is None


def test_tie_breaks_total_then_deal_scores_then_tops_then_shared(db, director):
    """Two teams on the same total: the sum of deal scores decides; then the tops."""
    championship = make_championship(teams=4, deals_per_match=1, director=director)
    t1, t2, t3, t4 = teams_of(championship)
    round_ = make_round(championship, 1, [(t1, t2), (t3, t4)], dealers=["N"])
    table1, table2 = round_.tables.order_by("number")
    deal = round_.deals.get()
    enter(t1, table1, deal, points_ns=36)
    enter(t3, table2, deal, points_ns=36)
    rows = selectors.standings(championship, live=True)
    assert [r.label for r in rows] == ["1=", "1=", "1=", "1="]
    # The director gives NS at table 1 a custom 1.5 and the rest stay all equal at 1.5,
    # but the deal scores still differ once the results differ.
    services.director_enter_result(table=table2, deal=deal, user=director, note="fix",
                                   data=result(points_ns=36, contract="BOT", contro=True))
    rows = selectors.standings(championship, live=True)
    assert {r.total for r in rows} == {Fraction(3, 2)}
    assert [r.label for r in rows] == ["1=", "1=", "1=", "1="]  # deal scores 0 everywhere


def test_shared_place_label_in_the_page_and_the_api(db, director):
    championship = make_championship(teams=3, deals_per_match=2, director=director,
                                     results_public=True)
    t1, t2, t3 = teams_of(championship)
    round_ = make_round(championship, 1, [(t1, t2)], bye=t3)
    close(round_)
    page = Client().get(reverse("scoring:standings", args=[championship.pk])).content.decode()
    assert "2=" in page and "3.00" in page


# --- Displays: exact values, rounded once, never through floats ---------------------------


def test_no_float_formatting_in_the_scoring_code_or_templates():
    pattern = re.compile(r"floatformat|\bfloat\(|(?<![\w.])round\(|:\.\d+f|%\.\d+f")
    offenders = []
    paths = list((ROOT / "scoring").glob("**/*.py")) + list(
        (ROOT / "templates" / "scoring").glob("*.html")
    )
    for path in paths:
        if path.name == "demo.py" or "migrations" in path.parts:
            continue  # the demo draws random points; migrations are generated
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


def test_scorecard_lists_every_deal_with_opponent_direction_contract_points_scores(six):
    championship, t, round_, tables, deals = six
    for deal in deals:
        enter(t[0], tables[0], deal, points_ns=40, contract="BOT" if deal.number == 2 else "E",
              contro=deal.number == 3)
        enter(t[2], tables[1], deal, points_ns=30)
    close(round_)
    services.publish_results(championship)
    response = Client(HTTP_ACCEPT_LANGUAGE="en").get(
        reverse("scoring:scorecard", args=[championship.pk, t[1].number])
    )
    assert response.status_code == 200
    lines = response.context["lines"]
    assert [ln.deal.number for ln in lines] == [1, 2, 3, 4]
    assert {ln.direction for ln in lines} == {"EW"}
    assert {ln.opponent for ln in lines} == {t[0]}
    assert [ln.points for ln in lines] == ["32-40"] * 4
    # Deal 2 (EW trumps, Botifarra by EW): EW -4 doubled = -8.
    assert lines[1].deal_score == -8
    assert lines[2].deal_score == -8  # deal 3: NS trumps, contro by EW doubles EW's -4
    page = response.content.decode()
    assert "Botifarra" in page and "contro" in page
    _lines, total = selectors.scorecard(t[1], live=False)
    row = {r.team: r for r in selectors.standings(championship, live=False)}[t[1]]
    assert total == row.total
    assert response.context["total"] == row.total_shown


def test_a_bye_counts_its_rounds_deals_with_no_deal_score_and_no_top(db, director):
    championship = make_championship(teams=3, deals_per_match=4, director=director)
    t1, t2, t3 = teams_of(championship)
    round_ = make_round(championship, 1, [(t1, t2)], bye=t3)
    deal = round_.deals.order_by("number").first()
    enter(t1, round_.tables.get(), deal, points_ns=40)
    row = {r.team: r for r in selectors.standings(championship, live=True)}[t3]
    assert (row.total, row.deals, row.deal_score_sum, row.tops) == (6, 4, 0, 0)
    lines, total = selectors.scorecard(t3, live=True)
    assert [ln.direction for ln in lines] == ["bye"] and total == 6
