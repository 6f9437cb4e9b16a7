"""A round's life after it is drafted: releasing, closing and reopening it; and finishing the
championship once every round is closed."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import live
from tournaments import audit
from tournaments.models import AuditEvent, Championship, Round
from tournaments.services import analysis, places
from tournaments.services.common import (
    ServiceError,
    _lock_round,
    check_not_finished,
    lock_championship,
)


def _round_changed(round_: Round) -> None:
    """Open pages re-fetch after the commit (captains' pages, the grid, standings)."""
    live.publish({"kind": "round", "c": round_.championship_id, "round": round_.number})


@transaction.atomic
def release_round(round_: Round, *, by=None, origin=None) -> Round:
    """Release a drafted round: play starts and its tables may enter results.

    Rounds are released in order. The deals' cards stay secret to players and the public
    until the round is closed.
    """
    from formats import format_of  # late: the formats import the services

    # The championship first, then the round: the same order as every other service, so
    # that two directors acting at once cannot deadlock.
    championship = lock_championship(round_.championship)
    round_ = _lock_round(round_)
    check_not_finished(championship)
    if round_.status != Round.Status.DRAFTED:
        raise ServiceError(_("Round %(number)s is already released.") % {"number": round_.number})
    earlier = championship.rounds.filter(number__lt=round_.number, status=Round.Status.DRAFTED)
    if earlier.exists():
        raise ServiceError(
            _("Release round %(number)s first.") % {"number": earlier.order_by("number")[0].number}
        )
    problem = format_of(championship).release_problem(round_)
    if problem:
        raise ServiceError(problem)
    if not format_of(championship).round_tables(round_).exists():
        raise ServiceError(_("Round %(number)s has no tables.") % {"number": round_.number})
    if format_of(championship).has_deals and round_.deals.count() != championship.deals_per_match:
        raise ServiceError(
            _("Round %(number)s does not have its %(count)s deals.")
            % {"number": round_.number, "count": championship.deals_per_match}
        )
    round_.status = Round.Status.RELEASED
    round_.released_at = timezone.now()
    round_.save(update_fields=["status", "released_at"])
    audit.record(AuditEvent.Action.ROUND_RELEASED, championship, by=by, origin=origin,
                 round_number=round_.number)
    _round_changed(round_)
    if championship.status == Championship.Status.DRAFT:
        championship.status = Championship.Status.RUNNING
        championship.save(update_fields=["status"])
    round_.championship = championship
    return round_


@transaction.atomic
def close_round(round_: Round, *, by=None, origin=None) -> Round:
    """Close a released round: its deals become public. Rounds close in order."""
    round_ = _lock_round(round_)
    check_not_finished(round_.championship)
    if round_.status == Round.Status.DRAFTED:
        raise ServiceError(_("Round %(number)s has not been released.") % {"number": round_.number})
    if round_.status == Round.Status.CLOSED:
        raise ServiceError(_("Round %(number)s is already closed.") % {"number": round_.number})
    earlier = round_.championship.rounds.filter(number__lt=round_.number).exclude(
        status=Round.Status.CLOSED
    )
    if earlier.exists():
        raise ServiceError(
            _("Close round %(number)s first.") % {"number": earlier.order_by("number")[0].number}
        )
    # Results are written under a lock on their own table's row only (never the round's,
    # which every table shares). Locking every table here waits for the writes in flight;
    # a write that comes after reads the round as closed and is refused.
    from formats import format_of  # late: the formats import the services

    list(
        format_of(round_.championship).round_tables(round_).select_for_update(no_key=True)
        .order_by("pk")
        .values_list("pk")
    )
    round_.status = Round.Status.CLOSED
    round_.closed_at = timezone.now()
    round_.save(update_fields=["status", "closed_at"])
    audit.record(AuditEvent.Action.ROUND_CLOSED, round_.championship_id, by=by, origin=origin,
                 round_number=round_.number)
    _round_changed(round_)
    if format_of(round_.championship).has_hand_records:
        analysis.on_round_closed(round_)  # the deals' analysis, in the background after commit
    return round_


@transaction.atomic
def reopen_round(round_: Round, *, by=None, origin=None) -> Round:
    """Reopen the last closed round (e.g. to correct a result).

    The round is in play again, so its deals and results are hidden from players and the
    public until it closes once more (anyone who looked meanwhile has seen them, of course).
    """
    round_ = _lock_round(round_)
    check_not_finished(round_.championship)
    if round_.status != Round.Status.CLOSED:
        raise ServiceError(_("Round %(number)s is not closed.") % {"number": round_.number})
    if round_.championship.rounds.filter(
        number__gt=round_.number, status=Round.Status.CLOSED
    ).exists():
        raise ServiceError(_("Only the last closed round can be reopened."))
    round_.status = Round.Status.RELEASED
    round_.closed_at = None
    round_.save(update_fields=["status", "closed_at"])
    audit.record(AuditEvent.Action.ROUND_REOPENED, round_.championship_id, by=by, origin=origin,
                 round_number=round_.number)
    _round_changed(round_)
    return round_


@transaction.atomic
def finish_championship(championship: Championship, *, by=None, origin=None) -> Championship:
    """Finish the championship; its deal key is revealed from now on."""
    championship = lock_championship(championship)
    check_not_finished(championship)
    rounds = list(championship.rounds.order_by("number"))
    if not rounds:
        raise ServiceError(_("The championship has no rounds yet."))
    for round_ in rounds:
        if round_.status != Round.Status.CLOSED:
            raise ServiceError(
                _("Round %(number)s is not closed. Close it, or discard it if it will not be played.")
                % {"number": round_.number}
            )
    championship.status = Championship.Status.FINISHED
    championship.finished_at = timezone.now()
    championship.save(update_fields=["status", "finished_at"])
    # Each entrant's final place (rules.md 13), kept with the finish; the ratings are
    # rebuilt once this commits (``places.keep_final_places``).
    places.keep_final_places(championship)
    audit.record(AuditEvent.Action.CHAMPIONSHIP_FINISHED, championship, by=by, origin=origin)
    return championship
