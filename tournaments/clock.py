"""The round clock's arithmetic (rules.md 11.1: a game ends when the round's time runs out;
the hand in progress is finished, no new hand starts). The clock is the core's, shared by
every format whose rounds are timed (free-deal pairs, an individual evening of rules.md
10.4): a format says how long its rounds last (``formats.base.Format.round_minutes``).

Where the rest of it is: the row ``tournaments.models.clock.RoundClock``; the reads
``tournaments.clock_selectors``; the director's actions ``tournaments.services.clock``; the
pages and their JSON ``scoring.views.clock`` (templates ``scoring/_clock.html`` and
``scoring/_clock_buttons.html``); the countdown ``static/js/clock.js``.

This module is pure arithmetic on times: no database, no request, no clock of its own
(every question takes ``now``), so it is tested as properties.

A clock has a **duration** (the settings' minutes per round, when the round is played), is
**started** by the director, may be **paused** and resumed (the time paused is added up) and
**extended** by some seconds. From these:

- ``ends_at`` = start + duration + extra + time paused (``None`` before the start and
  while paused: the end is not known until the clock runs again);
- ``remaining(now)``: never negative; frozen while paused;
- ``state(now)``: not started, running, paused, or **last hand** once it reached zero.

Extending a clock that already reached zero gives the time from *now*: the clock stood at
zero meanwhile, so that wait counts as paused time (the director says "five more minutes"
when the time is up, and means five minutes from now). Hence the rule that holds in every
state: ``remaining(now)`` after an extension is exactly the extension more than before.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

NOT_STARTED, RUNNING, PAUSED, LAST_HAND = "not_started", "running", "paused", "last_hand"
STATES = (NOT_STARTED, RUNNING, PAUSED, LAST_HAND)

ZERO = timedelta(0)


class ClockRefused(Exception):
    """An action that makes no sense in the clock's state; ``code`` says which (the services
    turn it into a translated message)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class ClockTimes:
    duration: timedelta
    started_at: datetime | None = None
    paused_at: datetime | None = None
    paused: timedelta = ZERO  # the pauses that ended (the current one is since paused_at)
    extra: timedelta = ZERO

    # --- What it shows ----------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.started_at is not None

    @property
    def is_paused(self) -> bool:
        return self.paused_at is not None

    def _end_if_running(self) -> datetime:
        return self.started_at + self.duration + self.extra + self.paused

    @property
    def ends_at(self) -> datetime | None:
        if not self.started or self.is_paused:
            return None
        return self._end_if_running()

    def remaining(self, now: datetime) -> timedelta:
        """The time left at ``now``; never negative."""
        if not self.started:
            return self.duration + self.extra
        # While paused the clock reads what it read when it was paused.
        at = self.paused_at if self.is_paused else now
        return max(ZERO, self._end_if_running() - at)

    def state(self, now: datetime) -> str:
        if not self.started:
            return NOT_STARTED
        if self.remaining(now) == ZERO:
            return LAST_HAND
        return PAUSED if self.is_paused else RUNNING

    # --- What the director does (each returns the new times, or raises ClockRefused) --------

    def start(self, now: datetime) -> ClockTimes:
        if self.started:
            raise ClockRefused("already_started")
        return replace(self, started_at=now)

    def pause(self, now: datetime) -> ClockTimes:
        state = self.state(now)
        if state == NOT_STARTED:
            raise ClockRefused("not_started")
        if state == PAUSED:
            raise ClockRefused("already_paused")
        if state == LAST_HAND:
            raise ClockRefused("time_up")
        return replace(self, paused_at=now)

    def resume(self, now: datetime) -> ClockTimes:
        if not self.is_paused:
            raise ClockRefused("not_paused")
        # A resume "before" the pause (a server clock stepped back) counts as no pause.
        return replace(self, paused_at=None, paused=self.paused + max(ZERO, now - self.paused_at))

    def extend(self, now: datetime, by: timedelta) -> ClockTimes:
        if by <= ZERO:
            raise ClockRefused("extension_not_positive")
        times = self
        if self.started and not self.is_paused and now > self._end_if_running():
            # Reached zero: the time it stood there counts as paused (see the module's doc).
            times = replace(self, paused=self.paused + (now - self._end_if_running()))
        return replace(times, extra=times.extra + by)
