"""The director's round clock (``tournaments.clock``; rules.md 11.1): start, pause, resume,
extend, in any format whose rounds are timed (``Format.round_minutes``).

Each action re-reads the round under a row lock, so that two directors pressing at once are
serialised (the second sees the first's clock and may be refused: "already paused"); the
clock itself is one row per round (a unique constraint). Each action is an audit event and
a live event, after which the captains' pages and the projector re-read the clock.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import live
from tournaments import audit
from tournaments.clock import ClockRefused, ClockTimes
from tournaments.clock_selectors import round_minutes
from tournaments.models import AuditEvent, Round, RoundClock
from tournaments.services.common import ServiceError

#: The longest extension at once; a longer one is surely a typing slip.
MAX_EXTENSION_MINUTES = 120


def _refusal(code: str, number: int) -> ServiceError:
    messages = {
        "already_started": _("The clock of round %(number)s has already started."),
        "not_started": _("The clock of round %(number)s has not started yet."),
        "already_paused": _("The clock of round %(number)s is already paused."),
        "not_paused": _("The clock of round %(number)s is not paused."),
        "time_up": _("The time of round %(number)s is up: extend the clock to give more "
                     "time."),
    }
    return ServiceError(messages[code] % {"number": number})


def _locked_clock(round_: Round) -> tuple[Round, RoundClock]:
    """The round re-read under a lock, and its clock (made on the first action)."""
    # The round's row only (not the championship's, read beside it), and no_key: rows that
    # point at the round are not blocked. Closing the round takes this lock too, so a clock
    # action after it sees the round closed.
    round_ = (Round.objects.select_for_update(no_key=True, of=("self",))
              .select_related("championship").get(pk=round_.pk))
    number = round_.number
    if round_.status == Round.Status.DRAFTED:
        raise ServiceError(_("Round %(number)s has not been released: its clock cannot run "
                             "yet.") % {"number": number})
    if round_.status == Round.Status.CLOSED:
        raise ServiceError(_("Round %(number)s is closed: its clock has stopped.")
                           % {"number": number})
    minutes = round_minutes(round_.championship)
    if minutes is None:
        raise ServiceError(_("This championship's rounds have no clock: its settings give no "
                             "minutes per round."))
    clock, _created = RoundClock.objects.get_or_create(
        round=round_, defaults={"duration": timedelta(minutes=minutes)})
    return round_, clock


def _act(round_: Round, change, action: str, *, by, origin, now: datetime | None,
         detail: str = "") -> RoundClock:
    round_, clock = _locked_clock(round_)
    try:
        times: ClockTimes = change(clock.times, now or timezone.now())
    except ClockRefused as refused:
        raise _refusal(refused.code, round_.number) from None
    clock.set_times(times)
    clock.save()
    audit.record(action, round_.championship_id, by=by, origin=origin,
                 round_number=round_.number, detail=detail)
    live.publish({"kind": "clock", "c": round_.championship_id, "round": round_.number})
    return clock


@transaction.atomic
def start_clock(round_: Round, *, by=None, origin=None, now: datetime | None = None
                ) -> RoundClock:
    return _act(round_, lambda times, at: times.start(at), AuditEvent.Action.CLOCK_STARTED,
                by=by, origin=origin, now=now)


@transaction.atomic
def pause_clock(round_: Round, *, by=None, origin=None, now: datetime | None = None
                ) -> RoundClock:
    return _act(round_, lambda times, at: times.pause(at), AuditEvent.Action.CLOCK_PAUSED,
                by=by, origin=origin, now=now)


@transaction.atomic
def resume_clock(round_: Round, *, by=None, origin=None, now: datetime | None = None
                 ) -> RoundClock:
    return _act(round_, lambda times, at: times.resume(at), AuditEvent.Action.CLOCK_RESUMED,
                by=by, origin=origin, now=now)


@transaction.atomic
def extend_clock(round_: Round, minutes: int, *, by=None, origin=None,
                 now: datetime | None = None) -> RoundClock:
    """Give ``minutes`` more (from now, if the time is already up); started or not."""
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= MAX_EXTENSION_MINUTES:
        raise ServiceError(_("Extend the clock by 1 to %(most)s minutes.")
                           % {"most": MAX_EXTENSION_MINUTES}, field="minutes")
    return _act(round_, lambda times, at: times.extend(at, timedelta(minutes=minutes)),
                AuditEvent.Action.CLOCK_EXTENDED, by=by, origin=origin, now=now,
                detail=f"+{minutes} min")
