"""What the captain's page script (the outbox) gets from the server: an answer it can show,
the same however often a result arrives, and a reason when it is refused."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient
from scoring_factories import close, make_round, result

from formats.duplicate_pairs import services as pairs_services
from scoring.models import ResultEntry, ResultReview

pytestmark = pytest.mark.django_db

OUTBOX = {"HTTP_X_DUPLICADA_OUTBOX": "1"}


def submit(client, team, deal=1, key="outbox-key-1", seen=None, **values):
    data = {"contract": "O", "points_ns": "40", "breach": "none", "idempotency_key": key}
    data.update(values)
    if seen is not None:
        data["seen"] = str(seen)
    return client.post(
        reverse("duplicate_pairs:captain_submit", args=[team.pk, team.link_secret, deal]),
        {f"d{deal}-{name}": value for name, value in data.items()}, **OUTBOX)


def test_a_result_sent_three_times_is_stored_once(client, teams):
    answers = [submit(client, teams[0]) for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert all(a.json() == {"ok": True, "message": "Deal 1 entered. Team 2 must now confirm it."}
               for a in answers)
    assert ResultEntry.objects.filter(idempotency_key="outbox-key-1").count() == 1


def test_a_confirmation_sent_twice_is_stored_once(client, teams, table1, deal1):
    entry, _ = pairs_services.submit_result(team=teams[1], table=table1, deal=deal1, data=result(30),
                                      idempotency_key="theirs")
    url = reverse("duplicate_pairs:captain_confirm", args=[teams[0].pk, teams[0].link_secret, entry.pk])
    answers = [client.post(url, **OUTBOX) for _ in range(2)]
    assert [a.json()["ok"] for a in answers] == [True, True]
    assert ResultReview.objects.filter(entry=entry, verdict="confirm").count() == 1


def test_round_closed_meanwhile_is_refused_with_the_reason(client, teams, round1):
    close(round1)
    answer = submit(client, teams[0])
    assert answer.status_code == 409
    assert answer.json()["message"].startswith("Round 1 is closed: results can no longer")
    assert not ResultEntry.objects.exists()


def test_a_result_sent_again_after_the_round_closed_gets_its_first_answer(client, teams,
                                                                          round1):
    first = submit(client, teams[0])
    assert first.status_code == 200
    close(round1)  # the answer was lost on the way back; the phone sends it again
    again = submit(client, teams[0])
    assert again.status_code == 200 and again.json() == first.json()
    assert ResultEntry.objects.count() == 1
    # Without JavaScript, the page says it was entered, as the first time.
    page = client.post(
        reverse("duplicate_pairs:captain_submit", args=[teams[0].pk, teams[0].link_secret, 1]),
        {"d1-contract": "O", "d1-points_ns": "40", "d1-idempotency_key": "outbox-key-1"},
        follow=True)
    assert "Deal 1 entered." in page.content.decode()
    # A new result (a new key) is refused: the round is closed.
    refused = submit(client, teams[0], key="outbox-key-2")
    assert refused.status_code == 409 and "is closed" in refused.json()["message"]
    assert ResultEntry.objects.count() == 1


def test_director_set_the_result_meanwhile(client, teams, table1, deal1, director):
    pairs_services.director_enter_result(table=table1, deal=deal1, data=result(50), user=director)
    answer = submit(client, teams[0])
    assert answer.status_code == 409 and "The director has set the result" in answer.json()[
        "message"]
    assert not ResultEntry.objects.filter(by_team=teams[0]).exists()


def test_other_team_entered_a_different_result_meanwhile(client, teams, table1, deal1):
    # The page showed no entry (seen=0); the other team then entered 30.
    pairs_services.submit_result(team=teams[1], table=table1, deal=deal1, data=result(30),
                           idempotency_key="theirs")
    answer = submit(client, teams[0], seen=0, points_ns="40")
    assert answer.status_code == 409
    assert "the other pair entered a different result for deal 1" in answer.json()["message"]
    assert not ResultEntry.objects.filter(by_team=teams[0]).exists()
    # The same result is no conflict; and a captain who has seen theirs may correct it.
    assert submit(client, teams[0], key="same", seen=0, points_ns="30").status_code == 200
    latest = ResultEntry.objects.order_by("-id").first().pk
    assert submit(client, teams[0], key="seen", seen=latest, points_ns="41").status_code == 200


def test_field_errors_name_the_field_and_write_nothing(client, teams):
    answer = submit(client, teams[0], points_ns="80")
    assert answer.status_code == 400
    body = answer.json()
    assert body["ok"] is False and "points_ns" in body["errors"]
    assert "NS points" in body["message"]
    assert not ResultEntry.objects.exists()


def test_without_the_outbox_the_page_still_redirects(client, teams):
    response = client.post(
        reverse("duplicate_pairs:captain_submit", args=[teams[0].pk, teams[0].link_secret, 1]),
        {"d1-contract": "O", "d1-points_ns": "40", "d1-breach": "none"})
    assert response.status_code == 302


def test_the_service_worker_covers_the_captain_pages_only(client, teams):
    response = client.get("/t/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/t/"
    body = response.content.decode()
    assert "/static/js/captain.js" in body and "duplicada-captain-" in body
    page = client.get(reverse("scoring:captain", args=[teams[0].pk, teams[0].link_secret]))
    html = page.content.decode()
    assert 'id="outbox-strings"' in html and "Saved on this phone, not sent yet." in html
    assert 'name="d1-seen" value="0"' in html


def test_a_result_sent_again_once_the_next_round_is_in_play_gets_its_first_answer(
        client, championship, teams, round1):
    # The deal's number names its round, so a retry never lands on the next round's table:
    # with round 1 still open beside round 2, then closed, on the page and in the API.
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api_url = f"/api/v1/captain/{teams[0].pk}/{teams[0].link_secret}/results/"
    body = {"deal": 2, "contract": "O", "points_ns": 40, "idempotency_key": "api-key-1"}
    first, by_api = submit(client, teams[0]), api.post(api_url, body, format="json")
    assert (first.status_code, by_api.status_code) == (200, 201)
    t1, t2, t3, t4 = teams
    make_round(championship, 2, [(t1, t3), (t2, t4)])
    for closed in (False, True):
        if closed:
            close(round1)
        again = submit(client, teams[0])
        assert (again.status_code, again.json()) == (200, first.json())
        resent = api.post(api_url, body, format="json")
        assert (resent.status_code, resent.json()["id"]) == (200, by_api.json()["id"])
        # Another team's key is refused.
        assert submit(client, teams[2]).json()["ok"] is False
    # A new result for the closed round is refused.
    assert submit(client, teams[0], key="outbox-key-2").status_code == 409
    assert api.post(api_url, {**body, "idempotency_key": "api-key-2"},
                    format="json").status_code == 409
    assert ResultEntry.objects.count() == 2
