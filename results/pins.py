"""Confirming with a PIN, and the one lockout of every format.

An entrant who entered a result hands the phone to another entrant at the table, who types
their own PIN: the PIN says who confirms. Every attempt, right or wrong, is a row (the
audit), and a right one a confirmation marked ``via_pin``. Too many wrong PINs at one table
lock PIN confirmation there for a while (the other entrants can still confirm on their own
phones, or the director settles it).
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from results import lifecycle
from results.kinds import EntryKind, say_named
from scoring.services.values import Origin, PinRefused, ScoringError
from tournaments.models import Team

#: PIN lockout: this many wrong PINs at one table within PIN_FAILURE_WINDOW ...
PIN_MAX_FAILURES = 5
PIN_FAILURE_WINDOW = timedelta(minutes=10)
#: ... lock PIN confirmation at that table until PIN_LOCKOUT after the last wrong one.
PIN_LOCKOUT = timedelta(minutes=5)


def locked_until(attempts, table, now=None):
    """When PIN confirmation at ``table`` unlocks, or ``None`` if it is not locked.
    ``attempts`` is the format's PIN attempt model (or a queryset of it).

    Locked when at least :data:`PIN_MAX_FAILURES` wrong PINs (since the last right one) fall
    within :data:`PIN_FAILURE_WINDOW`, until :data:`PIN_LOCKOUT` after the latest of them.
    """
    now = now or timezone.now()
    manager = getattr(attempts, "objects", attempts)
    rows = list(manager.filter(table=table, created_at__gte=now - PIN_FAILURE_WINDOW)
                .order_by("-id").values_list("ok", "created_at")[:PIN_MAX_FAILURES + 1])
    return locked_until_from(rows, now)


def locked_until_from(attempts_newest_first, now):
    """The lockout rule of :func:`locked_until` applied to one table's attempts, given as
    ``(ok, created_at)`` pairs, newest first (older ones are ignored)."""
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


def minutes_left(until) -> int:
    """Whole minutes until ``until``, at least 1 (what a locked message says)."""
    return max(1, -(-int((until - timezone.now()).total_seconds()) // 60))


def pin_matches(entrant: Team, pin: str) -> bool:
    """Whether ``pin`` is ``entrant``'s PIN (compared in constant time)."""
    from tournaments.services import check_pin

    return check_pin(entrant, pin)


def confirm_with_pin(kind: EntryKind, *, entry_id: int, entrant: Team, pin: str,
                     origin: Origin = Origin()):
    """Another entrant at the table confirms ``entrant``'s entry by typing their PIN on
    ``entrant``'s phone; confirming twice returns the first confirmation. A wrong PIN is
    kept (the commit happens before it is refused); too many at the table lock PIN
    confirmation there."""
    refusal: PinRefused | None = None
    review = None
    with transaction.atomic():
        entry, round_ = lifecycle.load(kind, entry_id, None)
        table = lifecycle.table_of(kind, entry)
        kind.check_may_write(entrant, table, round_)
        words = kind.words
        if entry.by_team_id != entrant.pk:
            # Typed on the entering phone only: otherwise an entrant could type their own
            # PIN on another's entry, a right attempt that clears the wrong ones.
            raise ScoringError(str(words.pin_only_own), code="pin_not_needed")
        if entry.by_director_override:
            raise ScoringError(lifecycle.director_message(), code="director")
        reviews = lifecycle.reviews_of(entry)
        existing = next((r for r in reviews if r.verdict == lifecycle.CONFIRM), None)
        if existing is not None:
            return existing
        others = kind.others_at(table, entrant)
        if not others:
            raise ScoringError(_("This result needs no confirmation."), code="director")
        names = {other.pk: other.name for other in others}
        # A disputed entry is the director's: refused before any PIN is tried or kept.
        lifecycle.check_not_disputed(kind, reviews, entrant, names)
        if others and all(other.withdrawn for other in others):
            raise ScoringError(say_named(words.pin_withdrawn, others[0].name),
                               code="withdrawn")
        until = locked_until(kind.pin_attempt_model, table)
        if until is not None:
            raise PinRefused(words.pin_locked % {"minutes": minutes_left(until)},
                             code="pin_locked")
        confirmer = next((o for o in others if pin and pin_matches(o, str(pin))), None)
        kind.pin_attempt_model.objects.create(
            table=table, by_team=entrant, ok=confirmer is not None,
            **({"entry": entry} if kind.pin_attempt_names_entry else {}),
            **lifecycle.origin_fields(origin))
        if confirmer is not None and confirmer.withdrawn:
            raise ScoringError(say_named(words.pin_withdrawn, confirmer.name),
                               code="withdrawn")
        if confirmer is not None:
            review = lifecycle.confirm(kind, entry, confirmer, round_=round_, via_pin=True,
                                       origin=origin, reviews=reviews)
        else:
            kind.publish(table, round_, kind.slot_of(entry))  # the table was heard
            # Raised after the commit, so that the wrong attempt is kept.
            until = locked_until(kind.pin_attempt_model, table)
            refusal = PinRefused(
                words.pin_locked % {"minutes": minutes_left(until)} if until is not None
                else say_named(words.pin_wrong, others[0].name if others else ""),
                code="pin_locked" if until is not None else "pin_wrong")
    if refusal is not None:
        raise refusal
    return review
