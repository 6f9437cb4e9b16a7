"""A free-deal evening (rules.md 10.4) through the REST API: players enter and confirm their
table's game totals through their links; refusals name the field; the director settles;
the standings; the duplicate endpoints refuse an evening and the evening's a duplicate
championship."""

from __future__ import annotations

import pytest
from abarrotada_factories import make_evening, make_individual, next_round, seated
from rest_framework.test import APIClient

from formats.abarrotada.models import GameTotals
from tournaments import services

pytestmark = pytest.mark.django_db

API = "/api/v1/"


def link(player) -> str:
    return f"{API}captain/{player.pk}/{player.link_secret}/abarrotada/game/"


def anyone() -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def api(director):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(director)
    return client


def test_an_evening_through_the_api(director, api):
    championship = make_evening(director, players=8, hand_limit=10)
    round_ = next_round(championship, director)
    t1, t2 = round_.player_tables.order_by("number")
    w1, w2 = seated(t1), seated(t2)
    answer = anyone().post(link(w1["N"]), {"total_n": 12, "total_e": 0, "total_s": 4,
                                           "total_w": 4, "hands_played": 8},
                           format="json", HTTP_IDEMPOTENCY_KEY="one")
    assert answer.status_code == 201, answer.json()
    entry = answer.json()["entry"]["id"]
    again = anyone().post(link(w1["N"]), {"total_n": 12, "total_e": 0, "total_s": 4,
                                          "total_w": 4, "hands_played": 8},
                          format="json", HTTP_IDEMPOTENCY_KEY="one")
    assert again.status_code == 200 and GameTotals.objects.count() == 1
    bad = anyone().post(link(w2["N"]), {"total_n": 3, "total_e": 0, "total_s": 4,
                                        "hands_played": 11}, format="json")
    assert bad.status_code == 400 and "total_w" in bad.json()
    bad = anyone().post(link(w2["N"]), {"total_n": 3, "total_e": 0, "total_s": 4,
                                        "total_w": 0, "hands_played": 11}, format="json")
    assert bad.status_code == 400 and "limit of 10" in bad.json()["hands_played"][0]
    assert GameTotals.objects.count() == 1
    assert anyone().post(f"{link(w1['N'])}{entry}/confirm/").status_code == 409
    answer = anyone().post(f"{link(w1['S'])}{entry}/confirm/")
    assert answer.status_code == 200 and answer.json()["state"] == "confirmed"
    table2 = f"{API}championships/{championship.pk}/abarrotada/rounds/1/tables/2/game/"
    answer = api.post(f"{table2}enter/", {"total_n": 0, "total_e": 9, "total_s": 9,
                                          "total_w": 1}, format="json")
    assert answer.status_code == 200 and answer.json()["state"] == "confirmed"
    services.close_round(round_, by=director)
    lines = api.get(f"{API}championships/{championship.pk}/abarrotada/evening/").json()
    assert [(line["total"], line["games_won"]) for line in lines][:3] == [
        (12, 1), (9, 1), (9, 1)]
    assert lines[1]["place"] == lines[2]["place"] == 2


def test_each_individual_format_refuses_the_others_endpoints(director, api):
    duplicate = make_individual(director, players=4, rounds=1, deals=1)
    evening_ = make_evening(director, players=4)
    assert api.get(f"{API}championships/{duplicate.pk}/abarrotada/evening/").status_code \
        in (404, 409)
    assert api.get(f"{API}championships/{evening_.pk}/abarrotada/standings/").status_code \
        in (404, 409)
    # Players serve both.
    assert api.get(f"{API}championships/{evening_.pk}/abarrotada/players/").status_code == 200


def test_another_player_confirms_the_totals_with_their_pin_through_the_api(director):
    from formats.abarrotada.models import SeatPinAttempt

    championship = make_evening(director, players=8)
    round_ = next_round(championship, director)
    who = seated(round_.player_tables.order_by("number").first())
    answer = anyone().post(link(who["N"]), {"total_n": 12, "total_e": 0, "total_s": 4,
                                            "total_w": 4}, format="json")
    entry = answer.json()["entry"]["id"]
    pin = f"{link(who['N'])}{entry}/pin/"
    bad = anyone().post(pin, {"pin": "12"}, format="json")
    assert bad.status_code == 400 and "pin" in bad.json()
    wrong = next(p for p in (f"{n:04d}" for n in range(10_000))
                 if p not in {someone.pin for someone in who.values()})
    refused = anyone().post(pin, {"pin": wrong}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "pin_wrong"
    assert SeatPinAttempt.objects.filter(ok=False).count() == 1
    # On East's own link a PIN is not the way (East confirms with confirm/).
    assert anyone().post(f"{link(who['E'])}{entry}/pin/", {"pin": who["W"].pin},
                         format="json").status_code == 409
    answer = anyone().post(pin, {"pin": who["W"].pin}, format="json")
    assert answer.status_code == 200 and answer.json()["state"] == "confirmed"
    review = GameTotals.objects.get(pk=entry).reviews.get()
    assert (review.by_team_id, review.via_pin) == (who["W"].pk, True)
