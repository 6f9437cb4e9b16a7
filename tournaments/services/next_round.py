"""What every format's generator of the next round asks first and does last: the number of
the round to draft (refused when the championship is finished, when every planned round
exists, or while the last round is still open) and the round's creation, refused when
another director drafted the same round at the same moment."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments.models import Championship, Round
from tournaments.services.common import ServiceError, check_not_finished, lock_championship


def next_round_number(championship: Championship, close_first: str | None = None) -> int:
    """The number of the round to draft next; ``close_first`` (``%(number)s``: the last
    round) says what to do while the last round is not closed ("pairing" by default)."""
    last = championship.rounds.order_by("-number").first()
    number = last.number + 1 if last else 1
    if championship.rounds_planned and number > championship.rounds_planned:
        raise ServiceError(_("All %(count)s rounds have been generated.")
                           % {"count": championship.rounds_planned})
    if last is not None and last.status != Round.Status.CLOSED:
        close_first = close_first or _("Close round %(number)s before pairing the next one.")
        raise ServiceError(close_first % {"number": last.number})
    return number


def lock_next_round(championship: Championship, close_first: str | None = None
                    ) -> tuple[Championship, int]:
    """The championship locked (two directors drafting at once are serialised), not
    finished, and the number of its next round (:func:`next_round_number`). Called in the
    generator's transaction."""
    championship = lock_championship(championship)
    check_not_finished(championship)
    return championship, next_round_number(championship, close_first)


def create_round(championship: Championship, number: int, **fields) -> Round:
    """Round ``number``, created in a savepoint; refused (``ServiceError``) when it exists
    already (another director drafted it at the same moment)."""
    try:
        with transaction.atomic():
            return Round.objects.create(championship=championship, number=number, **fields)
    except IntegrityError:
        raise ServiceError(_("Round %(number)s already exists.") % {"number": number}) from None
