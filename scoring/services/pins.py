"""Confirming with the other team's PIN: the lockout policy and the PIN check."""

from __future__ import annotations

import hmac
from datetime import timedelta

from django.utils import timezone
from django.utils.translation import ngettext

from scoring.models import PinAttempt
from tournaments.models import Table, Team

#: PIN lockout: this many wrong PINs at one table within PIN_FAILURE_WINDOW ...
PIN_MAX_FAILURES = 5
PIN_FAILURE_WINDOW = timedelta(minutes=10)
#: ... lock PIN confirmation at that table until PIN_LOCKOUT after the last wrong one.
PIN_LOCKOUT = timedelta(minutes=5)

def pin_locked_until(table: Table, now=None):
    """When PIN confirmation at ``table`` unlocks, or ``None`` if it is not locked.

    Locked when at least :data:`PIN_MAX_FAILURES` wrong PINs (since the last right one) fall
    within :data:`PIN_FAILURE_WINDOW`, until :data:`PIN_LOCKOUT` after the latest of them.
    """
    now = now or timezone.now()
    attempts = list(
        PinAttempt.objects.filter(table=table, created_at__gte=now - PIN_FAILURE_WINDOW)
        .order_by("-id")
        .values_list("ok", "created_at")[: PIN_MAX_FAILURES + 1]
    )
    return locked_until_from(attempts, now)


def locked_until_from(attempts_newest_first, now):
    """The lockout rule of :func:`pin_locked_until` applied to one table's attempts, given
    as ``(ok, created_at)`` pairs, newest first (older ones are ignored)."""
    failures = []
    for ok, created_at in attempts_newest_first:
        if created_at < now - PIN_FAILURE_WINDOW or len(failures) >= PIN_MAX_FAILURES:
            break
        if ok:
            break
        failures.append(created_at)
    if len(failures) < PIN_MAX_FAILURES:
        return None
    until = failures[0] + PIN_LOCKOUT
    return until if until > now else None


def pin_matches(team: Team, pin: str) -> bool:
    try:
        from tournaments.services import check_pin
    except ImportError:  # the tournaments services are not there yet
        check_pin = None
    if check_pin is not None:
        return check_pin(team, pin)
    return hmac.compare_digest(team.pin.encode(), str(pin).strip().encode())



def _locked_message(until) -> str:
    minutes = max(1, -(-int((until - timezone.now()).total_seconds()) // 60))
    return ngettext(
        "Too many wrong PINs at this table: confirming with a PIN is locked for "
        "%(minutes)s more minute. The other team can confirm on its own phone, or call "
        "the director.",
        "Too many wrong PINs at this table: confirming with a PIN is locked for "
        "%(minutes)s more minutes. The other team can confirm on its own phone, or call "
        "the director.",
        minutes,
    ) % {"minutes": minutes}


