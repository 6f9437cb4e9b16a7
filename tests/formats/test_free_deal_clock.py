"""The director's round clock (formats.free_deal.services.clock): each action changes the
round's one clock, is audited with who and which round, tells the live pages, and is
refused with a clear message when it makes no sense."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from free_deal_factories import make_free_deal, next_round

import live
from tournaments import services as tournament_services
from tournaments.clock import LAST_HAND, NOT_STARTED, PAUSED, RUNNING
from tournaments.clock_selectors import clock_view
from tournaments.models import AuditEvent, RoundClock
from tournaments.services import clock as clock_services
from tournaments.services.common import ServiceError

pytestmark = pytest.mark.django_db

MINUTE = timedelta(minutes=1)


@pytest.fixture
def events(monkeypatch):
    sent = []
    monkeypatch.setattr(live, "publish", sent.append)
    return sent


@pytest.fixture
def round_(director):
    championship = make_free_deal(director, pairs=4, round_minutes=50)
    return next_round(championship, director)


def _audit(round_):
    return list(AuditEvent.objects.filter(championship=round_.championship,
                                          action__startswith="clock_")
                .order_by("id").values_list("action", "round_number", "by_director__username",
                                            "detail"))


def test_a_clock_takes_the_settings_minutes_and_is_not_started(round_):
    view = clock_view(round_)
    assert (view.state, view.remaining, view.ends_at) == (NOT_STARTED, 50 * MINUTE, None)
    assert not RoundClock.objects.exists()  # made on the director's first action


def test_start_pause_resume_extend_each_audited_and_told(round_, director, events):
    t0 = timezone.now()
    clock = clock_services.start_clock(round_, by=director, now=t0)
    assert (clock.duration, clock.started_at) == (50 * MINUTE, t0)
    assert clock_view(round_, now=t0 + 10 * MINUTE).state == RUNNING

    clock_services.pause_clock(round_, by=director, now=t0 + 10 * MINUTE)
    paused = clock_view(round_, now=t0 + 30 * MINUTE)
    assert (paused.state, paused.remaining, paused.ends_at) == (PAUSED, 40 * MINUTE, None)

    clock_services.resume_clock(round_, by=director, now=t0 + 15 * MINUTE)
    running = clock_view(round_, now=t0 + 15 * MINUTE)
    assert (running.state, running.remaining) == (RUNNING, 40 * MINUTE)
    assert running.ends_at == t0 + 55 * MINUTE

    clock_services.extend_clock(round_, 5, by=director, now=t0 + 20 * MINUTE)
    extended = clock_view(round_, now=t0 + 20 * MINUTE)
    assert (extended.remaining, extended.ends_at) == (40 * MINUTE, t0 + 60 * MINUTE)
    assert clock_view(round_, now=t0 + 60 * MINUTE).state == LAST_HAND

    assert RoundClock.objects.count() == 1
    assert _audit(round_) == [
        ("clock_started", 1, "director1", ""), ("clock_paused", 1, "director1", ""),
        ("clock_resumed", 1, "director1", ""), ("clock_extended", 1, "director1", "+5 min"),
    ]
    assert events == [{"kind": "clock", "c": round_.championship_id, "round": 1}] * 4


def test_time_added_after_zero_counts_from_then(round_, director):
    t0 = timezone.now()
    clock_services.start_clock(round_, by=director, now=t0)
    clock_services.extend_clock(round_, 3, by=director, now=t0 + 52 * MINUTE)  # two minutes late
    view = clock_view(round_, now=t0 + 52 * MINUTE)
    assert (view.state, view.remaining) == (RUNNING, 3 * MINUTE)


def test_an_extension_before_the_start_lengthens_the_round(round_, director):
    clock_services.extend_clock(round_, 10, by=director)
    view = clock_view(round_)
    assert (view.state, view.remaining) == (NOT_STARTED, 60 * MINUTE)


def _refused(call, words: str):
    # The refusal in English whatever an earlier test of the process left active (alone,
    # the site's Catalan is).
    with translation.override("en"), pytest.raises(ServiceError) as error:
        call()
    assert words in error.value.message, error.value.message
    return error.value


def test_actions_that_make_no_sense_are_refused_and_not_audited(round_, director, events):
    t0 = timezone.now()
    _refused(lambda: clock_services.pause_clock(round_, by=director), "has not started")
    _refused(lambda: clock_services.resume_clock(round_, by=director), "is not paused")
    clock_services.start_clock(round_, by=director, now=t0)
    _refused(lambda: clock_services.start_clock(round_, by=director), "already started")
    _refused(lambda: clock_services.resume_clock(round_, by=director), "is not paused")
    clock_services.pause_clock(round_, by=director, now=t0 + MINUTE)
    _refused(lambda: clock_services.pause_clock(round_, by=director, now=t0 + 2 * MINUTE),
             "already paused")
    clock_services.resume_clock(round_, by=director, now=t0 + 2 * MINUTE)
    _refused(lambda: clock_services.pause_clock(round_, by=director, now=t0 + 60 * MINUTE),
             "time of round 1 is up")
    for minutes in (0, -5, 121, "5", True):
        error = _refused(lambda m=minutes: clock_services.extend_clock(round_, m, by=director),
                         "1 to 120 minutes")
        assert error.field == "minutes"
    assert [action for action, *_rest in _audit(round_)] == [
        "clock_started", "clock_paused", "clock_resumed"]
    assert len(events) == 3


def test_no_clock_for_a_drafted_or_closed_round(director):
    championship = make_free_deal(director, pairs=4)
    (drafted,) = tournament_services.generate_next_round(championship)
    _refused(lambda: clock_services.start_clock(drafted, by=director), "has not been released")
    assert clock_view(drafted) is None
    tournament_services.release_round(drafted, by=director)
    clock_services.start_clock(drafted, by=director)
    tournament_services.close_round(drafted, by=director)
    for action in (clock_services.pause_clock, clock_services.resume_clock,
                   clock_services.start_clock):
        _refused(lambda action=action: action(drafted, by=director), "is closed")
    _refused(lambda: clock_services.extend_clock(drafted, 5, by=director), "is closed")
    assert clock_view(drafted) is None
    assert not RoundClock.objects.filter(round__status="drafted").exists()


def test_no_clock_without_minutes_per_round(director):
    championship = make_free_deal(director, pairs=4, round_minutes=None)
    round_ = next_round(championship, director)
    _refused(lambda: clock_services.start_clock(round_, by=director), "have no clock")
    _refused(lambda: clock_services.extend_clock(round_, 5, by=director), "have no clock")
    assert clock_view(round_) is None
    assert not RoundClock.objects.exists() and not _audit(round_)


def test_one_clock_per_round_is_a_database_constraint(round_, director):
    clock_services.start_clock(round_, by=director)
    with pytest.raises(IntegrityError), transaction.atomic():
        RoundClock.objects.create(round=round_, duration=MINUTE)
    with pytest.raises(IntegrityError), transaction.atomic():
        RoundClock.objects.filter(round=round_).update(paused_at=timezone.now(),
                                                       started_at=None)
