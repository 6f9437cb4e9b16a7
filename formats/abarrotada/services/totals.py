"""A free-deal evening's game (rules.md 10.4): entering, confirming and disputing each
seat's game total, and the director's entry: the values checked here, the rest the results
core's lifecycle (``results.lifecycle``, with the players' answers of ``entries``). A table
plays one game a round, so an entry's slot is its table."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from formats.abarrotada.models import GameTotals, GameTotalsReview, PlayerTable
from formats.abarrotada.rules import ReportRefused
from formats.abarrotada.services import entries
from formats.abarrotada.services.settings import form_of, settings_of
from results import lifecycle
from scoring.services.values import Origin
from tournaments.models import Team


def slot_of(_entry) -> dict:
    """A table reports one game a round: the slot is the table itself."""
    return {}


TOTALS = entries.kind(GameTotals, GameTotalsReview, gettext_lazy(
    "This game has been confirmed: only the director can change it now."), slot_of)

#: No player's game total can be larger: 54 points above the threshold, doubled twice a
#: hand (Botifarra and a contro), over the longest evening's game. A bigger figure is a
#: typing slip.
MAX_TOTAL = 9_999


@dataclass(frozen=True)
class TotalsValues:
    """Each seat's game total (letters to whole numbers from 0), and the hands played."""

    totals: dict[str, int]
    hands_played: int | None = None

    def fields(self) -> dict:
        return {"total_n": self.totals.get("N"), "total_e": self.totals.get("E"),
                "total_s": self.totals.get("S"), "total_w": self.totals.get("W"),
                "hands_played": self.hands_played}


def check_totals(table: PlayerTable, values: TotalsValues) -> None:
    """Refuse (``ReportRefused`` naming the field) totals the table cannot have."""
    championship = table.round.championship
    seats = [seat.value for seat in form_of(championship).seats]
    for seat in values.totals:
        if seat not in seats:
            raise ReportRefused(_("Seat %(seat)s does not play in this form of the game.")
                                % {"seat": seat}, "unknown_seat", f"total_{seat.lower()}")
    for seat in seats:
        total = values.totals.get(seat)
        field = f"total_{seat.lower()}"
        if total is None:
            raise ReportRefused(_("Every player's game total is needed."), "total_missing",
                                field)
        if isinstance(total, bool) or not isinstance(total, int) or not 0 <= total <= MAX_TOTAL:
            raise ReportRefused(_("A game total is a whole number from 0 to %(max)s.")
                                % {"max": MAX_TOTAL}, "total_range", field)
    limit = settings_of(championship).hand_limit
    if values.hands_played is not None and limit and values.hands_played > limit:
        raise ReportRefused(_("Hands played: %(hands)s, more than the evening's limit of "
                              "%(limit)s.") % {"hands": values.hands_played, "limit": limit},
                            "hands_over_limit", "hands_played")


def submit_totals(*, player: Team, table: PlayerTable, values: TotalsValues,
                  idempotency_key: str | None, origin: Origin = Origin()
                  ) -> tuple[GameTotals, bool]:
    """A player enters the table's game. Returns ``(entry, created)``."""
    check_totals(table, values)
    return lifecycle.submit(TOTALS, entrant=player, table=table, slot={},
                            fields=values.fields(), idempotency_key=idempotency_key,
                            origin=origin)


def earlier_totals(*, player: Team, idempotency_key: str | None) -> GameTotals | None:
    """The totals ``player`` stored with this key, if any: sent again, they get their first
    answer, even after their round closed (``results.lifecycle.earlier_submission``)."""
    return lifecycle.earlier_submission(TOTALS, entrant=player, slot={},
                                        idempotency_key=idempotency_key)


def confirm_totals(*, entry_id: int, player: Team, origin: Origin = Origin()):
    """Another player at the table confirms; confirming twice returns the first one."""
    return lifecycle.confirm_by(TOTALS, entry_id=entry_id, entrant=player, origin=origin)


def dispute_totals(*, entry_id: int, player: Team, comment: str = "",
                   origin: Origin = Origin()):
    """Another player at the table disputes the totals: the director settles them."""
    return lifecycle.dispute_by(TOTALS, entry_id=entry_id, entrant=player, comment=comment,
                                origin=origin)


def director_confirm_totals(*, table: PlayerTable, entry_id, user, origin: Origin = Origin()):
    """The director settles a pending or disputed entry as it stands. ``table`` is the URL's:
    the entry is looked up among its entries, so another table's id is ``NotHere`` (404)."""
    return lifecycle.director_confirm(TOTALS, table=table, entry_id=entry_id, user=user,
                                      what="game entry", origin=origin)


def director_set_totals(*, table: PlayerTable, values: TotalsValues, user, note: str = "",
                        origin: Origin = Origin()) -> GameTotals:
    check_totals(table, values)
    return lifecycle.director_entry(TOTALS, table=table, slot={}, fields=values.fields(),
                                    user=user, note=note, origin=origin)
