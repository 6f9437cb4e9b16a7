"""A captain's knockout report carries an idempotency key, as a Swiss game does (rules.md
11.3): the same report sent six times at once (a phone's outbox, a double tap, a retry after
a lost answer) is stored once and every sender is answered as the first; sent again after
its tie was decided it gets its first answer, while a new report is still refused.

Real threads with their own connections (``transaction=True``); SQLite and PostgreSQL."""

from __future__ import annotations

import re
import threading

import pytest
from django.db import connections
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient
from test_free_deal_knockout_stage import swiss_played

from formats.free_deal import services as fd
from scoring.models import KnockoutEntry, KnockoutGame, KnockoutTie
from scoring.services.knockout_captains import confirm_knockout_entry, submit_knockout_entry
from scoring.services.values import ScoringError

OUTBOX = {"HTTP_ACCEPT_LANGUAGE": "en", "HTTP_X_DUPLICADA_OUTBOX": "1"}
SENDERS = 6


def run_at_once(calls):
    """Run the calls in threads released together; return their results (or exceptions)."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def worker(index, call):
        try:
            barrier.wait(timeout=10)
            with translation.override("en"):
                results[index] = call()
        except BaseException as exc:  # reported by the test
            results[index] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def semi_final(director, **settings) -> KnockoutTie:
    championship = swiss_played(director, knockout_size=4, **settings)
    fd.start_knockout(championship, by=director)
    return KnockoutTie.objects.select_related("first", "second").get(
        championship=championship, stage=1, slot=1)


def submit_url(team, tie) -> str:
    return f"/t/{team.pk}/{team.link_secret}/knockout/{tie.pk}/"


def api_link(team) -> str:
    return f"/api/v1/captain/{team.pk}/{team.link_secret}/free-deal/knockout/"


def page_key(team) -> str:
    """The idempotency key of the knockout card's form on the pair's page."""
    html = Client().get(f"/t/{team.pk}/{team.link_secret}/",
                        HTTP_ACCEPT_LANGUAGE="en").content.decode()
    card = html[html.index('id="knockout"'):]
    return re.search(r'name="idempotency_key" value="([^"]+)"', card).group(1)


@pytest.mark.django_db(transaction=True)
def test_six_identical_page_reports_at_once_store_one(django_user_model):
    director = django_user_model.objects.create_user("ko-race", password="x-pass-9")
    semi = semi_final(director)
    form = {"first_points": "101", "second_points": "70",
            "idempotency_key": page_key(semi.first)}
    url = submit_url(semi.first, semi)
    answers = run_at_once([lambda: Client().post(url, form, **OUTBOX)] * SENDERS)
    assert KnockoutEntry.objects.count() == 1, answers
    for answer in answers:
        assert not isinstance(answer, BaseException), answer
        assert (answer.status_code, answer.json()["ok"]) == (200, True), answer.content


@pytest.mark.django_db(transaction=True)
def test_six_identical_api_reports_at_once_store_one(django_user_model):
    director = django_user_model.objects.create_user("ko-race-api", password="x-pass-9")
    semi = semi_final(director)

    def send():
        return APIClient(HTTP_ACCEPT_LANGUAGE="en").post(
            api_link(semi.first), {"first_points": 101, "second_points": 70,
                                   "idempotency_key": "phone-1"}, format="json")

    answers = run_at_once([send] * SENDERS)
    assert KnockoutEntry.objects.count() == 1, answers
    entry = KnockoutEntry.objects.get()
    for answer in answers:
        assert not isinstance(answer, BaseException), answer
        assert answer.status_code in (200, 201), answer.content
        assert answer.json()["tie"]["report"]["id"] == entry.pk
    assert sorted(a.status_code for a in answers) == [200] * (SENDERS - 1) + [201]


@pytest.mark.django_db
def test_a_page_report_sent_again_after_its_tie_was_decided_gets_its_first_answer(director):
    semi = semi_final(director)
    form = {"first_points": "101", "second_points": "70",
            "idempotency_key": page_key(semi.first)}
    url = submit_url(semi.first, semi)
    first = Client().post(url, form, **OUTBOX)
    assert (first.status_code, first.json()["ok"]) == (200, True), first.content
    confirm_knockout_entry(team=semi.second, entry_id=KnockoutEntry.objects.get().pk)
    semi.refresh_from_db()
    assert semi.winner_id == semi.first_id  # one game a tie: decided
    again = Client().post(url, form, **OUTBOX)
    assert (again.status_code, again.json()) == (200, first.json())
    # A new report (another key) is refused, and nothing is written.
    other = Client().post(url, {**form, "idempotency_key": "another"}, **OUTBOX)
    assert (other.status_code, other.json()["ok"]) == (409, False)
    assert KnockoutEntry.objects.count() == 1 and KnockoutGame.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("how", ["header", "body"])
def test_an_api_report_sent_again_after_its_tie_was_decided_gets_its_first_answer(
        director, how):
    semi = semi_final(director)
    phone = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    body = {"first_points": 101, "second_points": 70}

    def send(key):
        if how == "header":
            return phone.post(api_link(semi.first), body, format="json",
                              HTTP_IDEMPOTENCY_KEY=key)
        return phone.post(api_link(semi.first), {**body, "idempotency_key": key},
                          format="json")

    first = send("offline-1")
    assert first.status_code == 201, first.content
    report = first.json()["tie"]["report"]
    confirm_knockout_entry(team=semi.second, entry_id=report["id"])
    again = send("offline-1")
    assert again.status_code in (200, 201), again.content
    tie = again.json()["tie"]
    assert (tie["round"], tie["tie"], tie["report"]["id"]) == (1, 1, report["id"])
    other = send("offline-2")
    assert other.status_code == 409, other.content
    assert KnockoutEntry.objects.count() == 1


@pytest.mark.django_db
def test_a_key_used_in_another_tie_is_refused(director):
    semi = semi_final(director)
    other = KnockoutTie.objects.select_related("first").get(championship=semi.championship,
                                                            stage=1, slot=2)
    submit_knockout_entry(team=semi.first, tie_id=semi.pk, first_points=101,
                             second_points=70, idempotency_key="same")
    with pytest.raises(ScoringError) as refused:
        submit_knockout_entry(team=other.first, tie_id=other.pk, first_points=101,
                                 second_points=70, idempotency_key="same")
    assert refused.value.code == "key_reused"
    assert KnockoutEntry.objects.count() == 1
