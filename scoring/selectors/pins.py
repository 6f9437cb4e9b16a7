"""PIN attempts as the director sees them: each table's wrong PINs and lockout (grid), and
the attempts made to confirm one result (the cell's history)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from django.utils import timezone

from scoring.models import PinAttempt


@dataclass(frozen=True)
class PinSummary:
    """A table's PIN attempts: how many were wrong, and until when PIN confirmation is
    locked there (``None``: not locked)."""

    wrong: int
    locked_until: datetime | None


class PinActivity(NamedTuple):
    """What a table's PIN attempts tell the director's grid."""

    #: ``table_id -> PinSummary``, for the tables that have had a wrong PIN.
    summaries: dict[int, PinSummary]
    #: ``table_id -> when its last attempt (right or wrong) was made``, for the tables that
    #: have had one: a PIN typed is a phone at the table heard from.
    last_attempt: dict[int, datetime]


def pin_activity(table_ids, now=None) -> PinActivity:
    """The tables' PIN summaries and their last attempts, from one read of the attempts."""
    from scoring.services.pins import locked_until_from  # the lockout policy lives there

    now = now or timezone.now()
    by_table: dict[int, list[tuple[bool, datetime]]] = {}
    for table_id, ok, created_at in (
        PinAttempt.objects.filter(table_id__in=list(table_ids))
        .order_by("-id")
        .values_list("table_id", "ok", "created_at")
    ):
        by_table.setdefault(table_id, []).append((ok, created_at))
    summaries = {}
    last_attempt = {}
    for table_id, attempts in by_table.items():
        wrong = sum(1 for ok, _when in attempts if not ok)
        if wrong:
            summaries[table_id] = PinSummary(wrong, locked_until_from(attempts, now))
        last_attempt[table_id] = max(when for _ok, when in attempts)
    return PinActivity(summaries, last_attempt)


def pin_attempts_of(entries) -> list[PinAttempt]:
    """The PIN attempts made to confirm any of ``entries``, oldest first."""
    ids = [entry.pk for entry in entries]
    if not ids:
        return []
    return list(PinAttempt.objects.filter(entry_id__in=ids).select_related("by_team")
                .order_by("id"))
