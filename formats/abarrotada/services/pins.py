"""Confirming an entry with another player's PIN, typed on the phone of the player who
entered it (rules.md 10.2: any one of the other players confirms). The pairs' lockout
(``scoring.services.pins``: too many wrong PINs at a table lock PIN confirmation there for a
while), per table of players; every attempt, right or wrong, is a ``SeatPinAttempt`` row,
and a right one a confirmation by the player whose PIN it is, marked ``via_pin``."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from formats.abarrotada.models import Seating, SeatPinAttempt
from formats.abarrotada.services import entries
from formats.abarrotada.services.reports import REPORTS
from formats.abarrotada.services.reports import _slot as report_slot
from scoring.services.pins import (
    PIN_FAILURE_WINDOW,
    PIN_MAX_FAILURES,
    locked_until_from,
    pin_matches,
)
from scoring.services.values import Origin, PinRefused, ScoringError
from tournaments.models import Team


def locked_until(table, now=None):
    """When PIN confirmation at ``table`` unlocks, or ``None`` (the pairs' rule)."""
    now = now or timezone.now()
    attempts = list(SeatPinAttempt.objects.filter(
        table=table, created_at__gte=now - PIN_FAILURE_WINDOW).order_by("-id")
        .values_list("ok", "created_at")[:PIN_MAX_FAILURES + 1])
    return locked_until_from(attempts, now)


def _locked_message(until) -> str:
    minutes = max(1, -(-int((until - timezone.now()).total_seconds()) // 60))
    return ngettext(
        "Too many wrong PINs at this table: confirming with a PIN is locked for %(minutes)s "
        "more minute. Another player can confirm on their own phone, or call the director.",
        "Too many wrong PINs at this table: confirming with a PIN is locked for %(minutes)s "
        "more minutes. Another player can confirm on their own phone, or call the director.",
        minutes) % {"minutes": minutes}


def confirm_with_pin(kind: entries.Kind, slot_of, *, entry_id: int, player: Team, pin: str,
                     origin: Origin = Origin()):
    """Another player at the table confirms ``player``'s entry by typing their own PIN on
    ``player``'s phone. The PIN says who confirms: whichever other player at the table it
    belongs to. A wrong PIN is kept; too many at the table lock PIN confirmation there."""
    refusal: PinRefused | None = None
    review = None
    with transaction.atomic():
        entry, round_ = entries.for_review(kind, entry_id, None, slot_of)
        table = entry.table
        entries.check_player_may_write(player, table, round_)
        if entry.by_team_id != player.pk:
            # Typed on the entering player's phone only: otherwise a player could type their
            # own PIN on another's entry, a right attempt that clears the wrong ones.
            raise ScoringError(_("Confirm another player's result with the Confirm button: a "
                                 "PIN only confirms a result you entered."),
                               code="pin_not_needed")
        if entry.by_director_override:
            raise ScoringError(_("The director entered this result; it needs no "
                                 "confirmation."), code="director")
        reviews = list(entry.reviews.order_by("id"))
        existing = next((r for r in reviews if r.verdict == entries.CONFIRM), None)
        if existing is not None:
            return existing
        # A disputed entry is the director's: refused before any PIN is tried or kept.
        entries.check_not_disputed(reviews, player)
        until = locked_until(table)
        if until is not None:
            raise PinRefused(_locked_message(until), code="pin_locked")
        others = [s.player for s in Seating.objects.filter(table=table)
                  .exclude(player=player).select_related("player")]
        confirmer = next((p for p in others if pin and pin_matches(p, str(pin))), None)
        SeatPinAttempt.objects.create(table=table, by_team=player, ok=confirmer is not None,
                                      ip_address=origin.ip_address,
                                      user_agent=origin.user_agent)
        if confirmer is None:  # a wrong PIN: the table was heard (a right one tells below)
            entries.changed(table, round_, getattr(entry, "deal_number", None))
        if confirmer is not None and confirmer.withdrawn:
            raise ScoringError(_("%(player)s has withdrawn: their PIN can no longer confirm "
                                 "results. Please ask the director.")
                               % {"player": confirmer.name}, code="withdrawn")
        if confirmer is not None:
            review = entries.confirm(kind, entry, confirmer, round_=round_, via_pin=True,
                                    origin=origin)
        else:
            # Raised after the commit, so that the wrong attempt is kept.
            until = locked_until(table)
            refusal = PinRefused(
                _locked_message(until) if until is not None
                else _("Wrong PIN: it is no other player's at this table. Try again."),
                code="pin_locked" if until is not None else "pin_wrong")
    if refusal is not None:
        raise refusal
    return review


def confirm_report_with_pin(*, report_id: int, player: Team, pin: str,
                            origin: Origin = Origin()):
    """A deal's report (rules.md 10.2), confirmed with another player's PIN."""
    return confirm_with_pin(REPORTS, report_slot, entry_id=report_id, player=player, pin=pin,
                            origin=origin)


def confirm_totals_with_pin(*, entry_id: int, player: Team, pin: str,
                            origin: Origin = Origin()):
    """An evening's game totals (rules.md 10.4), confirmed with another player's PIN."""
    from formats.abarrotada.services.totals import TOTALS
    from formats.abarrotada.services.totals import _slot as totals_slot

    return confirm_with_pin(TOTALS, totals_slot, entry_id=entry_id, player=player, pin=pin,
                            origin=origin)
