"""No input gives a 5xx; errors have one JSON shape, translated; writes are idempotent with
an Idempotency-Key; captain writes and token failures are throttled (429 + Retry-After)."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from scoring.models import IdempotentRequest, ResultEntry, ResultReview, ThrottleCount


def submit_url(team):
    return f"/api/v1/captain/{team.pk}/{team.link_secret}/results/"


def raw_post(path, body: bytes, **extra):
    return Client().post(path, body, content_type="application/json", **extra)


@pytest.mark.parametrize("body", [
    b"{", b"[1,2", b"\xff\xfe", b'{"deal": NaN}', b'{"deal": 1e999}', b"null", b"[]", b'"x"',
    b"[" * 1000 + b"]" * 1000, b"[" * 100_000, b'{"deal": ' + b"9" * 5000 + b"}",
    b'{"deal": 99999999999999999999999, "contract": "O", "points_ns": 40}',
    b'{"deal": 1, "contract": ["O"], "points_ns": {"a": 1}}',
    b'{"deal": 1, "contract": "O", "points_ns": 40, "points_ew": "x"}',
])
def test_malformed_bodies_are_400_and_store_nothing(teams, deal1, body):
    response = raw_post(submit_url(teams[0]), body)
    assert response.status_code == 400, response.content[:200]
    assert isinstance(response.json(), dict)
    assert not ResultEntry.objects.exists()


def test_a_thousand_nested_lists_to_a_director_endpoint(director, championship):
    api = Client()
    api.force_login(director)
    response = api.post("/api/v1/championships/", b"[" * 1000 + b"]" * 1000,
                        content_type="application/json")
    assert response.status_code == 400


def test_oversized_json_is_413(teams, deal1, settings):
    settings.API_MAX_JSON_BYTES = 1000
    body = json.dumps({"deal": 1, "contract": "O", "points_ns": 40, "pad": "x" * 2000}).encode()
    response = raw_post(submit_url(teams[0]), body)
    assert response.status_code == 413
    assert response.json()["code"] == "too_large"
    assert not ResultEntry.objects.exists()


def test_huge_ids_in_the_path_are_404(teams):
    api = APIClient()
    assert api.get(f"/api/v1/captain/{'9' * 30}/x/tables/").status_code == 404
    assert api.get(f"/api/v1/championships/{'9' * 30}/standings/").status_code == 404


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: st.lists(children) | st.dictionaries(st.text(), children), max_leaves=30,
) | st.fixed_dictionaries({
    "deal": st.integers(), "contract": st.text(max_size=4),
    "points_ns": st.integers() | st.text(max_size=3), "contro": st.integers(-1, 2),
}))
def test_any_json_is_answered_below_500(teams, deal1, body):
    response = raw_post(submit_url(teams[0]), json.dumps(body).encode())
    assert response.status_code < 500
    assert isinstance(response.json(), dict)


def test_errors_name_the_field_and_speak_the_callers_language(teams, deal1):
    body = b'{"deal": 1, "contract": "O", "points_ns": 80}'
    english = raw_post(submit_url(teams[0]), body, HTTP_ACCEPT_LANGUAGE="en").json()
    spanish = raw_post(submit_url(teams[0]), body, HTTP_ACCEPT_LANGUAGE="es").json()
    catalan = raw_post(submit_url(teams[0]), body, HTTP_ACCEPT_LANGUAGE="ca").json()
    assert english["points_ns"][0].startswith("NS points:")
    assert spanish["points_ns"][0] != english["points_ns"][0]
    assert catalan["points_ns"][0] not in (english["points_ns"][0], spanish["points_ns"][0])
    missing = APIClient().get("/api/v1/championships/999/standings/", HTTP_ACCEPT_LANGUAGE="es")
    assert missing.status_code == 404
    assert set(missing.json()) == {"detail", "code"} and missing.json()["code"] == "not_found"


@pytest.mark.parametrize(("where", "body", "field"), [
    ("championships", {"name": "Obert", "movement": "\ud800"}, "movement"),
    ("championships", {"name": "Obert", "variant": "x\udfff"}, "variant"),
    ("championships", {"name": "Obert", "doubling": "\udbff\udbff"}, "doubling"),
    ("adjust", {"side": "\ud800", "kind": "average", "reason": "Slow"}, "side"),
    ("adjust", {"side": "NS", "kind": "\ud800", "reason": "Slow"}, "kind"),
    ("clear", {"side": "\ud800", "reason": "Slip"}, "side"),
    ("captain", {"deal": 1, "contract": "\ud800", "points_ns": 40}, "contract"),
    ("captain", {"deal": 1, "contract": "O", "points_ns": 40, "breach": "\ud800"}, "breach"),
])
def test_a_lone_surrogate_in_a_choice_is_a_400_naming_the_field(director, teams, deal1, where,
                                                                 body, field):
    """JSON may carry a lone surrogate ("\\ud800"), UTF-8 cannot: a message that echoes the
    value shows it escaped rather than failing to render (it was a 500)."""
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(director)
    championship = teams[0].championship
    cell = f"/api/v1/championships/{championship.pk}/rounds/1/results/1/1/"
    url = {"championships": "/api/v1/championships/", "adjust": cell + "adjust/",
           "clear": cell + "clear-adjustment/", "captain": submit_url(teams[0])}[where]
    response = api.post(url, json.dumps(body), content_type="application/json")
    assert response.status_code == 400, response.content[:200]
    answer = json.loads(response.content.decode("utf-8"))
    assert field in answer and all(isinstance(m, str) for m in answer[field])
    if where != "captain":  # these messages echo the value: escaped, as it was sent
        assert "\\ud" in answer[field][0], answer


# --- Idempotency ---------------------------------------------------------------------------


def test_a_retried_confirmation_gets_the_first_answer(teams, deal1):
    api = APIClient()
    entry = api.post(submit_url(teams[0]), {"deal": 1, "contract": "O", "points_ns": 40},
                     format="json", HTTP_IDEMPOTENCY_KEY="s-1").json()
    again = api.post(submit_url(teams[0]), {"deal": 1, "contract": "O", "points_ns": 40},
                     format="json", HTTP_IDEMPOTENCY_KEY="s-1")
    assert again.status_code == 200 and again.json()["id"] == entry["id"]
    assert ResultEntry.objects.count() == 1
    # The same key from another link is another submission (keys are per caller).
    other = api.post(submit_url(teams[2]), {"deal": 1, "contract": "O", "points_ns": 41},
                     format="json", HTTP_IDEMPOTENCY_KEY="s-1")
    assert other.status_code == 201 and ResultEntry.objects.count() == 2

    # Team 2 types a PIN on team 1's phone: wrong first, then a retry of the same request.
    pin_url = f"{submit_url(teams[0])}{entry['id']}/pin/"
    wrong = "1111" if teams[1].pin == "0000" else "0000"
    first = api.post(pin_url, {"pin": wrong}, format="json", HTTP_IDEMPOTENCY_KEY="pin-1")
    assert first.status_code == 409 and first.json()["code"] == "pin_wrong"
    retry = APIClient().post(pin_url, {"pin": teams[1].pin}, format="json",
                             HTTP_IDEMPOTENCY_KEY="pin-1")
    # The retry is answered as the first time: the wrong PIN is not counted twice, and
    # the right PIN sent under the same key does nothing.
    assert retry.status_code == 409 and retry.json() == first.json()
    assert retry["Idempotent-Replayed"] == "true"
    assert not ResultReview.objects.exists()
    assert IdempotentRequest.objects.filter(scope=f"team:{teams[0].pk}").count() == 1
    # A wrong secret with the same team and key reads nothing.
    guessed = APIClient().post(pin_url.replace(teams[0].link_secret, "guess"), {"pin": "1"},
                               format="json", HTTP_IDEMPOTENCY_KEY="pin-1")
    assert guessed.status_code == 404 and "pin_wrong" not in guessed.content.decode()


def test_a_key_reused_for_another_request_is_refused(director, championship):
    api = APIClient()
    api.force_login(director)
    c = f"/api/v1/championships/{championship.pk}/"
    assert api.patch(c, {"venue": "A"}, format="json", HTTP_IDEMPOTENCY_KEY="k").status_code == 200
    replay = api.patch(c, {"venue": "B"}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert replay.status_code == 200 and replay.json()["venue"] == "A"
    championship.refresh_from_db()
    assert championship.venue == "A"
    other = api.post(c + "publish/", {"public": True}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert other.status_code == 400 and "Idempotency-Key" in other.json()
    too_long = api.patch(c, {"venue": "C"}, format="json", HTTP_IDEMPOTENCY_KEY="x" * 101)
    assert too_long.status_code == 400


# --- Throttles -----------------------------------------------------------------------------


def test_captain_writes_are_throttled_per_link(teams, deal1, settings):
    settings.API_CAPTAIN_WRITES = 3
    api = APIClient()
    for _ in range(3):
        assert api.post(submit_url(teams[0]), {"deal": 1, "contract": "O", "points_ns": 40},
                        format="json", HTTP_IDEMPOTENCY_KEY="same").status_code in (200, 201)
    throttled = api.post(submit_url(teams[0]), {"deal": 1, "contract": "O", "points_ns": 40},
                         format="json")
    assert throttled.status_code == 429
    assert 1 <= int(throttled["Retry-After"]) <= 60
    assert throttled.json()["code"] == "throttled"
    # Reads are not counted, and another link has its own count.
    assert api.get(submit_url(teams[0])).status_code == 200
    assert api.post(submit_url(teams[1]), {"deal": 1, "contract": "O", "points_ns": 40},
                    format="json").status_code == 201
    assert ThrottleCount.objects.filter(scope_key=f"captain:{teams[0].pk}").get().hits == 4


def test_token_failures_are_throttled_per_address(settings, director):
    settings.API_TOKEN_FAILURES = 3
    api = APIClient(REMOTE_ADDR="10.1.2.3")
    api.credentials(HTTP_AUTHORIZATION="Token dup_guess")
    for _ in range(3):
        response = api.get("/api/v1/championships/")
        assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"
    locked = api.get("/api/v1/championships/")
    assert locked.status_code == 429 and int(locked["Retry-After"]) >= 1
    # Even the right token waits, from that address; another address is not affected.
    from scoring.services import tokens

    _token, raw = tokens.create_token(director, "mine")
    api.credentials(HTTP_AUTHORIZATION=f"Token {raw}")
    assert api.get("/api/v1/championships/").status_code == 429
    elsewhere = APIClient(REMOTE_ADDR="10.9.9.9")
    elsewhere.credentials(HTTP_AUTHORIZATION=f"Token {raw}")
    assert elsewhere.get("/api/v1/championships/").status_code == 200


# --- The amortised sweeps ------------------------------------------------------------------


def test_a_counted_write_may_forget_old_windows_of_its_kind(teams, deal1, monkeypatch):
    from scoring.api import throttles

    monkeypatch.setattr(throttles, "FORGET_SHARE", 1)  # this write is the one that sweeps
    now = throttles._bucket(throttles.CaptainWriteThrottle.window, throttles.time.time())
    other = f"captain:{teams[1].pk}"
    ThrottleCount.objects.bulk_create([
        ThrottleCount(scope_key=other, bucket=now - 10, hits=5),  # long past
        ThrottleCount(scope_key=other, bucket=now - 1, hits=2),  # the last minute: kept
        ThrottleCount(scope_key="token-fail:10.0.0.9", bucket=1, hits=3),  # another kind
    ])
    assert APIClient().post(submit_url(teams[0]), {"deal": 1, "contract": "O", "points_ns": 40},
                            format="json").status_code == 201
    # (The write's own window is left out: the minute may turn during the request.)
    left = ThrottleCount.objects.exclude(scope_key=f"captain:{teams[0].pk}")
    assert set(left.values_list("scope_key", "bucket")) == {
        (other, now - 1), ("token-fail:10.0.0.9", 1)}


def test_a_stored_answer_may_forget_answers_older_than_a_week(director, championship,
                                                               monkeypatch):
    from datetime import timedelta

    from django.utils import timezone

    from scoring.api import idempotency

    monkeypatch.setattr(idempotency, "SWEEP_SHARE", 1)
    old = IdempotentRequest.objects.create(scope="team:1", key="old", method="POST", path="/",
                                           status=200)
    IdempotentRequest.objects.create(scope="team:1", key="recent", method="POST", path="/",
                                     status=200)
    IdempotentRequest.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - idempotency.KEPT_FOR - timedelta(minutes=1))
    api = APIClient()
    api.force_login(director)
    assert api.patch(f"/api/v1/championships/{championship.pk}/", {"venue": "A"}, format="json",
                     HTTP_IDEMPOTENCY_KEY="k").status_code == 200
    assert set(IdempotentRequest.objects.values_list("key", flat=True)) == {"recent", "k"}
