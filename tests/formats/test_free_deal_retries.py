"""A free-deal game sent again with its key (a phone's outbox that was offline, an answer
lost on the way back) gets its first answer, even once its round has closed and the next
round is in play: then the pair's open table is the new round's, and the key must not be
taken for a new game there. A new game for the closed round, and a key another pair
stored, are still refused, and nothing more is stored."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from free_deal_factories import make_free_deal, next_round, win
from rest_framework.test import APIClient
from test_free_deal_knockout_retries import run_at_once

from scoring.models import GameEntry
from scoring.services import games
from tournaments import services

pytestmark = pytest.mark.django_db
OUTBOX = {"HTTP_X_DUPLICADA_OUTBOX": "1", "HTTP_ACCEPT_LANGUAGE": "en"}
GAME = {"first_points": 101, "second_points": 64, "ended_by": "target", "hands_played": 10}


def submit_page(client, team, key: str, **values):
    return client.post(reverse("free_deal:captain_submit", args=[team.pk, team.link_secret]),
                       {**GAME, **values, "idempotency_key": key}, **OUTBOX)


def api_link(team) -> str:
    return f"/api/v1/captain/{team.pk}/{team.link_secret}/free-deal/game/"


def phone() -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


def finish_round(round_, director) -> None:
    """Confirm each table's latest game (entering one where none was), then close."""
    for table in round_.tables.select_related("ns_team", "ew_team"):
        if table.bye_team_id is not None:
            continue
        entry = table.game_entries.order_by("-id").first()
        if entry is None:
            entry, _created = games.submit_game(team=table.ns_team, table=table, values=win(),
                                                idempotency_key=None)
        games.confirm_game(entry_id=entry.pk, team=table.ew_team)
    services.close_round(round_, by=director)


@pytest.fixture
def event(director):
    championship = make_free_deal(director, pairs=4)
    return championship, next_round(championship, director)


def test_the_pages_outbox_sent_again_once_the_next_round_is_in_play_gets_its_first_answer(
        client, director, event):
    championship, round1 = event
    first_pair = round1.tables.get(number=1).ns_team
    sent = submit_page(client, first_pair, "outbox-1")
    assert (sent.status_code, sent.json()["ok"]) == (200, True)
    finish_round(round1, director)
    round2 = next_round(championship, director)
    again = submit_page(client, first_pair, "outbox-1")
    assert again.status_code == 200, again.content
    assert again.json() == sent.json()
    assert GameEntry.objects.filter(table__round=round2).count() == 0
    assert GameEntry.objects.filter(idempotency_key="outbox-1").count() == 1
    # Without JavaScript, the page says it was entered, as the first time.
    page = client.post(
        reverse("free_deal:captain_submit", args=[first_pair.pk, first_pair.link_secret]),
        {**GAME, "idempotency_key": "outbox-1"}, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert "Game entered." in page.content.decode()
    assert not GameEntry.objects.filter(table__round=round2).exists()


def test_a_key_another_pair_stored_is_refused_once_the_next_round_is_in_play(
        client, director, event):
    championship, round1 = event
    table1 = round1.tables.get(number=1)
    submit_page(client, table1.ns_team, "outbox-1")
    finish_round(round1, director)
    round2 = next_round(championship, director)
    other = round1.tables.get(number=2).ns_team
    refused = submit_page(client, other, "outbox-1")
    assert refused.status_code == 400 and refused.json()["ok"] is False
    assert "already used" in refused.json()["message"]
    api = phone().post(api_link(other), {**GAME, "idempotency_key": "outbox-1"}, format="json")
    assert (api.status_code, api.json()["code"]) == (409, "key_reused")
    assert not GameEntry.objects.filter(table__round=round2).exists()
    assert GameEntry.objects.filter(idempotency_key="outbox-1").get().by_team == table1.ns_team


def test_a_new_game_for_the_closed_round_is_still_refused(client, director, event):
    championship, round1 = event
    first_pair = round1.tables.get(number=1).ns_team
    submit_page(client, first_pair, "outbox-1")
    phone().post(api_link(first_pair), {**GAME, "idempotency_key": "api-1"}, format="json")
    finish_round(round1, director)
    stored = GameEntry.objects.count()
    # Closed, the next round not yet released: a new key is a new game, refused.
    page = submit_page(client, first_pair, "outbox-2")
    assert (page.status_code, page.json()["ok"]) == (409, False)
    assert "closed" in page.json()["message"]
    api = phone().post(api_link(first_pair), {**GAME, "idempotency_key": "api-2"},
                       format="json")
    assert (api.status_code, api.json()["code"]) == (409, "round_closed")
    # Once the next round is in play, a new game that names the closed round is refused
    # naming the field (a new key on the page is the new round's game).
    next_round(championship, director)
    named = phone().post(api_link(first_pair),
                         {**GAME, "round": 1, "idempotency_key": "api-3"}, format="json")
    assert named.status_code == 400 and "round" in named.json()
    assert GameEntry.objects.count() == stored


def test_the_api_sent_again_once_the_next_round_is_in_play_gets_its_first_answer(
        director, event):
    championship, round1 = event
    table1 = round1.tables.get(number=1)
    first_pair = table1.ns_team
    headers = {"HTTP_IDEMPOTENCY_KEY": "offline-1"}
    sent = phone().post(api_link(first_pair), GAME, format="json", **headers)
    body = phone().post(api_link(first_pair), {**GAME, "idempotency_key": "offline-2"},
                        format="json")
    assert (sent.status_code, body.status_code) == (201, 201)
    finish_round(round1, director)
    round2 = next_round(championship, director)
    # The header's key and the body's, with or without the round the phone queued it for.
    for again, first in [
        (phone().post(api_link(first_pair), GAME, format="json", **headers), sent),
        (phone().post(api_link(first_pair), {**GAME, "idempotency_key": "offline-2"},
                      format="json"), body),
        (phone().post(api_link(first_pair), {**GAME, "round": 1, "table": table1.number},
                      format="json", **headers), sent),
    ]:
        assert again.status_code == 200, again.json()
        assert again.json()["entry"]["id"] == first.json()["entry"]["id"]
        assert (again.json()["round"], again.json()["table"]) == (1, table1.number)
    assert not GameEntry.objects.filter(table__round=round2).exists()


@pytest.mark.django_db(transaction=True)
def test_one_game_sent_six_times_at_once_is_stored_once(django_user_model):
    director = django_user_model.objects.create_user("fd-retries", password="x")
    championship = make_free_deal(director, pairs=4)
    first_pair = next_round(championship, director).tables.get(number=1).ns_team
    url = reverse("free_deal:captain_submit", args=[first_pair.pk, first_pair.link_secret])

    def send():
        return Client().post(url, {**GAME, "idempotency_key": "outbox-1"}, **OUTBOX)

    answers = run_at_once([send] * 6)
    assert [(a.status_code, a.json()["ok"]) for a in answers] == [(200, True)] * 6, answers
    assert GameEntry.objects.count() == 1
