"""What a director does to a championship's results in every format: close a round, and
publish or unpublish the result pages."""

from __future__ import annotations

from django.db import transaction

from scoring.services.live_events import publication_changed
from scoring.services.values import Origin, ScoringError
from tournaments import audit
from tournaments.models import AuditEvent, Championship, Round


def close_round(round_: Round, *, user=None, origin: Origin = Origin()) -> Round:
    """Close a round: captains can no longer write; its deals and results may become public.

    The tournaments app owns round states: its ``close_round`` checks that rounds close in
    order and records who closed the round.
    """
    from tournaments import services as tournament_services

    try:
        return tournament_services.close_round(round_, by=user, origin=origin)
    except tournament_services.ServiceError as exc:
        raise ScoringError(exc.message, code="close_refused") from exc


def set_results_public(
    championship: Championship, public: bool, *, user=None, origin: Origin = Origin()
) -> Championship:
    """Publish or unpublish the result pages, and record who did it."""
    with transaction.atomic():
        Championship.objects.filter(pk=championship.pk).update(results_public=public)
        audit.record(
            AuditEvent.Action.RESULTS_PUBLISHED if public else AuditEvent.Action.RESULTS_UNPUBLISHED,
            championship,
            by=user,
            origin=origin,
        )
        publication_changed(championship)
    championship.results_public = public
    return championship


def publish_results(championship: Championship, *, user=None, origin: Origin = Origin()):
    return set_results_public(championship, True, user=user, origin=origin)


def unpublish_results(championship: Championship, *, user=None, origin: Origin = Origin()):
    return set_results_public(championship, False, user=user, origin=origin)
