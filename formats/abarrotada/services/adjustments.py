"""The director's adjusted score for one seat of one deal at one table (rules.md 10.2, with
the pairs' policies of 6.5 applied per seat): any exact value from 0 to 2, or taken back. A
new row each time, with who, when and why; the latest row of a seat counts."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils.translation import gettext as _

from formats.abarrotada.models import PlayerTable, SeatAdjustment
from formats.abarrotada.rules import ReportRefused
from formats.abarrotada.services.entries import changed, lock_table, origin_fields
from formats.abarrotada.services.reports import deal_of
from formats.abarrotada.services.settings import form_of
from scoring.services.values import Origin, ScoringError
from tournaments.models import Round


@transaction.atomic
def adjust_seat(*, table: PlayerTable, deal_number: int, seat: str, value, user,
                note: str = "", origin: Origin = Origin()) -> SeatAdjustment:
    """Give ``seat`` at ``table`` an adjusted final on the deal (``value`` ``None`` or empty
    takes it back). Refused, naming the field, for a seat not at the table, a value outside
    0 to 2, or no reason."""
    deal_of(table, deal_number)
    if seat not in {s.value for s in form_of(table.round.championship).seats}:
        raise ReportRefused(_("%(value)s is not a seat at this table.") % {"value": seat},
                            "unknown_seat", "seat")
    if value in (None, ""):
        amount = None
    else:
        try:
            amount = Decimal(str(value).replace(",", "."))
        except InvalidOperation:
            amount = None
            raise ReportRefused(_("Adjusted score: a number from 0 to 2, such as 1.5."),
                                "adjusted_range", "value") from None
        if not Decimal(0) <= amount <= Decimal(2) or amount != amount.quantize(Decimal("0.0001")):
            raise ReportRefused(_("Adjusted score: a number from 0 to 2, such as 1.5."),
                                "adjusted_range", "value")
    if not note.strip():
        raise ReportRefused(_("Say why: the players read it in the history."), "note_missing",
                            "note")
    round_ = lock_table(table.pk, table.round_id)
    if round_.status == Round.Status.DRAFTED:
        raise ScoringError(_("This round has not been released yet."), code="drafted")
    adjustment = SeatAdjustment.objects.create(
        table=table, deal_number=deal_number, seat=seat, value=amount, note=note[:2000],
        by_director=user, **origin_fields(origin))
    changed(table, round_, deal_number)
    return adjustment
