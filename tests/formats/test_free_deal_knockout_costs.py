"""What a captain's knockout report costs (rules.md 11.3): entering a game, confirming and
disputing it, and the captain's page, on the pages and through the API, make no more
statements than they did before the reports joined the results core (the pins)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from test_free_deal_knockout_stage import swiss_played

from formats.free_deal import services as fd
from scoring.models import KnockoutEntry, KnockoutTie

pytestmark = pytest.mark.django_db

#: The statements each request made before the reports joined the results core.
PINS = {"page": 10, "submit": 9, "resend": 2, "page with a report": 10, "confirm": 23,
        "api submit": 16, "api get": 6, "api dispute": 18, "api submit again": 16,
        "api confirm": 28}


def count(call):
    with CaptureQueriesContext(connection) as context:
        response = call()
    return len(context), response


def costs(director) -> dict[str, int]:
    championship = swiss_played(director, knockout_size=4, knockout_best_of=3)
    fd.start_knockout(championship, by=director)
    semi = KnockoutTie.objects.select_related("first", "second").get(
        championship=championship, stage=1, slot=1)
    first, second = semi.first, semi.second
    link = f"/t/{first.pk}/{first.link_secret}/"
    theirs = f"/t/{second.pk}/{second.link_secret}/"
    phone, result = Client(), {}
    result["page"], response = count(lambda: phone.get(link))
    assert response.status_code == 200
    result["submit"], response = count(lambda: phone.post(
        f"{link}knockout/{semi.pk}/", {"first_points": "101", "second_points": "70",
                                       "idempotency_key": "k-1"}))
    assert response.status_code == 302
    result["resend"], response = count(lambda: phone.post(
        f"{link}knockout/{semi.pk}/", {"first_points": "101", "second_points": "70",
                                       "idempotency_key": "k-1"}))
    assert response.status_code == 302
    entry = KnockoutEntry.objects.get()
    result["page with a report"], response = count(lambda: phone.get(theirs))
    assert response.status_code == 200
    result["confirm"], response = count(lambda: phone.post(
        f"{theirs}knockout/entries/{entry.pk}/confirm/"))
    assert response.status_code == 302
    api = Client()
    mine = f"/api/v1/captain/{second.pk}/{second.link_secret}/free-deal/knockout/"
    other = f"/api/v1/captain/{first.pk}/{first.link_secret}/free-deal/knockout/"
    result["api submit"], response = count(lambda: api.post(
        mine, {"first_points": 60, "second_points": 101}, content_type="application/json"))
    assert response.status_code == 201, response.content
    report = response.json()["tie"]["report"]["id"]
    result["api get"], response = count(lambda: api.get(other))
    assert response.status_code == 200
    result["api dispute"], response = count(lambda: api.post(
        f"{other}{report}/dispute/", {"comment": "No"}, content_type="application/json"))
    assert response.status_code == 200, response.content
    result["api submit again"], response = count(lambda: api.post(
        mine, {"first_points": 50, "second_points": 101}, content_type="application/json"))
    assert response.status_code == 201, response.content
    report = response.json()["tie"]["report"]["id"]
    result["api confirm"], response = count(lambda: api.post(f"{other}{report}/confirm/"))
    assert response.status_code == 200, response.content
    return result


def test_a_knockout_report_costs_no_more_than_before(director):
    measured = costs(director)
    assert measured.keys() == PINS.keys()
    over = {name: (n, PINS[name]) for name, n in measured.items() if n > PINS.get(name, n)}
    assert not over, over
