"""Audit of the whole Django scoring path against rules.md 6 (and the dealer rotation of 7):
the trump side and the deal scores.

Every stored score is checked against the pure engine, or against numbers worked out by
hand from the rules, after going through the services that teams and directors use.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from scoring_audit_helpers import enter
from scoring_factories import make_championship, make_round, result, scores_of, teams_of

from formats.duplicate_pairs import services as pairs_services
from formats.duplicate_pairs.rounds import generate_schedule
from scoring import selectors
from scoring.models import ResultEntry
from tournaments import services as tournament_services

# --- Trump side: the dealer's side on every deal -------------------------------------------


def test_generated_deals_rotate_the_dealer_and_the_trump_side(db, director):
    """Deals created by the tournaments services: N, W, S, E, N, W within each round."""
    championship = make_championship(teams=4, deals_per_match=6, director=director,
                                     status="draft")
    rounds = generate_schedule(championship)
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
    pairs_services.director_enter_result(
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
