"""Retries: an ``Idempotency-Key`` is reserved before the write runs, so the same key sent
many times at once writes once; a result sent again after its round closed gets its first
answer (the captain page's outbox likewise: test_captain_outbox.py); long keys are never cut short.

The parallel test runs real threads with their own connections (``transaction=True``); it
must pass on SQLite and on PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient
from scoring_factories import close, result
from test_scoring_concurrency import run_at_once

from formats.duplicate_pairs import services as pairs_services
from scoring.api import idempotency
from scoring.models import IdempotentRequest, ResultEntry
from scoring.services import tokens
from tournaments.models import Championship


def submit_url(team):
    return f"/api/v1/captain/{team.pk}/{team.link_secret}/results/"


# --- The same key at once ----------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_one_key_sent_twenty_times_at_once_writes_once(django_user_model):
    director = django_user_model.objects.create_user("d-idempotency", password="x")
    _token, raw = tokens.create_token(director, "script")

    def create():
        api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
        api.credentials(HTTP_AUTHORIZATION=f"Token {raw}")
        return api.post("/api/v1/championships/", {"name": "Obert"}, format="json",
                        HTTP_IDEMPOTENCY_KEY="one-key")

    answers = run_at_once(*[create] * 20)
    assert not [a for a in answers if isinstance(a, BaseException)], answers
    assert Championship.objects.count() == 1
    created = Championship.objects.get()
    # Each got the first answer (itself, or replayed) or was told to retry: never a second
    # write, never another answer.
    for answer in answers:
        assert answer.status_code in (201, 409), (answer.status_code, answer.content)
        if answer.status_code == 201:
            assert answer.json()["id"] == created.pk
        else:
            assert answer.json()["code"] == "in_progress"
            assert answer["Retry-After"] == "1"
    assert [r.status for r in IdempotentRequest.objects.all()] == [201]
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {raw}")
    retry = api.post("/api/v1/championships/", {"name": "Obert"}, format="json",
                     HTTP_IDEMPOTENCY_KEY="one-key")
    assert retry.status_code == 201 and retry.json()["id"] == created.pk
    assert retry["Idempotent-Replayed"] == "true"


@pytest.mark.django_db
def test_a_key_still_being_answered_is_a_409_to_retry(director, championship):
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(director)
    url = f"/api/v1/championships/{championship.pk}/"
    # Another request holds the key: its write is running.
    IdempotentRequest.objects.create(scope=f"user:{director.pk}", key="k", method="PATCH",
                                     path=url, status=idempotency.PENDING)
    busy = api.patch(url, {"venue": "A"}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert busy.status_code == 409 and busy.json()["code"] == "in_progress"
    assert "retry" in busy.json()["detail"]
    championship.refresh_from_db()
    assert championship.venue == ""
    # A reservation whose request died without an answer is taken over after a while.
    IdempotentRequest.objects.update(
        created_at=timezone.now() - idempotency.PENDING_FOR - timedelta(seconds=1))
    taken = api.patch(url, {"venue": "A"}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert taken.status_code == 200 and taken.json()["venue"] == "A"
    assert IdempotentRequest.objects.get().status == 200


@pytest.mark.django_db
def test_a_failed_write_frees_its_key(director, championship, monkeypatch):
    from tournaments import services

    api = APIClient(raise_request_exception=False)
    api.force_login(director)
    url = f"/api/v1/championships/{championship.pk}/"

    def broken(*args, **kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(services, "update_championship", broken)
    assert api.patch(url, {"venue": "A"}, format="json",
                     HTTP_IDEMPOTENCY_KEY="k").status_code == 500
    assert not IdempotentRequest.objects.exists()  # a retry tries again
    monkeypatch.undo()
    assert api.patch(url, {"venue": "A"}, format="json",
                     HTTP_IDEMPOTENCY_KEY="k").json()["venue"] == "A"


# --- A result sent again after its round closed --------------------------------------------


@pytest.mark.django_db
def test_a_result_resent_after_its_round_closed_gets_its_first_answer(teams, round1):
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    body = {"deal": 1, "contract": "O", "points_ns": 40}
    first = api.post(submit_url(teams[0]), {**body, "idempotency_key": "body-key"},
                     format="json")
    by_header = api.post(submit_url(teams[2]), body, format="json",
                         HTTP_IDEMPOTENCY_KEY="header-key")
    assert (first.status_code, by_header.status_code) == (201, 201)
    close(round1)
    again = api.post(submit_url(teams[0]), {**body, "idempotency_key": "body-key"},
                     format="json")
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    again = api.post(submit_url(teams[2]), body, format="json",
                     HTTP_IDEMPOTENCY_KEY="header-key")
    assert again.status_code == 200 and again.json()["id"] == by_header.json()["id"]
    # A new result (a new key), or another team's key, is still refused: the round is closed.
    new = api.post(submit_url(teams[0]), {**body, "idempotency_key": "new-key"},
                   format="json")
    assert new.status_code == 409 and new.json()["code"] == "round_closed"
    theirs = api.post(submit_url(teams[1]), {**body, "idempotency_key": "body-key"},
                      format="json")
    assert theirs.status_code == 409 and theirs.json()["code"] == "round_closed"
    assert ResultEntry.objects.count() == 2


# --- Long keys -----------------------------------------------------------------------------


@pytest.mark.django_db
def test_two_long_header_keys_are_two_submissions(teams, deal1):
    api = APIClient()
    common = "k" * 90  # the keys differ only past the 64th character
    first = api.post(submit_url(teams[0]), {"deal": 1, "contract": "O", "points_ns": 40},
                     format="json", HTTP_IDEMPOTENCY_KEY=common + "-1")
    second = api.post(submit_url(teams[0]), {"deal": 1, "contract": "O", "points_ns": 41},
                      format="json", HTTP_IDEMPOTENCY_KEY=common + "-2")
    assert (first.status_code, second.status_code) == (201, 201)
    assert second.json()["points_ns"] == 41 and second.json()["id"] != first.json()["id"]
    again = api.post(submit_url(teams[0]), {"deal": 1, "contract": "O", "points_ns": 41},
                     format="json", HTTP_IDEMPOTENCY_KEY=common + "-2")
    assert again.status_code == 200 and again.json()["id"] == second.json()["id"]
    assert ResultEntry.objects.count() == 2


@pytest.mark.django_db
def test_the_longest_header_key_fits_and_no_key_is_cut_short(teams, table1, deal1):
    answer = APIClient().post(submit_url(teams[0]), {"deal": 1, "contract": "O", "points_ns": 40},
                              format="json", HTTP_IDEMPOTENCY_KEY="z" * idempotency.MAX_KEY)
    assert answer.status_code == 201
    assert len(ResultEntry.objects.get().idempotency_key) <= 64
    # A caller that passes a longer key to the service is a bug, not a key to cut.
    with pytest.raises(ValueError):
        pairs_services.submit_result(team=teams[0], table=table1, deal=deal1, data=result(40),
                               idempotency_key="y" * 65)
