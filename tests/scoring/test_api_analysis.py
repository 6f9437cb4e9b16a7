"""The deals' double-dummy analysis (rules.md 8.1) in the API: the traveller and a round's
deals carry it once the round is closed and the analysis is done, the same for everyone who
may read them, and never before: not for the public, nor for the championship's directors,
even when a round was reopened after its analysis was made."""

from __future__ import annotations

import pytest
from analysed_deals import analyse, give_quick_deals, par_points
from django.db import connection
from django.test.utils import CaptureQueriesContext
from exports_event import make_event, publish
from rest_framework.test import APIClient

import engine
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director):
    """Rounds 1 and 2 closed (deals 1 to 4), round 3 in play (deals 5 and 6); every closed
    deal analysed but deal 4, and deal 5 analysed early."""
    event = make_event(director)
    give_quick_deals(event)
    event.analysed = analyse(event.deals.filter(number__in=[1, 2, 3]))
    event.analysed_early = analyse(event.deals.filter(number=5))
    return publish(event)


@pytest.fixture
def director_api(director):
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(director)
    return api


def expected(stored) -> dict:
    side = engine.trump_side(engine.Seat(stored.deal.dealer)).value
    return {
        "variant": stored.variant,
        "table": stored.table,
        "par": {
            "contract": stored.par_contract,
            "side": side,
            "points": par_points(stored, side),
            "deal_score": stored.par_score,
        },
        "line": stored.line,
    }


def get(api, event, path) -> tuple[int, dict]:
    response = api.get(f"/api/v1/championships/{event.pk}/{path}")
    return response.status_code, response.json()


def test_the_traveller_has_the_analysis_once_the_round_is_closed(event, director_api):
    public = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    for number, stored in event.analysed.items():
        for api in (public, director_api):
            status, traveller = get(api, event, f"travellers/{number}/")
            assert status == 200 and traveller["analysis"] == expected(stored)
    assert get(public, event, "travellers/4/")[1]["analysis"] is None  # not analysed yet
    # Deal 5 is being played: the public does not get it, its director gets no analysis.
    assert get(public, event, "travellers/5/")[0] == 404
    status, traveller = get(director_api, event, "travellers/5/")
    assert status == 200 and traveller["analysis"] is None and traveller["cards"] is None


def test_a_rounds_deals_have_their_analysis_once_it_is_closed(event, director_api):
    public = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    for api in (public, director_api):
        status, page = get(api, event, "rounds/2/deals/")
        assert status == 200
        assert {d["number"]: d["analysis"] for d in page["results"]} == {
            3: expected(event.analysed[3]),
            4: None,
        }
    assert get(public, event, "rounds/3/deals/")[0] == 404
    status, page = get(director_api, event, "rounds/3/deals/")
    assert status == 200 and [d["analysis"] for d in page["results"]] == [None, None]
    assert page["results"][0]["cards"]  # its director sees the cards, not the analysis


def test_a_reopened_round_hides_its_analysis_again(event, director_api):
    services.reopen_round(event.rounds.get(number=2))
    public = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    assert get(public, event, "travellers/3/")[0] == 404
    assert get(public, event, "rounds/2/deals/")[0] == 404
    assert get(director_api, event, "travellers/3/")[1]["analysis"] is None
    assert [d["analysis"] for d in get(director_api, event, "rounds/2/deals/")[1]["results"]] == [
        None,
        None,
    ]
    services.close_round(event.rounds.get(number=2))
    assert get(public, event, "travellers/3/")[1]["analysis"] == expected(event.analysed[3])


def test_a_rounds_deals_cost_the_same_queries_at_any_size(director):
    counts = []
    public = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    for deals in (2, 6):
        event = publish(
            make_event(
                director, teams=5, rounds=1, closed=1, deals_per_match=deals, name=f"Size {deals}"
            )
        )
        give_quick_deals(event)
        analyse(event.deals.all())
        with CaptureQueriesContext(connection) as context:
            status, page = get(public, event, "rounds/1/deals/")
        assert status == 200 and all(d["analysis"] for d in page["results"])
        assert len(page["results"]) == deals
        counts.append(len(context))
    assert counts[0] == counts[1], counts
