"""Audit of the whole Django scoring path against rules.md 6 (and the dealer rotation of 7):
the standings and how scores are shown.

Every stored score is checked against the pure engine, or against numbers worked out by
hand from the rules, after going through the services that teams and directors use.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from django.test import Client
from django.urls import reverse
from scoring_audit_helpers import enter
from scoring_factories import close, make_championship, make_round, result, scores_of, teams_of

import engine
from formats.duplicate_pairs import services as pairs_services
from scoring import selectors, services

ROOT = Path(__file__).resolve().parents[2]


# --- Standings -----------------------------------------------------------------------------


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
    pairs_services.director_enter_result(table=table2, deal=deal, user=director, note="fix",
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


# --- Displays: exact values, rounded once, never through floats ----------------------------


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
