"""Reads of a round's clock (``tournaments.clock``; rules.md 11.2): what the pages, the
projector and the clock's address show at the server's time. One query: the clock's row
(the format's minutes per round aside, ``Format.round_minutes``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.utils import timezone

from tournaments.clock import ClockTimes
from tournaments.models import Championship, Round, RoundClock


def _iso(moment: datetime | None) -> str | None:
    """UTC with milliseconds and a ``Z``, as every browser's ``Date.parse`` reads it."""
    if moment is None:
        return None
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class ClockView:
    """A round's clock as the pages show it at ``now`` (the server's time)."""

    round_number: int
    state: str
    now: datetime
    ends_at: datetime | None
    remaining: timedelta
    duration: timedelta

    @property
    def now_iso(self) -> str:
        return _iso(self.now)

    @property
    def ends_at_iso(self) -> str:
        return _iso(self.ends_at) or ""

    @property
    def ends_at_text(self) -> str:
        """``17:40`` in the championship's time zone (the venue's, whatever the device's)."""
        if self.ends_at is None:
            return ""
        return timezone.localtime(self.ends_at).strftime("%H:%M")

    @property
    def remaining_seconds(self) -> float:
        return round(self.remaining.total_seconds(), 3)

    def as_json(self) -> dict:
        return {"round": self.round_number, "state": self.state, "now": self.now_iso,
                "ends_at": _iso(self.ends_at), "ends_at_text": self.ends_at_text,
                "remaining": self.remaining_seconds}


def no_clock_json(now: datetime | None = None) -> dict:
    """What the clock's address answers when there is no clock to show."""
    return {"round": None, "state": "none", "now": _iso(now or timezone.now()),
            "ends_at": None, "ends_at_text": "", "remaining": None}


def round_minutes(championship: Championship) -> int | None:
    """The minutes of each of the championship's rounds, as its format says; ``None`` when
    its rounds have no clock."""
    from formats import format_of  # late: the formats import the tournaments' modules

    return format_of(championship).round_minutes(championship)


def round_in_play(championship: Championship) -> Round | None:
    """The round being played (the earliest released one), as the projector shows it."""
    return (championship.rounds.filter(status=Round.Status.RELEASED).order_by("number")
            .select_related("championship").first())


#: ``clock_view``'s default: ask the format for the round's minutes.
ASK_THE_FORMAT = object()


def clock_view(round_: Round | None, minutes: int | None | object = ASK_THE_FORMAT, *,
               now: datetime | None = None) -> ClockView | None:
    """The clock of a round being played, or ``None``: no round, a drafted or closed round,
    or a format that gives its rounds no minutes (``minutes``, the format's answer, saves
    asking it when the caller has it). Before the director first touches it, a clock is the
    format's duration, not started (one query: the clock's row)."""
    if round_ is None or round_.status != Round.Status.RELEASED:
        return None
    if minutes is ASK_THE_FORMAT:
        minutes = round_minutes(round_.championship)
    if minutes is None:
        return None
    row = RoundClock.objects.filter(round=round_).first()
    times = row.times if row else ClockTimes(duration=timedelta(minutes=minutes))
    now = now or timezone.now()
    return ClockView(round_number=round_.number, state=times.state(now), now=now,
                     ends_at=times.ends_at, remaining=times.remaining(now),
                     duration=times.duration + times.extra)
