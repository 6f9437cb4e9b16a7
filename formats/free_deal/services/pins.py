"""Confirming a game with the other pair's PIN, typed on the phone of the pair that entered
it: the duplicate format's policy (``scoring.services.captain.confirm_with_pin``) and its
lockout (``scoring.services.pins``), shared per table. Every attempt, right or wrong, is a
``PinAttempt`` row (the audit), and a right one a confirmation marked ``via_pin``."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from formats.free_deal.models import GameReview
from formats.free_deal.services.games import _entry_for_review, _origin_fields
from formats.free_deal.wording import PAIR_WORDING
from scoring.models import PinAttempt
from scoring.services.checks import check_team_may_write
from scoring.services.live_events import game_changed
from scoring.services.pins import pin_locked_until, pin_matches
from scoring.services.values import Origin, PinRefused, ScoringError
from tournaments.models import Team


def _locked_message(until) -> str:
    from django.utils import timezone

    minutes = max(1, -(-int((until - timezone.now()).total_seconds()) // 60))
    return ngettext(
        "Too many wrong PINs at this table: confirming with a PIN is locked for %(minutes)s "
        "more minute. The other pair can confirm on its own phone, or call the director.",
        "Too many wrong PINs at this table: confirming with a PIN is locked for %(minutes)s "
        "more minutes. The other pair can confirm on its own phone, or call the director.",
        minutes,
    ) % {"minutes": minutes}


def confirm_game_with_pin(*, entry_id: int, team: Team, pin: str,
                          origin: Origin = Origin()) -> GameReview:
    """The other pair confirms ``team``'s entry on ``team``'s phone by typing its PIN. A
    wrong PIN is kept; too many at the table lock PIN confirmation there for a while."""
    refusal: PinRefused | None = None
    review = None
    with transaction.atomic():
        entry, round_ = _entry_for_review(entry_id, None)
        table = entry.table
        check_team_may_write(team, table, round_, PAIR_WORDING)
        if entry.by_team_id != team.pk:
            # Typed on the entering pair's phone only: otherwise a pair could type its own
            # PIN on the other's entry, a right attempt that clears the wrong ones.
            raise ScoringError(_("Confirm the other pair's result with the Confirm button: a "
                                 "PIN only confirms a result your own pair entered."),
                               code="pin_not_needed")
        if entry.by_director_override:
            raise ScoringError(_("The director entered this result; it needs no "
                                 "confirmation."), code="director")
        confirmer_id = (table.ew_team_id if entry.by_team_id == table.ns_team_id
                        else table.ns_team_id)
        reviews = list(entry.reviews.order_by("id"))
        existing = next((r for r in reviews if r.verdict == GameReview.Verdict.CONFIRM), None)
        if existing is not None:
            return existing
        confirmer = Team.objects.get(pk=confirmer_id)
        if confirmer.withdrawn:
            raise ScoringError(_("%(pair)s has withdrawn: its PIN can no longer confirm "
                                 "results. Please ask the director.") % {"pair": confirmer.name},
                               code="withdrawn")
        if any(r.verdict == GameReview.Verdict.DISPUTE and r.by_team_id == confirmer_id
               for r in reviews):
            raise ScoringError(_("%(pair)s has disputed this result: the director will settle "
                                 "it.") % {"pair": confirmer.name}, code="disputed")
        until = pin_locked_until(table)
        if until is not None:
            raise PinRefused(_locked_message(until), code="pin_locked")
        ok = bool(pin) and pin_matches(confirmer, str(pin))
        PinAttempt.objects.create(table=table, entry=None, by_team=team, ok=ok,
                                  ip_address=origin.ip_address, user_agent=origin.user_agent)
        game_changed(table, round_)  # right or wrong, the table was heard (the director's page)
        if ok:
            review = GameReview.objects.create(entry=entry, verdict=GameReview.Verdict.CONFIRM,
                                               by_team=confirmer, via_pin=True,
                                               **_origin_fields(origin))
        else:
            # Raised after the commit, so that the wrong attempt is kept.
            until = pin_locked_until(table)
            refusal = PinRefused(
                _locked_message(until) if until is not None
                else _("Wrong PIN for %(pair)s. Try again.") % {"pair": confirmer.name},
                code="pin_locked" if until is not None else "pin_wrong")
    if refusal is not None:
        raise refusal
    return review
