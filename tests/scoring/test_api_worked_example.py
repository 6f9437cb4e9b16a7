"""rules.md 6.4, only through the API: a 12-team round robin of 2-deal matches is created,
its round 1 generated and released; every result is entered with one team's link and
confirmed with the other's (some with its PIN on the same phone); the traveller of deal 2
(dealt by West: EW make trumps, as in the example) shows all 24 numbers of the table, and
the standings add them up."""

from __future__ import annotations

from fractions import Fraction

import pytest
from rest_framework.test import APIClient
from test_scoring_worked_example import TABLE

import engine

pytestmark = pytest.mark.django_db


def ok(response, status=200):
    assert response.status_code == status, response.content.decode()[:1000]
    return response.json()


@pytest.fixture
def director_api(director):
    """A director's program, authenticated by a token created on the tokens page."""
    from django.test import Client

    page = Client()
    page.force_login(director)
    response = page.post("/director/api-tokens/", {"name": "worked example"})
    token = response.context["created"]
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return api


def test_the_worked_example_through_the_api(director_api):
    api = director_api
    championship = ok(api.post("/api/v1/championships/", {
        "name": "Worked example", "movement": "round_robin", "deals_per_match": 2,
        "results_public": False}, format="json"), 201)
    c = f"/api/v1/championships/{championship['id']}"
    for number in range(1, 13):
        ok(api.post(f"{c}/teams/", {"name": f"Team {number}", "player1": f"P{number}a",
                                    "player2": f"P{number}b"}, format="json"), 201)
    ok(api.post(f"{c}/rounds/generate/", format="json"), 201)
    ok(api.post(f"{c}/rounds/1/release/", format="json"))
    tables = ok(api.get(f"{c}/rounds/1/"))["tables"]
    assert len(tables) == 6
    # The example's teams A-F sit NS and H-M sit EW, table by table: rename them so (a
    # partial update: only the name changes).
    for row, table in zip(TABLE, tables, strict=True):
        for name, side in ((row[0], "ns_team"), (row[1], "ew_team")):
            team = ok(api.patch(f"{c}/teams/{table[side]['id']}/", {"name": name},
                                format="json"))
            assert team["name"] == name and team["player1"].startswith("P")
    teams = {t["id"]: t for t in ok(api.get(f"{c}/teams/"))["results"]}
    deals = ok(api.get(f"{c}/rounds/1/deals/"))["results"]
    assert [(d["number"], d["dealer"]) for d in deals] == [(1, "N"), (2, "W")]

    phone = APIClient(HTTP_ACCEPT_LANGUAGE="en")  # a captain's phone: no login, no token
    for index, (row, table) in enumerate(zip(TABLE, tables, strict=True)):
        ns, ew = teams[table["ns_team"]["id"]], teams[table["ew_team"]["id"]]
        _a, _h, points, botifarra, contro, *_ = row
        results = [
            {"deal": 1, "contract": "O", "points_ns": 36},  # every table equal: 1.5 each
            {"deal": 2, "contract": "BOT" if botifarra else "E",
             "points_ns": int(points.split("-")[0]), "contro": bool(contro)},
        ]
        for body in results:
            entry = ok(phone.post(f"{ns['captain_api']}results/", body, format="json",
                                  HTTP_IDEMPOTENCY_KEY=f"t{index}-d{body['deal']}"), 201)
            assert entry["status"] == "pending"
            if index % 2 == 0:
                # The EW captain types its PIN on the NS phone.
                confirmed = phone.post(f"{ns['captain_api']}results/{entry['id']}/pin/",
                                       {"pin": ew["pin"]}, format="json")
            else:
                confirmed = phone.post(f"{ew['captain_api']}results/{entry['id']}/confirm/")
            assert ok(confirmed)["status"] == "confirmed"

    grid = ok(api.get(f"{c}/rounds/1/results/"))
    assert grid["counts"]["confirmed"] == 12 and grid["missing"] == 0
    ok(api.post(f"{c}/rounds/1/close/", format="json"))
    ok(api.post(f"{c}/publish/", {"public": True}, format="json"))

    public = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    traveller = ok(public.get(f"{c}/travellers/2/"))
    assert traveller["trump_side"] == "EW" and traveller["cards"]  # closed: cards shown
    lines = [
        (line["ns_team"], line["ew_team"], line["points"], line["botifarra_by"],
         line["contro_by"], line["ns_deal_score"], line["ew_deal_score"], line["ns_final"],
         line["ew_final"])
        for line in traveller["lines"]
    ]
    assert lines == [tuple(row) for row in TABLE]  # all 24 numbers, and the rest

    standings = ok(public.get(f"{c}/standings/"))
    assert standings["stage"]["after_round"] == 1 and standings["stage"]["rounds"] == 11
    assert not standings["stage"]["final"]
    by_name = {row["name"]: row for row in standings["results"]}
    for ns_name, ew_name, *_rest, ns_final, ew_final in TABLE:
        for name, final in ((ns_name, ns_final), (ew_name, ew_final)):
            deal2 = Fraction(by_name[name]["total_exact"]) - Fraction(3, 2)
            assert engine.show_score(deal2) == final, name
            assert by_name[name]["deals"] == 2
    # J and E both score 2.00 on deal 2; the tie-break (sum of deal scores) puts J first.
    assert [row["name"] for row in standings["results"][:2]] == ["J", "E"]
    assert standings["results"][0]["deal_score_sum"] == 8
