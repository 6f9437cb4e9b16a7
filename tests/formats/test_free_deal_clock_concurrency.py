"""Two directors pressing the clock's buttons at the same moment: the round's row lock
serialises them, so one start wins and the other is told, and two extensions both count.

Real threads with their own connections (``transaction=True``); SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connections
from django.utils import translation
from free_deal_factories import make_free_deal, next_round

from tournaments.models import AuditEvent, RoundClock
from tournaments.services import clock as clock_services
from tournaments.services.common import ServiceError

pytestmark = pytest.mark.django_db(transaction=True)


def run_at_once(*calls):
    """Run the calls in threads released together; return their results (or exceptions)."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def worker(index, call):
        try:
            barrier.wait(timeout=10)
            # A new thread speaks the site's language (Catalan): the messages are checked in
            # English.
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


@pytest.fixture
def round_(django_user_model):
    director = django_user_model.objects.create_user("clock-race", password="x-pass-9")
    return next_round(make_free_deal(director, pairs=4), director), director


def test_two_starts_at_once_start_once(round_):
    round_, director = round_
    results = run_at_once(lambda: clock_services.start_clock(round_, by=director),
                          lambda: clock_services.start_clock(round_, by=director))
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(refused) == 1 and "already started" in refused[0].message, results
    assert RoundClock.objects.count() == 1
    assert AuditEvent.objects.filter(action="clock_started").count() == 1


def test_two_extensions_at_once_both_count(round_):
    round_, director = round_
    results = run_at_once(lambda: clock_services.extend_clock(round_, 5, by=director),
                          lambda: clock_services.extend_clock(round_, 5, by=director))
    assert all(isinstance(r, RoundClock) for r in results), results
    assert RoundClock.objects.get().extra == timedelta(minutes=10)
