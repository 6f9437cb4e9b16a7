"""An individual championship through the REST API (/api/v1/): the director registers
players and reads a round's tables; players enter, confirm and dispute deals through their
own links; the standings. The worked example of rules.md 10.2a through the API; refusals
name the field and write nothing; the endpoints refuse another format's championship."""

from __future__ import annotations

from fractions import Fraction

import pytest
from abarrotada_factories import make_individual, next_round, seated
from free_deal_factories import make_free_deal
from rest_framework.test import APIClient

from formats.abarrotada.models import DealReport, ReportReview
from scoring.services import set_results_public
from tournaments import services

pytestmark = pytest.mark.django_db

API = "/api/v1/"


@pytest.fixture
def api(director):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(director)
    return client


def player_link(player) -> str:
    return f"{API}captain/{player.pk}/{player.link_secret}/abarrotada/"


def anyone() -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


def body(points, maker="N", contract="O", **extra):
    n, e, s, w = (int(p) for p in points.split("-"))
    return {"maker": maker, "contract": contract, "points_n": n, "points_e": e,
            "points_s": s, "points_w": w, **extra}


WORKED = [
    body("30-14-20-8"),
    body("22-18-24-8", contract="BOT", contro_by="E"),
    body("35-10-15-12", contract="C", contro_by="S"),
    body("25-20-15-12", contract="E", breaches="W"),
]
FINALS = [("13/9", "3/2", "5/3", "1/1"), ("1/1", "2/1", "2/1", "1/1"),
          ("2/1", "1/1", "1/1", "2/1"), ("40/27", "3/2", "14/9", "0/1")]


def test_the_worked_example_through_the_api(director, api):
    championship = make_individual(director, players=16, rounds=1, deals=1)
    round_ = next_round(championship, director)
    tables = list(round_.player_tables.order_by("number"))
    for table, report in zip(tables, WORKED, strict=True):
        who = seated(table)
        answer = anyone().post(f"{player_link(who['S'])}deals/1/", report, format="json",
                               HTTP_IDEMPOTENCY_KEY=f"t{table.number}")
        assert answer.status_code == 201, answer.json()
        report_id = answer.json()["report"]["id"]
        answer = anyone().post(f"{player_link(who['W'])}reports/{report_id}/confirm/")
        assert answer.status_code == 200 and answer.json()["state"] == "confirmed"
    grid = api.get(f"{API}championships/{championship.pk}/abarrotada/rounds/1/").json()
    assert [t["deals"][0]["state"] for t in grid["tables"]] == ["confirmed"] * 4
    assert grid["missing"] == []
    services.close_round(round_, by=director)
    lines = api.get(f"{API}championships/{championship.pk}/abarrotada/standings/").json()
    exact = {line["number"]: line["total_exact"] for line in lines["results"]}
    for table, finals in zip(tables, FINALS, strict=True):
        who = seated(table)
        assert tuple(exact[who[seat].number] for seat in "NESW") == finals
    top = lines["results"][0]
    assert (top["place"], top["total"]) == (1, "2.00")
    # Published, the public reads the same standings.
    set_results_public(championship, True, user=director)
    public = anyone().get(f"{API}championships/{championship.pk}/abarrotada/standings/")
    assert public.status_code == 200
    assert sum(Fraction(line["total_exact"]) for line in public.json()["results"]) == sum(
        Fraction(f) for finals in FINALS for f in finals)


@pytest.fixture
def table(director):
    championship = make_individual(director, players=8, rounds=2, deals=2)
    return next_round(championship, director).player_tables.order_by("number").first()


@pytest.mark.parametrize("report,field,words", [
    (body("30-14-20-9"), "points_n", "add up to 73, not 72"),
    (body("30-14-20-8", contro_by="N"), "contro_by", "trump maker cannot"),
    (body("30-14-20-8", maker="E", estevet=True, delegations=1, recontro_by="N"),
     "recontro_by", "only the trump maker"),
    (body("30-14-20-8", delegations=4), "delegations", "at most three"),
    (body("30-14-20-8", maker="X"), "maker", "not a valid choice"),
    (body("30-14-20-8", contro_by="Q"), "contro_by", ""),
])
def test_bad_reports_name_the_field_and_write_nothing(table, report, field, words):
    who = seated(table)
    answer = anyone().post(f"{player_link(who['N'])}deals/{table.round.first_deal}/", report,
                           format="json")
    assert answer.status_code == 400, answer.json()
    assert field in answer.json()
    assert words in " ".join(answer.json()[field])
    assert not DealReport.objects.exists()


def test_a_player_cannot_enter_for_another_table(director, table):
    other = table.round.player_tables.exclude(pk=table.pk).get()
    stranger = seated(other)["N"]
    answer = anyone().post(f"{player_link(stranger)}deals/1/", {**body("30-14-20-8"),
                           "table": table.number}, format="json")
    assert answer.status_code == 400 and "table" in answer.json()
    # Nor review a report of a table where they do not sit.
    entry = anyone().post(f"{player_link(seated(table)['N'])}deals/1/", body("30-14-20-8"),
                          format="json").json()["report"]["id"]
    answer = anyone().post(f"{player_link(stranger)}reports/{entry}/confirm/")
    assert answer.status_code == 404
    assert not ReportReview.objects.exists()


def test_a_wrong_link_reads_nothing(table):
    player = seated(table)["N"]
    answer = anyone().get(f"{API}captain/{player.pk}/{'x' * 22}/abarrotada/")
    assert answer.status_code == 404


def test_the_player_sees_the_table_and_disputes(table):
    who = seated(table)
    position = anyone().get(player_link(who["E"])).json()
    assert (position["table"], position["seat"], position["open"]) == (1, "E", True)
    assert [s["seat"] for s in position["seats"]] == ["N", "E", "S", "W"]
    assert [d["state"] for d in position["deals"]] == ["missing", "missing"]
    entry = anyone().post(f"{player_link(who['N'])}deals/1/", body("30-14-20-8"),
                          format="json").json()["report"]["id"]
    answer = anyone().post(f"{player_link(who['E'])}reports/{entry}/dispute/",
                           {"comment": "I had 16"}, format="json")
    assert answer.status_code == 200 and answer.json()["state"] == "disputed"
    refused = anyone().post(f"{player_link(who['N'])}reports/{entry}/confirm/")
    assert refused.status_code == 409 and refused.json()["code"] == "self_confirmation"


def test_the_director_registers_players_and_settles_a_deal(director, api, table):
    championship = table.round.championship
    url = f"{API}championships/{championship.pk}/abarrotada/players/"
    listed = api.get(url).json()
    assert len(listed) == 8
    refused = api.post(url, {"name": "Jugador 1"}, format="json")
    assert refused.status_code == 409 or refused.status_code == 400
    deal = f"{API}championships/{championship.pk}/abarrotada/rounds/1/tables/1/deals/1/"
    answer = api.post(f"{deal}enter/", body("30-14-20-8", note="from the score sheet"),
                      format="json")
    assert answer.status_code == 200 and answer.json()["state"] == "confirmed"
    bad = api.post(f"{deal}enter/", body("30-14-20-7"), format="json")
    assert bad.status_code == 400 and "sum" not in bad.json()
    assert "add up to 71" in " ".join(bad.json()["points_n"])
    assert DealReport.objects.count() == 1


def test_the_endpoints_refuse_another_formats_championship(director, api):
    free = make_free_deal(director, pairs=4)
    answer = api.get(f"{API}championships/{free.pk}/abarrotada/players/")
    assert answer.status_code == 409


def test_a_player_is_registered_with_a_licence(director, api):
    championship = make_individual(director, players=0, rounds=1, deals=1)
    url = f"{API}championships/{championship.pk}/abarrotada/players/"
    answer = api.post(url, {"name": "Roser Puig", "club": "Ateneu de Vic",
                            "licence": "FCB-2231"}, format="json")
    assert answer.status_code == 201, answer.json()
    assert answer.json() == {"number": 1, "name": "Roser Puig", "club": "Ateneu de Vic",
                             "licence": "FCB-2231", "withdrawn": False}
    bad = api.post(url, {"name": "Quim Soler", "licence": "FCB#1"}, format="json")
    assert bad.status_code == 400 and "licence" in bad.json()
    assert championship.teams.count() == 1


def test_another_player_confirms_with_their_pin_through_the_api(table):
    from formats.abarrotada.models import SeatPinAttempt

    who = seated(table)
    report = anyone().post(f"{player_link(who['N'])}deals/1/", body("30-14-20-8"),
                           format="json").json()["report"]["id"]
    taken = {p.pin for p in who.values()}
    wrong = next(f"{n:04d}" for n in range(10_000) if f"{n:04d}" not in taken)
    url = f"{player_link(who['N'])}reports/{report}/pin/"
    refused = anyone().post(url, {"pin": wrong}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "pin_wrong"
    malformed = anyone().post(url, {"pin": "12a4"}, format="json")
    assert malformed.status_code == 400 and "pin" in malformed.json()
    answer = anyone().post(url, {"pin": who["W"].pin}, format="json")
    assert answer.status_code == 200 and answer.json()["state"] == "confirmed"
    review = ReportReview.objects.get()
    # The PIN says who confirms (another player may share West's PIN: one in 10,000).
    assert review.by_team.pin == who["W"].pin and review.via_pin
    assert list(SeatPinAttempt.objects.values_list("ok", flat=True)) == [False, True]
