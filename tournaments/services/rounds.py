"""Generating rounds, as each format does it (``formats``), and discarding drafted rounds."""

from __future__ import annotations

from django.db import transaction

from tournaments.models import Championship, Round
from tournaments.services.common import check_not_finished, lock_championship


def generate_next_round(championship: Championship) -> list[Round]:
    """Draft what comes next, as the championship's format says (``formats``)."""
    from formats import format_of  # late: the formats import the services

    return format_of(championship).generate_next_round(championship)


@transaction.atomic
def discard_drafted_rounds(championship: Championship) -> int:
    """Delete every drafted round (with its tables and deals); returns how many.

    Released rounds are never deleted. For a round robin this shortens the schedule (or,
    before round 1 is released, allows teams to change and the schedule to be regenerated).
    """
    championship = lock_championship(championship)
    check_not_finished(championship)
    drafted = championship.rounds.filter(status=Round.Status.DRAFTED)
    count = drafted.count()
    # Deals and tables go with their rounds (CASCADE).
    drafted.delete()
    return count
