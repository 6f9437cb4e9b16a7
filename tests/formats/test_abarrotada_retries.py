"""An individual entry sent again after its round closed (a phone's outbox that was offline,
an answer lost on the way back) gets its first answer, not a refusal: the deal page's
outbox, the evening page's outbox and the evening API (the deal API already did), also once
the next round is in play. A new entry after the close is still refused, and nothing more is
stored."""

from __future__ import annotations

import re

import pytest
from abarrotada_factories import make_evening, make_individual, next_round, seated
from django.urls import reverse
from rest_framework.test import APIClient

from formats.abarrotada.models import DealReport, GameTotals
from tournaments import services

pytestmark = pytest.mark.django_db
EN = {"headers": {"accept-language": "en"}}
OUTBOX = {**EN["headers"], "x-duplicada-outbox": "1"}


def page(player) -> str:
    return reverse("scoring:captain", args=[player.pk, player.link_secret])


def deal_form(text: str, deal: int) -> dict:
    key = re.search(rf'name="deal{deal}-idempotency_key" value="([^"]+)"', text).group(1)
    data = {"maker": "N", "contract": "O", "delegations": "0", "points_n": "30",
            "points_e": "14", "points_s": "20", "points_w": "8", "idempotency_key": key}
    return {f"deal{deal}-{name}": value for name, value in data.items()}


def test_the_deal_pages_outbox_sent_again_after_the_close_gets_its_first_answer(
        client, director):
    championship = make_individual(director, players=8, rounds=2, deals=2)
    round_ = next_round(championship, director)
    who = seated(round_.player_tables.order_by("number").first())
    north = who["N"]
    url = reverse("abarrotada:player_submit", args=[north.pk, north.link_secret, 1])
    data = deal_form(client.get(page(north), **EN).content.decode(), 1)
    first = client.post(url, data, headers=OUTBOX)
    assert (first.status_code, first.json()["ok"]) == (200, True)
    services.close_round(round_, by=director)
    again = client.post(url, data, headers=OUTBOX)
    assert again.status_code == 200, again.content
    assert again.json() == first.json()
    assert DealReport.objects.count() == 1
    # Another key is a new entry: refused, nothing stored.
    other = client.post(url, {**data, "deal1-idempotency_key": "another"}, headers=OUTBOX)
    assert (other.status_code, other.json()["ok"]) == (409, False)
    assert "closed" in other.json()["message"]
    # Nor may a key stored for deal 1 answer for deal 2.
    deal2 = reverse("abarrotada:player_submit", args=[north.pk, north.link_secret, 2])
    reused = client.post(deal2, {name.replace("deal1-", "deal2-"): value
                                 for name, value in data.items()}, headers=OUTBOX)
    assert reused.status_code == 409
    assert DealReport.objects.count() == 1


def test_the_deal_sent_again_once_the_next_round_is_in_play_gets_its_first_answer(
        client, director):
    championship = make_individual(director, players=8, rounds=2, deals=2)
    round_ = next_round(championship, director)
    north = seated(round_.player_tables.order_by("number").first())["N"]
    url = reverse("abarrotada:player_submit", args=[north.pk, north.link_secret, 1])
    data = deal_form(client.get(page(north), **EN).content.decode(), 1)
    first = client.post(url, data, headers=OUTBOX)
    services.close_round(round_, by=director)
    next_round(championship, director)
    again = client.post(url, data, headers=OUTBOX)
    assert (again.status_code, again.json()) == (200, first.json())
    assert DealReport.objects.count() == 1


@pytest.fixture
def evening_table(director):
    championship = make_evening(director, players=8, hand_limit=12)
    round_ = next_round(championship, director)
    return round_, round_.player_tables.order_by("number").first()


def test_the_evening_pages_outbox_sent_again_after_the_close_gets_its_first_answer(
        client, director, evening_table):
    round_, table = evening_table
    north = seated(table)["N"]
    text = client.get(page(north), **EN).content.decode()
    key = re.search(r'name="idempotency_key" value="([^"]+)"', text).group(1)
    data = {"total_n": "8", "total_e": "0", "total_s": "13", "total_w": "2",
            "hands_played": "9", "idempotency_key": key}
    url = reverse("abarrotada:evening_submit", args=[north.pk, north.link_secret])
    first = client.post(url, data, headers=OUTBOX)
    assert (first.status_code, first.json()["ok"]) == (200, True)
    services.close_round(round_, by=director)
    again = client.post(url, data, headers=OUTBOX)
    assert again.status_code == 200, again.content
    assert again.json() == first.json()
    assert GameTotals.objects.count() == 1
    other = client.post(url, {**data, "idempotency_key": "another"}, headers=OUTBOX)
    assert (other.status_code, other.json()["ok"]) == (409, False)
    assert GameTotals.objects.count() == 1


def test_the_evening_api_sent_again_after_the_close_gets_its_first_answer(
        director, evening_table):
    round_, table = evening_table
    north = seated(table)["N"]
    url = f"/api/v1/captain/{north.pk}/{north.link_secret}/abarrotada/game/"
    body = {"total_n": 12, "total_e": 0, "total_s": 4, "total_w": 4, "hands_played": 8}
    phone = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    first = phone.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="offline-1")
    assert first.status_code == 201, first.json()
    services.close_round(round_, by=director)
    again = phone.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="offline-1")
    assert again.status_code == 200, again.json()
    assert again.json()["entry"]["id"] == first.json()["entry"]["id"]
    assert (again.json()["round"], again.json()["table"], again.json()["state"]) == (
        1, table.number, "pending")
    assert GameTotals.objects.count() == 1
    other = phone.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="offline-2")
    assert other.status_code == 409
    assert GameTotals.objects.count() == 1


def test_the_deal_api_sent_again_once_the_next_round_is_in_play_gets_its_first_answer(
        director):
    championship = make_individual(director, players=8, rounds=2, deals=2)
    round_ = next_round(championship, director)
    north = seated(round_.player_tables.order_by("number").first())["N"]
    url = f"/api/v1/captain/{north.pk}/{north.link_secret}/abarrotada/deals/1/"
    body = {"maker": "N", "contract": "O", "points_n": 30, "points_e": 14, "points_s": 20,
            "points_w": 8}
    phone = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    first = phone.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="offline-1")
    assert first.status_code == 201, first.json()
    services.close_round(round_, by=director)
    next_round(championship, director)
    again = phone.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="offline-1")
    assert again.status_code == 200, again.json()
    assert again.json()["report"]["id"] == first.json()["report"]["id"]
    assert again.json()["round"] == 1 and DealReport.objects.count() == 1


def test_the_evening_sent_again_once_the_next_round_is_in_play_gets_its_first_answer(
        client, director, evening_table):
    round_, table = evening_table
    north = seated(table)["N"]
    key = re.search(r'name="idempotency_key" value="([^"]+)"',
                    client.get(page(north), **EN).content.decode()).group(1)
    data = {"total_n": "8", "total_e": "0", "total_s": "13", "total_w": "2",
            "hands_played": "9", "idempotency_key": key}
    url = reverse("abarrotada:evening_submit", args=[north.pk, north.link_secret])
    first = client.post(url, data, headers=OUTBOX)
    api_url = f"/api/v1/captain/{north.pk}/{north.link_secret}/abarrotada/game/"
    body = {"total_n": 8, "total_e": 0, "total_s": 13, "total_w": 2, "hands_played": 9}
    phone = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    sent = phone.post(api_url, body, format="json", HTTP_IDEMPOTENCY_KEY="offline-1")
    assert (first.status_code, sent.status_code) == (200, 201), sent.json()
    services.close_round(round_, by=director)
    next_round(round_.championship, director)
    again = client.post(url, data, headers=OUTBOX)
    assert (again.status_code, again.json()) == (200, first.json())
    resent = phone.post(api_url, body, format="json", HTTP_IDEMPOTENCY_KEY="offline-1")
    assert resent.status_code == 200, resent.json()
    assert (resent.json()["entry"]["id"], resent.json()["round"]) == (
        sent.json()["entry"]["id"], 1)
    assert GameTotals.objects.count() == 2
