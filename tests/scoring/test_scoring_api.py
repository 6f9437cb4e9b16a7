"""The REST API: standings and a captain's submission, same rules as the pages."""

from __future__ import annotations

from rest_framework.test import APIClient
from scoring_factories import close

from formats.duplicate_pairs import services as pairs_services
from scoring import services
from scoring.models import ResultEntry


def url(team):
    return f"/api/v1/captain/{team.pk}/{team.link_secret}/results/"


def test_captain_submits_through_the_api(teams, deal1):
    client = APIClient()
    body = {"deal": 1, "contract": "BOT", "points_ns": 40, "points_ew": 32, "contro": True,
            "idempotency_key": "api-1"}
    response = client.post(url(teams[0]), body, format="json")
    assert response.status_code == 201, response.data
    assert response.data["status"] == "pending" and response.data["points_ew"] == 32
    again = client.post(url(teams[0]), body, format="json")
    assert again.status_code == 200 and again.data["id"] == response.data["id"]
    assert ResultEntry.objects.count() == 1
    listed = client.get(url(teams[1])).data["results"]
    assert [e["id"] for e in listed] == [response.data["id"]]


def test_api_validation_names_the_fields(teams, deal1):
    client = APIClient()
    response = client.post(url(teams[0]), {"deal": 1, "contract": "O", "points_ns": 40,
                                           "points_ew": 30, "recontro": True,
                                           "sant_vicenc": True}, format="json")
    assert response.status_code == 400
    assert response.data["points_ew"][0].startswith("EW points:")
    assert response.data["recontro"][0].startswith("Recontro:")
    assert response.data["sant_vicenc"][0].startswith("Sant Vicenç:")
    response = client.post(url(teams[0]), {"deal": 9, "contract": "O", "points_ns": 4},
                           format="json")
    assert response.status_code == 400 and "deal" in response.data
    assert not ResultEntry.objects.exists()


def test_api_link_and_closed_round(teams, round1, deal1):
    client = APIClient()
    assert client.get(f"/api/v1/captain/{teams[0].pk}/wrong/results/").status_code == 404
    close(round1)
    response = client.post(url(teams[0]), {"deal": 1, "contract": "O", "points_ns": 40},
                           format="json")
    assert response.status_code == 409
    assert not ResultEntry.objects.exists()


def test_api_standings(championship, teams, table1, deal1, director, round1):
    client = APIClient()
    assert client.get(f"/api/v1/championships/{championship.pk}/standings/").status_code == 404
    client.force_authenticate(director)
    entry, _ = pairs_services.submit_result(team=teams[0], table=table1, deal=deal1,
                                      data=services.ResultData(contract="O", points_ns=40),
                                      idempotency_key=None)
    pairs_services.confirm_entry(entry_id=entry.pk, team=teams[1])
    rows = client.get(f"/api/v1/championships/{championship.pk}/standings/").data["results"]
    assert rows[0]["total"] == "1.50" and rows[0]["total_exact"] == "3/2"
    services.publish_results(championship)
    public = APIClient().get(f"/api/v1/championships/{championship.pk}/standings/").data[
        "results"]
    assert all(row["total"] == "0.00" for row in public)  # round 1 is not closed yet


def confirm_url(team, entry_id):
    return f"/api/v1/captain/{team.pk}/{team.link_secret}/results/{entry_id}/confirm/"


def test_captain_confirms_through_the_api(teams, deal1):
    client = APIClient()
    body = {"deal": 1, "contract": "O", "points_ns": 40, "idempotency_key": "api-c"}
    entry_id = client.post(url(teams[0]), body, format="json").data["id"]
    # The entering team cannot confirm its own entry; another table's team cannot see it.
    own = client.post(confirm_url(teams[0], entry_id))
    assert own.status_code == 409 and own.data["code"] == "self_confirmation"
    assert client.post(confirm_url(teams[2], entry_id)).status_code == 404
    response = client.post(confirm_url(teams[1], entry_id))
    assert response.status_code == 200, response.data
    assert response.data["status"] == "confirmed" and response.data["id"] == entry_id
    again = client.post(confirm_url(teams[1], entry_id))
    assert again.status_code == 200 and again.data["status"] == "confirmed"
    assert ResultEntry.objects.get(pk=entry_id).reviews.count() == 1


def test_api_confirm_refused_once_the_round_is_closed(teams, round1, deal1):
    client = APIClient()
    body = {"deal": 1, "contract": "O", "points_ns": 40}
    entry_id = client.post(url(teams[0]), body, format="json").data["id"]
    close(round1)
    response = client.post(confirm_url(teams[1], entry_id))
    assert response.status_code == 409 and response.data["code"] == "round_closed"
    assert not ResultEntry.objects.get(pk=entry_id).reviews.exists()
