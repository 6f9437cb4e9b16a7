"""Confirming with the other team's PIN at a pairs' table: the lockout is the results core's
(``results.pins``), applied to the pairs' attempts."""

from __future__ import annotations

from results.pins import (  # the one lockout policy of every format
    PIN_FAILURE_WINDOW,
    PIN_LOCKOUT,
    PIN_MAX_FAILURES,
    locked_until,
    locked_until_from,
    pin_matches,
)
from scoring.models import PinAttempt
from tournaments.models import Table

__all__ = ["PIN_FAILURE_WINDOW", "PIN_LOCKOUT", "PIN_MAX_FAILURES", "locked_until_from",
           "pin_locked_until", "pin_matches"]


def pin_locked_until(table: Table, now=None):
    """When PIN confirmation at the pairs' ``table`` unlocks, or ``None`` if it is not
    locked (``results.pins.locked_until``)."""
    return locked_until(PinAttempt, table, now)
