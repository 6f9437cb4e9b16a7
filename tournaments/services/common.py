"""What every tournaments service shares: the error they raise, the locks they take and the
checks they make before writing, and the deals a round is dealt from the key."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _

import engine
from tournaments.importing import RowError
from tournaments.models import Championship, Deal, Round


class ServiceError(Exception):
    """An operation was refused. ``message`` is translated; ``field`` names the form field
    it concerns, if any; ``errors`` lists row-by-row problems of an import."""

    def __init__(self, message: str, field: str | None = None, errors: Iterable = ()) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.errors: list[RowError] = list(errors)

    def __str__(self) -> str:
        return self.message


def lock_championship(championship: Championship) -> Championship:
    """Re-read the championship row under a lock, so that two directors acting at once
    are serialised (a no-op on SQLite, whose writers are serialised anyway)."""
    return Championship.objects.select_for_update().get(pk=championship.pk)


def check_not_finished(championship: Championship) -> None:
    """Refuse (``ServiceError``) any change to a finished championship."""
    if championship.status == Championship.Status.FINISHED:
        raise ServiceError(_("The championship is finished; it can no longer be changed."))


def _lock_round(round_: Round) -> Round:
    return Round.objects.select_for_update().select_related("championship").get(pk=round_.pk)


def _require_drafted(round_: Round) -> None:
    if round_.status != Round.Status.DRAFTED:
        raise ServiceError(
            _("Round %(number)s has been released; its tables and deals can no longer change.")
            % {"number": round_.number}
        )


def deals_for_round(championship: Championship, round_: Round) -> list[Deal]:
    """A round's deals generated from the championship's key (rules.md 8), not saved."""
    key = championship.key_bytes
    numbers = engine.round_deal_numbers(round_.number, championship.deals_per_match)
    return [
        Deal(
            championship=championship,
            round=round_,
            number=number,
            dealer=engine.dealer_for(position).value,
            cards=engine.format_deal(engine.generate_deal(key, number)),
            source=Deal.Source.GENERATED,
        )
        for position, number in enumerate(numbers, start=1)
    ]
