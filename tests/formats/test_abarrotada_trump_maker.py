"""Who makes trumps in an individual deal (rules.md 10.1): the dealer, or the player the
delegations reached, each passing the choice to the player on the left (N to E, E to S, S to
W, W to N). A report naming anyone else is refused, naming the trump maker's field, on the
player's page, by the services and on the director's page; nothing is written."""

from __future__ import annotations

import re

import pytest
from abarrotada_factories import make_individual, next_round, seated, values
from django.urls import reverse
from django.utils import translation

from formats.abarrotada import selectors
from formats.abarrotada import services as ab
from formats.abarrotada.models import DealReport, ReportReview
from formats.abarrotada.rules import ReportRefused
from tournaments import services

pytestmark = pytest.mark.django_db
EN = {"headers": {"accept-language": "en"}}


@pytest.fixture
def table(director):
    """Round 1 of a four-player event: deal 1 is N's, deal 2 is W's."""
    championship = make_individual(director, players=8, rounds=2, deals=2)
    return next_round(championship, director).player_tables.order_by("number").first()


def test_the_deals_dealers_are_north_then_west(table):
    assert dict(table.round.deals.values_list("number", "dealer")) == {1: "N", 2: "W"}


@pytest.mark.parametrize("deal,maker,delegations,reached", [
    (1, "W", 1, "E"),  # the report: one delegation from N is E's choice, not W's
    (1, "E", 3, "W"),
    (1, "S", 0, "N"),
    (2, "S", 1, "N"),
    (2, "N", 0, "W"),
])
def test_a_maker_the_delegations_did_not_reach_is_refused(table, deal, maker, delegations,
                                                         reached):
    report = values("30-14-20-8", maker=maker, delegations=delegations)
    with translation.override("en"), pytest.raises(ReportRefused) as refused:
        ab.submit_report(player=seated(table)["N"], table=table, deal_number=deal,
                         values=report, idempotency_key=None)
    assert refused.value.field == "maker"
    assert f"the choice falls to {reached}, not {maker}" in refused.value.message
    assert not DealReport.objects.exists()


@pytest.mark.parametrize("deal,maker,delegations", [
    (1, "N", 0), (1, "E", 1), (1, "S", 2), (1, "W", 3),
    (2, "W", 0), (2, "N", 1), (2, "E", 2), (2, "S", 3),
])
def test_the_maker_the_delegations_reached_is_accepted(table, deal, maker, delegations):
    report, created = ab.submit_report(
        player=seated(table)["N"], table=table, deal_number=deal, idempotency_key=None,
        values=values("30-14-20-8", maker=maker, delegations=delegations))
    assert created and (report.maker, report.delegations) == (maker, delegations)


def test_the_player_page_names_the_trump_maker(client, table):
    north = seated(table)["N"]
    page = reverse("scoring:captain", args=[north.pk, north.link_secret])
    text = client.get(page, **EN).content.decode()
    key = re.search(r'name="deal1-idempotency_key" value="([^"]+)"', text).group(1)
    answer = client.post(
        reverse("abarrotada:player_submit", args=[north.pk, north.link_secret, 1]),
        {"deal1-idempotency_key": key, "deal1-maker": "W", "deal1-contract": "O",
         "deal1-delegations": "1", "deal1-points_n": "30", "deal1-points_e": "14",
         "deal1-points_s": "20", "deal1-points_w": "8"}, **EN)
    text = answer.content.decode()
    assert answer.status_code == 200
    assert "the choice falls to E, not W" in text
    # The message stands under the trump maker's field, before the contract's.
    message = text.index("the choice falls to E")
    assert text.index('name="deal1-maker"') < message < text.index('name="deal1-contract"')
    assert not DealReport.objects.exists()


def test_the_directors_entry_names_the_trump_maker(director_client, table):
    url = reverse("abarrotada:director_deal",
                  args=[table.round.championship_id, 1, table.number, 2])
    answer = director_client.post(url, {
        "action": "enter", "maker": "S", "contract": "O", "delegations": "1",
        "points_n": "30", "points_e": "14", "points_s": "20", "points_w": "8"}, **EN)
    assert answer.status_code == 200
    assert "the choice falls to N, not S" in answer.content.decode()
    assert not DealReport.objects.exists()


def test_a_report_stored_before_the_check_still_scores(director, client, table):
    """A deal stored with a maker the delegations did not reach (before this was refused)
    still scores and shows: the standings and the public pages do not fail on it."""
    report = DealReport.objects.create(
        table=table, deal_number=1, by_director=director, by_director_override=True,
        **values("30-14-20-8", maker="W", delegations=1).report_fields())
    ReportReview.objects.create(report=report, verdict="confirm", by_director=director)
    services.close_round(table.round, by=director)
    west = seated(table)["W"]
    line = next(line for line in selectors.standings(table.round.championship)
                if line.number == west.number)
    assert line.deal_scores == 8 - 18
    answer = client.get(reverse("scoring:captain", args=[west.pk, west.link_secret]), **EN)
    assert answer.status_code == 200
