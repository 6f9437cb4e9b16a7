"""A director through the API: tokens, the same locking and refusals as the pages, imports
with row-by-row errors, deal secrecy, the results grid and a cell's history."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from rest_framework.test import APIClient
from scoring_factories import close

from scoring.models import ApiToken, ResultEntry
from scoring.services import tokens
from tournaments.models import AuditEvent, Championship


@pytest.fixture
def api(director):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(director)
    return client


def test_tokens_are_shown_once_stored_hashed_and_revocable(director, django_user_model):
    page = Client(HTTP_ACCEPT_LANGUAGE="en")
    page.force_login(director)
    response = page.post("/director/api-tokens/", {"name": "Federation site"})
    raw = response.context["created"]
    assert raw.startswith("dup_") and raw in response.content.decode()
    token = ApiToken.objects.get()
    assert raw not in (token.key_hash, token.prefix) and token.prefix == raw[:10]
    listing = page.get("/director/api-tokens/").content.decode()
    assert "Federation site" in listing and raw not in listing  # never shown again

    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    assert api.get("/api/v1/championships/").status_code == 200
    token.refresh_from_db()
    assert token.last_used_at is not None

    # Another director can neither rename nor revoke it.
    other = django_user_model.objects.create_user("other", password="x-long-password")
    intruder = Client()
    intruder.force_login(other)
    assert intruder.post(f"/director/api-tokens/{token.pk}/revoke/").status_code == 404
    page.post(f"/director/api-tokens/{token.pk}/rename/", {"name": "Club site"})
    page.post(f"/director/api-tokens/{token.pk}/revoke/")
    token.refresh_from_db()
    assert token.name == "Club site" and token.revoked
    refused = api.get("/api/v1/championships/")
    assert refused.status_code == 401 and refused.json()["code"] == "authentication_failed"


def test_the_session_needs_csrf_for_writes(director):
    browser = APIClient(enforce_csrf_checks=True)
    browser.force_login(director)
    assert browser.get("/api/v1/championships/").status_code == 200
    refused = browser.post("/api/v1/championships/", {"name": "X"}, format="json")
    assert refused.status_code == 403 and "CSRF" in refused.json()["detail"]
    assert not Championship.objects.exists()
    # A token needs no CSRF token: it is not sent by browsers on their own.
    _token, raw = tokens.create_token(director, "script")
    script = APIClient(enforce_csrf_checks=True)
    script.credentials(HTTP_AUTHORIZATION=f"Token {raw}")
    assert script.post("/api/v1/championships/", {"name": "X"}, format="json").status_code == 201


def test_settings_lock_as_on_the_form(api, championship):
    c = f"/api/v1/championships/{championship.pk}/"
    body = api.get(c).json()
    assert "deals_per_match" in body["locked_fields"] and body["deal_key"] is None
    refused = api.patch(c, {"deals_per_match": 2, "venue": "Casal"}, format="json")
    assert refused.status_code == 400 and refused.json()["deals_per_match"][0].startswith(
        "Deals per match can no longer change")
    championship.refresh_from_db()
    assert championship.venue == ""  # nothing written
    assert api.patch(c, {"venue": "Casal"}, format="json").json()["venue"] == "Casal"
    bad = api.post("/api/v1/championships/", {"name": " ", "deals_per_match": 40},
                   format="json")
    assert bad.status_code == 400 and set(bad.json()) >= {"deals_per_match"}


def test_a_partial_team_update_changes_only_the_fields_sent(api, championship, teams):
    url = f"/api/v1/championships/{championship.pk}/teams/{teams[0].pk}/"
    before = api.get(url).json()
    after = api.patch(url, {"club": "CB Sants"}, format="json").json()
    assert after["club"] == "CB Sants"
    assert {k: after[k] for k in ("name", "number", "player1", "player2")} == {
        k: before[k] for k in ("name", "number", "player1", "player2")}
    clash = api.patch(url, {"name": teams[1].name}, format="json")
    assert clash.status_code == 400 and "name" in clash.json()


def test_withdraw_reinstate_and_reissue_are_audited(api, championship, teams):
    base = f"/api/v1/championships/{championship.pk}/teams/{teams[0].pk}/"
    withdrawn = api.post(base + "withdraw/").json()
    assert withdrawn["team"]["withdrawn"] is True
    assert api.post(base + "reinstate/").json()["withdrawn"] is False
    old = teams[0].link_secret
    new = api.post(base + "reissue-link/").json()
    assert old not in new["captain_api"]
    assert APIClient().get(f"/api/v1/captain/{teams[0].pk}/{old}/tables/").status_code == 404
    actions = set(AuditEvent.objects.values_list("action", flat=True))
    assert {"team_withdrawn", "team_reinstated", "link_reissued"} <= actions


def test_team_import_reports_every_bad_row_and_saves_nothing(api, director):
    championship = api.post("/api/v1/championships/", {"name": "Open"}, format="json").json()
    url = f"/api/v1/championships/{championship['id']}/teams/import/"
    upload = SimpleUploadedFile(
        "teams.csv", b"number,name,club,player1,player2\n1,Alfa,,A,B\n1,Beta,,,D\n",
        content_type="text/csv")
    response = api.post(url, {"file": upload}, format="multipart")
    assert response.status_code == 400
    rows = response.json()["rows"]
    assert {(r["row"], r["field"]) for r in rows} == {(3, "number"), (3, "player1")}
    good = SimpleUploadedFile("teams.csv", b"number,name,club,player1,player2\n1,Alfa,,A,B\n",
                              content_type="text/csv")
    assert api.post(url, {"file": good}, format="multipart").status_code == 201


def test_deals_stay_secret_until_the_round_is_closed(api, championship, round1):
    url = f"/api/v1/championships/{championship.pk}/rounds/1/deals/"
    assert api.get(url).status_code == 200  # its director: always
    Championship.objects.filter(pk=championship.pk).update(results_public=True)
    assert APIClient().get(url).status_code == 404
    assert APIClient().get(f"/api/v1/championships/{championship.pk}/travellers/1/"
                           ).status_code == 404  # nor its traveller while the round plays
    close(round1)
    deals = APIClient().get(url).json()["results"]
    assert deals and all(d["cards"] for d in deals)


def test_grid_cell_history_and_adjustments(api, championship, teams, round1):
    captain = APIClient()
    entry = captain.post(f"/api/v1/captain/{teams[0].pk}/{teams[0].link_secret}/results/",
                         {"deal": 1, "contract": "O", "points_ns": 40}, format="json").json()
    captain.post(f"/api/v1/captain/{teams[1].pk}/{teams[1].link_secret}/results/"
                 f"{entry['id']}/dispute/", {"comment": "It was 38."}, format="json")
    c = f"/api/v1/championships/{championship.pk}/rounds/1/results/"
    grid = api.get(c).json()
    assert grid["rows"][0]["cells"][0]["status"] == "disputed"
    cell = api.get(c + "1/1/").json()
    assert [item["kind"] for item in cell["history"]] == ["entry", "review"]
    assert cell["history"][1]["details"]["comment"] == "It was 38."
    confirmed = api.post(c + "1/1/confirm/", {"entry": entry["id"]}, format="json").json()
    assert confirmed["status"] == "confirmed" and confirmed["counted"] == entry["id"]
    adjusted = api.post(c + "1/1/adjust/", {"side": "NS", "kind": "custom", "value": "1,55",
                                            "reason": "Slow play"}, format="json").json()
    assert adjusted["status"] == "adjusted" and adjusted["score"]["ns_final"] == "1.55"
    bad = api.post(c + "1/1/adjust/", {"side": "NS", "kind": "custom", "value": "3",
                                       "reason": "x"}, format="json")
    assert bad.status_code == 400 and bad.json()["value"][0].startswith("Value:")
    cleared = api.post(c + "1/1/clear-adjustment/", {"side": "NS", "reason": "Appeal"},
                       format="json").json()
    assert cleared["status"] == "confirmed"
    entered = api.post(c + "1/1/enter/", {"contract": "C", "points_ns": 38, "note": "Slip"},
                       format="json").json()
    assert entered["history"][-1]["details"]["by_director"] is True
    assert ResultEntry.objects.count() == 2
    no_reason = api.post(c + "1/1/enter/", {"contract": "C", "points_ns": 38}, format="json")
    assert no_reason.status_code == 400 and no_reason.json()["note"][0].startswith("Reason:")


def test_a_cells_history_shows_pin_attempts_as_what_they_are(api, championship, teams,
                                                            round1):
    """A PIN typed on the entering team's phone has no author: it is shown as a PIN attempt,
    on that team's phone, right or wrong (it used to be a 500)."""
    captain = f"/api/v1/captain/{teams[0].pk}/{teams[0].link_secret}/results/"
    entry = APIClient().post(captain, {"deal": 1, "contract": "O", "points_ns": 40},
                             format="json").json()
    wrong = "1111" if teams[1].pin == "0000" else "0000"
    for pin in (wrong, teams[1].pin):
        APIClient().post(f"{captain}{entry['id']}/pin/", {"pin": pin}, format="json",
                         REMOTE_ADDR="10.0.0.7")
    answer = api.get(f"/api/v1/championships/{championship.pk}/rounds/1/results/1/1/")
    assert answer.status_code == 200, answer.content[:300]
    history = answer.json()["history"]
    pins = [item for item in history if item["kind"] == "pin"]
    assert [(p["details"], p["by"], p["ip_address"]) for p in pins] == [
        ({"entry": entry["id"], "ok": False}, str(teams[0]), "10.0.0.7"),
        ({"entry": entry["id"], "ok": True}, str(teams[0]), "10.0.0.7"),
    ]
    # The right PIN confirmed the entry, in the other team's name.
    review = next(item for item in history if item["kind"] == "review")
    assert review["details"]["via_pin"] is True and review["by"] == str(teams[1])


def test_docs_are_served_from_the_installation(client):
    docs = client.get("/api/docs/").content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in docs
    assert "cdn" not in docs.lower() and "unpkg" not in docs.lower()
    assert client.get("/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js"
                      ).status_code == 200


def test_deal_check_once_the_championship_is_finished(api, championship, round1):
    c = f"/api/v1/championships/{championship.pk}/"
    assert APIClient().get(c + "deal-check/1/").status_code == 404  # the key is secret
    assert api.post(c + "finish/").status_code == 409  # round 1 is still open
    assert api.post(c + "rounds/1/close/").status_code == 200
    finished = api.post(c + "finish/").json()
    assert finished["status"] == "finished" and finished["deal_key"]
    public = APIClient()
    assert public.get(c + "commitment/").json()["deal_key"] == finished["deal_key"]
    check = public.get(c + "deal-check/1/").json()
    assert check["matches"] is True and check["played"] == check["regenerated"]
    unplayed = public.get(c + "deal-check/99/").json()
    assert unplayed["played"] is None and unplayed["matches"] is None
    tables = api.get(c + "rounds/1/tables/").json()["results"]
    assert [t["number"] for t in tables] == [1, 2]
