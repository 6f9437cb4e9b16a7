"""A disputed individual entry is the director's (rules.md 10.2: "a dispute by any of them
sends the deal to the director"): once any player at the table has disputed a deal's report
or an evening's game totals, no other player confirms it, on their own phone, with their PIN
on the entering player's phone, or through the API. The refusal says so and writes nothing;
the player pages offer no confirmation; the director still settles it."""

from __future__ import annotations

import pytest
from abarrotada_factories import make_evening, make_individual, next_round, seated, values
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from formats.abarrotada import evening, selectors
from formats.abarrotada import services as ab
from formats.abarrotada.models import DealReport, GameTotalsReview, ReportReview, SeatPinAttempt
from formats.abarrotada.services import TotalsValues
from scoring.services.values import ScoringError

pytestmark = pytest.mark.django_db
EN = {"headers": {"accept-language": "en"}}
API = "/api/v1/captain/"


def page(player) -> str:
    return reverse("scoring:captain", args=[player.pk, player.link_secret])


def api() -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


# --- A deal's report -------------------------------------------------------------------------


@pytest.fixture
def disputed_report(director):
    """North entered deal 1, West disputed it: East and South have not spoken."""
    championship = make_individual(director, players=8, rounds=2, deals=2)
    table = next_round(championship, director).player_tables.order_by("number").first()
    who = seated(table)
    report, _created = ab.submit_report(player=who["N"], table=table, deal_number=1,
                                        values=values("30-14-20-8"), idempotency_key=None)
    ab.dispute_report(report_id=report.pk, player=who["W"], comment="W had 10")
    return table, who, report


def confirmations(report) -> int:
    return ReportReview.objects.filter(report=report, verdict="confirm").count()


def test_a_third_player_cannot_confirm_a_disputed_report(disputed_report):
    table, who, report = disputed_report
    with translation.override("en"), pytest.raises(ScoringError) as refused:
        ab.confirm_report(report_id=report.pk, player=who["S"])
    assert refused.value.code == "disputed"
    assert who["W"].name in str(refused.value) and "only the director" in str(refused.value)
    assert confirmations(report) == 0
    assert selectors.deal_states(table.round)[table.pk, 1].status == "disputed"


def test_a_disputed_report_is_refused_on_the_page_by_link_and_by_pin(client, disputed_report):
    table, who, report = disputed_report
    client.post(reverse("abarrotada:player_confirm",
                        args=[who["E"].pk, who["E"].link_secret, report.pk]), **EN)
    text = client.get(page(who["E"]), **EN).content.decode()
    assert "has disputed this result" in text
    client.post(reverse("abarrotada:player_pin",
                        args=[who["N"].pk, who["N"].link_secret, report.pk]),
                {"pin": who["S"].pin}, **EN)
    text = client.get(page(who["N"]), **EN).content.decode()
    assert "has disputed this result" in text
    assert confirmations(report) == 0 and not SeatPinAttempt.objects.exists()


def test_a_disputed_report_is_refused_through_the_api(disputed_report):
    table, who, report = disputed_report
    east = f"{API}{who['E'].pk}/{who['E'].link_secret}/abarrotada/reports/{report.pk}/"
    north = f"{API}{who['N'].pk}/{who['N'].link_secret}/abarrotada/reports/{report.pk}/"
    answer = api().post(f"{east}confirm/")
    assert answer.status_code == 409 and answer.json()["code"] == "disputed", answer.json()
    answer = api().post(f"{north}pin/", {"pin": who["S"].pin}, format="json")
    assert answer.status_code == 409 and answer.json()["code"] == "disputed", answer.json()
    assert confirmations(report) == 0 and not SeatPinAttempt.objects.exists()


def test_the_player_pages_offer_no_confirmation_of_a_disputed_report(client, disputed_report):
    table, who, report = disputed_report
    confirm = reverse("abarrotada:player_confirm",
                      args=[who["E"].pk, who["E"].link_secret, report.pk])
    pin = reverse("abarrotada:player_pin", args=[who["N"].pk, who["N"].link_secret, report.pk])
    east = client.get(page(who["E"]), **EN).content.decode()
    north = client.get(page(who["N"]), **EN).content.decode()
    assert confirm not in east and pin not in north
    assert "This result is disputed: the director will settle it." in east
    assert "This result is disputed: the director will settle it." in north


def test_the_director_still_settles_a_disputed_report(director, disputed_report):
    table, who, report = disputed_report
    ab.director_confirm_report(table=table, deal_number=1, report_id=report.pk, user=director)
    assert selectors.deal_states(table.round)[table.pk, 1].status == "confirmed"


# --- An evening's game totals ----------------------------------------------------------------


@pytest.fixture
def disputed_totals(director):
    """North entered the game, West disputed it: East and South have not spoken."""
    championship = make_evening(director, players=8)
    table = next_round(championship, director).player_tables.order_by("number").first()
    who = seated(table)
    entry, _created = ab.submit_totals(player=who["N"], table=table, idempotency_key=None,
                                       values=TotalsValues({"N": 12, "E": 0, "S": 4, "W": 4}))
    ab.dispute_totals(entry_id=entry.pk, player=who["W"], comment="W had 9")
    return table, who, entry


def totals_confirmations(entry) -> int:
    return GameTotalsReview.objects.filter(report=entry, verdict="confirm").count()


def test_a_third_player_cannot_confirm_disputed_totals(disputed_totals):
    table, who, entry = disputed_totals
    with translation.override("en"), pytest.raises(ScoringError) as refused:
        ab.confirm_totals(entry_id=entry.pk, player=who["S"])
    assert refused.value.code == "disputed" and who["W"].name in str(refused.value)
    with pytest.raises(ScoringError) as refused:
        ab.confirm_totals_with_pin(entry_id=entry.pk, player=who["N"], pin=who["E"].pin)
    assert refused.value.code == "disputed"
    assert totals_confirmations(entry) == 0 and not SeatPinAttempt.objects.exists()
    assert evening.table_games(table.round)[table.pk]["status"] == "disputed"


def test_disputed_totals_are_refused_on_the_page_and_through_the_api(client, disputed_totals):
    table, who, entry = disputed_totals
    confirm = reverse("abarrotada:evening_confirm",
                      args=[who["E"].pk, who["E"].link_secret, entry.pk])
    assert confirm not in client.get(page(who["E"]), **EN).content.decode()
    client.post(confirm, **EN)
    assert "has disputed this result" in client.get(page(who["E"]), **EN).content.decode()
    client.post(reverse("abarrotada:evening_pin",
                        args=[who["N"].pk, who["N"].link_secret, entry.pk]),
                {"pin": who["S"].pin}, **EN)
    assert "has disputed this result" in client.get(page(who["N"]), **EN).content.decode()
    game = f"{API}{{}}/{{}}/abarrotada/game/{entry.pk}/"
    answer = api().post(game.format(who["S"].pk, who["S"].link_secret) + "confirm/")
    assert answer.status_code == 409 and answer.json()["code"] == "disputed", answer.json()
    answer = api().post(game.format(who["N"].pk, who["N"].link_secret) + "pin/",
                        {"pin": who["E"].pin}, format="json")
    assert answer.status_code == 409 and answer.json()["code"] == "disputed", answer.json()
    assert totals_confirmations(entry) == 0 and not SeatPinAttempt.objects.exists()


def test_the_director_still_settles_disputed_totals(director, disputed_totals):
    table, who, entry = disputed_totals
    ab.director_confirm_totals(table=table, entry_id=entry.pk, user=director)
    assert evening.table_games(table.round)[table.pk]["status"] == "confirmed"


# --- After a dispute, no player enters the slot again ---------------------------------------


def test_no_player_enters_a_disputed_deal_again(client, disputed_report):
    """With two pairs a correction needs the disputing side's confirmation; with four
    players a third one could confirm it, so a disputed deal takes no new entry: the
    director settles it (the page offers no entry form either)."""
    table, who, report = disputed_report
    for seat in "NSE":
        with translation.override("en"), pytest.raises(ScoringError) as refused:
            ab.submit_report(player=who[seat], table=table, deal_number=1,
                             values=values("30-14-20-8"), idempotency_key=None)
        assert refused.value.code == "disputed" and "director" in str(refused.value)
    assert DealReport.objects.filter(table=table, deal_number=1).count() == 1
    north = client.get(page(who["N"]), **EN).content.decode()
    send_deal_1 = reverse("abarrotada:player_submit", args=[who["N"].pk, who["N"].link_secret, 1])
    assert send_deal_1 not in north
    # Deal 2, not disputed, still takes entries.
    assert reverse("abarrotada:player_submit",
                   args=[who["N"].pk, who["N"].link_secret, 2]) in north


def test_no_player_enters_disputed_totals_again(client, disputed_totals):
    table, who, entry = disputed_totals
    with translation.override("en"), pytest.raises(ScoringError) as refused:
        ab.submit_totals(player=who["S"], table=table, idempotency_key=None,
                         values=TotalsValues({"N": 12, "E": 0, "S": 4, "W": 4}))
    assert refused.value.code == "disputed"
    assert totals_confirmations(entry) == 0
    assert 'id="game-form"' not in client.get(page(who["S"]), **EN).content.decode()
