"""Between the database and ``engine.abarrotada``: a table's report as the engine's
``TableReport``, and the engine's refusals as translated messages naming the field. No rule
is decided here; they are the engine's (rules.md 10.1 and 10.2)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.abarrotada import Form, IndividualError, TableReport, check_report, check_scores
from engine.cards import Contract
from engine.seats import Seat
from scoring.services.values import ScoringError


class ReportRefused(ScoringError):
    """A deal report the rules refuse; ``field`` names the form field it concerns."""

    def __init__(self, message: str, code: str, field: str):
        super().__init__(message, code=code)
        self.field = field


@dataclass(frozen=True)
class ReportValues:
    """What a table reports of one deal (rules.md 10.2), as typed; checked by the rules.
    Seats are letters ("N", "E", "S", "W"); ``points`` maps each seat to its points."""

    maker: str
    contract: str
    points: dict[str, int]
    contro_by: str = ""
    recontro_by: str = ""
    sant_vicenc_by: str = ""
    delegations: int = 0
    estevet: bool = False
    breaches: str = ""

    def report_fields(self) -> dict:
        return {
            "maker": self.maker, "contract": self.contract,
            "contro_by": _in_order(self.contro_by), "recontro_by": self.recontro_by or "",
            "sant_vicenc_by": self.sant_vicenc_by or "", "delegations": self.delegations,
            "estevet": self.estevet, "breaches": _in_order(self.breaches),
            "points_n": self.points.get("N"), "points_e": self.points.get("E"),
            "points_s": self.points.get("S"), "points_w": self.points.get("W"),
        }


def _in_order(seats: str) -> str:
    return "".join(s for s in "NESW" if s in (seats or ""))


_SEATS = {seat.value: seat for seat in Seat}
_CONTRACTS = {contract.value: contract for contract in Contract}


def _seat(letter: str, name: str) -> Seat:
    try:
        return _SEATS[letter]
    except KeyError:
        raise ReportRefused(_("%(value)s is not a seat (N, E, S or W).") % {"value": letter},
                            "unknown_seat", name) from None


def _seats(letters: str, name: str) -> frozenset[Seat]:
    return frozenset(_seat(letter, name) for letter in (letters or ""))


def table_report(key, values, *, dealer: str, form: Form) -> TableReport:
    """The engine's report of ``values`` (a :class:`ReportValues` or a stored
    ``DealReport``), unchecked. Raises :class:`ReportRefused` for a seat or contract that
    does not exist."""
    try:
        contract = _CONTRACTS[values.contract]
    except KeyError:
        raise ReportRefused(_("Contract: %(value)s is not a suit or Botifarra.")
                            % {"value": values.contract}, "unknown_contract",
                            "contract") from None
    points = values.points
    return TableReport(
        key=key, dealer=_SEATS[dealer], maker=_seat(values.maker, "maker"), contract=contract,
        points={_seat(s, "points"): p for s, p in points.items()},
        contro_by=_seats(values.contro_by, "contro_by"),
        recontro_by=_seat(values.recontro_by, "recontro_by") if values.recontro_by else None,
        sant_vicenc_by=(_seat(values.sant_vicenc_by, "sant_vicenc_by")
                        if values.sant_vicenc_by else None),
        delegations=values.delegations, estevet=bool(values.estevet),
        breaches=_seats(values.breaches, "breaches"), form=form,
    )


def stored_report(row, dealer: Seat, form: Form) -> TableReport:
    """The engine's report of a stored row (``selectors.ReportRow``), which was checked when
    it was entered: the fast path of scoring, without :func:`table_report`'s refusals."""
    seat = _SEATS
    points = {Seat.N: row.points_n, Seat.E: row.points_e, Seat.S: row.points_s}
    if row.points_w is not None:
        points[Seat.W] = row.points_w
    return TableReport(
        key=row.table_id, dealer=dealer, maker=seat[row.maker],
        contract=_CONTRACTS[row.contract], points=points,
        contro_by=frozenset(seat[s] for s in row.contro_by),
        recontro_by=seat[row.recontro_by] if row.recontro_by else None,
        sant_vicenc_by=seat[row.sant_vicenc_by] if row.sant_vicenc_by else None,
        delegations=row.delegations, estevet=bool(row.estevet),
        breaches=frozenset(seat[s] for s in row.breaches), form=form,
    )


def check_values(values: ReportValues, *, dealer: str, form: Form, stored: bool = False) -> None:
    """Refuse (``ReportRefused``, translated, naming the field) a report the rules refuse.
    ``stored``: a report entered earlier (an archive's row) is held only to what scoring
    needs, as :func:`stored_report` is: reports kept before the delegations' check existed
    (rules.md 10.1) still import as they were entered."""
    for seat in values.points:
        if seat not in {s.value for s in form.seats}:
            raise ReportRefused(_("Seat %(seat)s does not play in this form of the game.")
                                % {"seat": seat}, "unknown_seat", f"points_{seat.lower()}")
    try:
        check = check_scores if stored else check_report
        check(table_report(None, values, dealer=dealer, form=form))
    except IndividualError as error:
        raise ReportRefused(report_message(error), error.code, _field_name(error.field)) \
            from None


def _field_name(engine_field: str) -> str:
    # "points.N" is the form's "points_n"; a sum that does not add up belongs to the points.
    if engine_field.startswith("points."):
        return "points_" + engine_field.split(".", 1)[1].lower()
    return engine_field


def report_message(error: IndividualError) -> str:
    """The engine's refusal in the page's language (by its code and params)."""
    p = error.params
    messages = {
        "points_do_not_add_up": lambda: _(
            "Points: the seats' points add up to %(sum)s, not 72.") % {"sum": p.get("sum")},
        "points_missing": lambda: _("Points: every seat's points are needed."),
        "negative_points": lambda: _("Points cannot be negative."),
        "too_many_delegations": lambda: _(
            "Delegations: at most three in a row; the fourth player asked must choose."),
        "contro_by_maker": lambda: _(
            "Contro: the trump maker cannot say contro (only the other players may)."),
        "estevet_by_maker": lambda: _(
            "Estevet: the dealer passes the choice, so the dealer cannot make trumps."),
        "estevet_without_delegation": lambda: _(
            "Estevet: an Estevet is a delegation; enter at least one delegation."),
        "estevet_back_to_dealer": lambda: _(
            "Delegations: %(count)s delegations bring the choice back to the dealer "
            "(%(dealer)s), who cannot make trumps in an Estevet.") % {
            "count": p.get("delegations"), "dealer": p.get("dealer")},
        "maker_not_reached": lambda: ngettext(
            "Trump maker: with %(dealer)s dealing and %(count)s delegation, the choice falls "
            "to %(seat)s, not %(maker)s (each delegation passes it to the player on the left).",
            "Trump maker: with %(dealer)s dealing and %(count)s delegations, the choice falls "
            "to %(seat)s, not %(maker)s (each delegation passes it to the player on the left).",
            p.get("delegations") or 0) % {
            "dealer": p.get("dealer"), "count": p.get("delegations"), "seat": p.get("seat"),
            "maker": p.get("maker")},
        "recontro_by_other": lambda: _(
            "Recontro: only the trump maker may say recontro."),
        "recontro_without_contro": lambda: _("Recontro: a recontro needs a contro."),
        "sant_vicenc_by_other": lambda: _(
            "Sant Vicenç: only a player who said contro may say Sant Vicenç."),
        "sant_vicenc_without_recontro": lambda: _(
            "Sant Vicenç: Sant Vicenç needs a recontro."),
        "unknown_seat": lambda: _("A seat that is not at this table."),
        "unknown_contract": lambda: _("Contract: choose a suit or Botifarra."),
    }
    build = messages.get(error.code)
    return build() if build else _("This report is not valid: %(reason)s") % {
        "reason": error.message}
