"""The round clock's arithmetic (tournaments.clock) as properties: the time left is
never negative, a pause and a resume lose or gain nothing, an extension adds exactly what
it says, whatever the director did before and however long the gaps between."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.clock import (
    LAST_HAND,
    NOT_STARTED,
    PAUSED,
    RUNNING,
    ZERO,
    ClockRefused,
    ClockTimes,
)

T0 = datetime(2026, 6, 24, 17, 0, tzinfo=UTC)

# Gaps between actions, to the microsecond (as stored), from nothing to hours.
gaps = st.timedeltas(min_value=ZERO, max_value=timedelta(hours=3))
durations = st.integers(min_value=1, max_value=240).map(lambda m: timedelta(minutes=m))
extensions = st.integers(min_value=1, max_value=120).map(lambda m: timedelta(minutes=m))
actions = st.lists(st.tuples(st.sampled_from(["start", "pause", "resume", "extend"]), gaps,
                             extensions), max_size=12)


def play(duration: timedelta, steps) -> tuple[ClockTimes, datetime]:
    """Apply the actions that make sense in turn (the others are refused and skipped)."""
    times, now = ClockTimes(duration=duration), T0
    for action, gap, extension in steps:
        now += gap
        try:
            if action == "extend":
                times = times.extend(now, extension)
            else:
                times = getattr(times, action)(now)
        except ClockRefused:
            pass
    return times, now


@given(durations, actions, gaps)
def test_the_time_left_is_never_negative_nor_more_than_was_given(duration, steps, later):
    times, now = play(duration, steps)
    for moment in (now, now + later):  # any time after the last action
        left = times.remaining(moment)
        assert ZERO <= left <= times.duration + times.extra


@given(durations, actions, gaps, gaps)
def test_a_pause_and_a_resume_keep_the_time_left(duration, steps, before, paused_for):
    times, now = play(duration, steps)
    if not times.started:
        times = times.start(now)
    now += before
    if times.state(now) != RUNNING:
        return
    left = times.remaining(now)
    paused = times.pause(now)
    assert paused.state(now + paused_for) == PAUSED
    assert paused.remaining(now + paused_for) == left  # frozen while paused
    assert paused.ends_at is None
    resumed = paused.resume(now + paused_for)
    assert resumed.remaining(now + paused_for) == left
    assert resumed.ends_at == times.ends_at + paused_for


@given(durations, actions, gaps, extensions)
def test_an_extension_adds_exactly_its_time_in_every_state(duration, steps, after, extension):
    times, now = play(duration, steps)
    now += after
    before = times.remaining(now)
    extended = times.extend(now, extension)
    assert extended.remaining(now) == before + extension
    if times.state(now) == RUNNING:
        assert extended.ends_at == times.ends_at + extension
    assert extended.state(now) != LAST_HAND


@given(durations, gaps)
def test_a_running_clock_ends_at_its_start_plus_its_duration(duration, elapsed):
    times = ClockTimes(duration=duration).start(T0)
    assert times.ends_at == T0 + duration
    assert times.remaining(T0 + elapsed) == max(ZERO, duration - elapsed)
    assert times.state(T0 + elapsed) == (RUNNING if elapsed < duration else LAST_HAND)


def test_states_and_what_each_refuses():
    hour = timedelta(hours=1)
    fresh = ClockTimes(duration=hour)
    assert (fresh.state(T0), fresh.remaining(T0), fresh.ends_at) == (NOT_STARTED, hour, None)
    for refused, code in ((lambda: fresh.pause(T0), "not_started"),
                          (lambda: fresh.resume(T0), "not_paused"),
                          (lambda: fresh.extend(T0, ZERO), "extension_not_positive")):
        with pytest.raises(ClockRefused) as error:
            refused()
        assert error.value.code == code
    running = fresh.start(T0)
    paused = running.pause(T0 + timedelta(minutes=10))
    checks = ((lambda: running.start(T0), "already_started"),
              (lambda: running.resume(T0), "not_paused"),
              (lambda: paused.pause(T0 + hour), "already_paused"),
              (lambda: running.pause(T0 + hour), "time_up"))
    for refused, code in checks:
        with pytest.raises(ClockRefused) as error:
            refused()
        assert error.value.code == code


def test_time_given_after_zero_counts_from_now():
    times = ClockTimes(duration=timedelta(minutes=60)).start(T0)
    late = T0 + timedelta(minutes=65)  # zero was five minutes ago
    assert times.state(late) == LAST_HAND
    extended = times.extend(late, timedelta(minutes=3))
    assert extended.ends_at == late + timedelta(minutes=3)
    assert extended.state(late) == RUNNING


def test_a_resume_before_its_pause_counts_no_pause():
    """The server's clock stepped back between the two presses."""
    times = ClockTimes(duration=timedelta(minutes=60)).start(T0)
    paused = times.pause(T0 + timedelta(minutes=20))
    resumed = paused.resume(T0 + timedelta(minutes=19))
    assert resumed.paused == ZERO and resumed.ends_at == times.ends_at
