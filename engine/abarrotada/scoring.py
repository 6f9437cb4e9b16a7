"""Duplicate scoring of individual play, by seat (rules.md 10.2 and 10.2a).

A table's :class:`TableReport` of one deal is checked by :func:`check_report`; its deal scores
are ``points - threshold`` (18, or 24 with three players), doubled for the trump maker who
chose Botifarra and for each player who said contro.  :func:`score_individual_deal` compares
each player only with the players who held the same seat's cards, with the pairs' formula
``1 + (p - min) / (max - min)`` (the pairs' own code, :func:`engine.final_scores.direction_finals`),
so every policy of rules.md 6.3 and 6.5 holds per seat:

- all equal (or a single valid result): 3/2; a breaching player scores 0 and the others at
  that table the average of the valid finals of their own seat (3/2 with none);
- adjusted scores replace a seat's final and take it out of that seat's pool; an adjusted
  table without a report leaves its unadjusted seats *not played* (``None``);
- a player sitting out (bye) scores :data:`~engine.final_scores.BYE_SCORE` a deal, given by the
  caller, not here (the bye has no table).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.cards import Contract
from engine.final_scores import BREACH_SCORE, adjusted_value, direction_finals
from engine.seats import Seat

from .errors import IndividualError
from .forms import DEAL_POINTS, Form

__all__ = [
    "ordinary_score",
    "MAX_DELEGATIONS",
    "SeatScore",
    "TableReport",
    "check_report",
    "check_scores",
    "score_individual_deal",
    "trump_maker",
]

#: Policy (rules.md 10.1): at most three delegations in a row; the fourth player asked chooses.
MAX_DELEGATIONS = 3


def trump_maker(dealer: Seat, delegations: int, form: Form = Form.FOUR) -> Seat:
    """Who names trumps after ``delegations`` delegations in a row from ``dealer`` (rules.md
    10.1): each passes the choice to the player on the left of the one delegating, against
    the order of play. With four players, from N: none, N; one, E; two, S (the dealer's
    partner, whom a pairs' delegation reaches: ``engine.dealers.trump_side``); three, W.
    With three players a third delegation brings the choice back to the dealer.
    """
    seat = dealer
    for _ in range(delegations):
        seat = form.left_of(seat)
    return seat


@dataclass(frozen=True, slots=True)
class TableReport:
    """What one table reports for one deal (rules.md 10.2)."""

    key: Hashable
    dealer: Seat
    maker: Seat
    contract: Contract
    points: Mapping[Seat, int]
    contro_by: frozenset[Seat] = frozenset()
    recontro_by: Seat | None = None
    sant_vicenc_by: Seat | None = None
    delegations: int = 0
    estevet: bool = False
    breaches: frozenset[Seat] = frozenset()
    form: Form = Form.FOUR


def check_report(report: TableReport) -> None:
    """Refuse a report that cannot be right, naming the field (IndividualError)."""
    check_scores(report)
    _check_trump_maker(report)


def check_scores(report: TableReport) -> None:
    """Refuse a report that cannot be scored: every check of :func:`check_report` but
    whether the delegations reached the trump maker (the scores take the maker as reported).
    Scoring asks only this, so that reports stored before that check existed still score as
    they were entered."""
    form = report.form
    seats = form.seats
    for name in ("dealer", "maker"):
        if getattr(report, name) not in seats:
            raise IndividualError(
                name, f"{getattr(report, name)} is not a seat at this table", code="unknown_seat"
            )
    if not isinstance(report.contract, Contract):
        raise IndividualError(
            "contract", f"{report.contract!r} is not a contract", code="unknown_contract"
        )
    for seat in seats:
        value = report.points.get(seat)
        if value is None:
            raise IndividualError(
                f"points.{seat}", f"{seat}'s points are missing", code="points_missing"
            )
        if value < 0:
            raise IndividualError(
                f"points.{seat}",
                f"{seat}'s points cannot be negative ({value})",
                code="negative_points",
                params={"seat": seat.value, "points": value},
            )
    extra = set(report.points) - set(seats)
    if extra:
        raise IndividualError(
            "points", "points for a seat that is not at this table", code="unknown_seat"
        )
    total = sum(report.points.values())
    if total != DEAL_POINTS:
        raise IndividualError(
            "points",
            f"the seats' points add up to {total}, not {DEAL_POINTS}",
            code="points_do_not_add_up",
            params={"sum": total},
        )
    if not 0 <= report.delegations <= MAX_DELEGATIONS:
        raise IndividualError(
            "delegations",
            f"{report.delegations} delegations; at most three",
            code="too_many_delegations",
            params={"delegations": report.delegations},
        )
    for name in ("contro_by", "breaches"):
        if not set(getattr(report, name)) <= set(seats):
            raise IndividualError(name, "a seat that is not at this table", code="unknown_seat")
    if report.maker in report.contro_by:
        raise IndividualError(
            "contro_by", f"{report.maker} made trumps and cannot say contro", code="contro_by_maker"
        )
    if report.estevet:
        if report.maker is report.dealer:
            raise IndividualError(
                "estevet",
                "an Estevet passes the choice: the dealer cannot make trumps",
                code="estevet_by_maker",
            )
        if report.delegations < 1:
            raise IndividualError(
                "delegations",
                "an Estevet is a delegation; none was reported",
                code="estevet_without_delegation",
            )
    if report.recontro_by is not None:
        if report.recontro_by is not report.maker:
            raise IndividualError(
                "recontro_by",
                f"only the trump maker ({report.maker}) may say recontro",
                code="recontro_by_other",
                params={"seat": str(report.recontro_by)},
            )
        if not _contro_seats(report):
            raise IndividualError(
                "recontro_by", "a recontro needs a contro", code="recontro_without_contro"
            )
    if report.sant_vicenc_by is not None:
        if report.recontro_by is None:
            raise IndividualError(
                "sant_vicenc_by",
                "Sant Vicenç needs a recontro",
                code="sant_vicenc_without_recontro",
            )
        if report.sant_vicenc_by not in _contro_seats(report):
            raise IndividualError(
                "sant_vicenc_by",
                "only a player who said contro may say Sant Vicenç",
                code="sant_vicenc_by_other",
            )


def _check_trump_maker(report: TableReport) -> None:
    """The trump maker is the player the delegations reached (checked after the others, so
    that their refusals keep their precedence)."""
    chooser = trump_maker(report.dealer, report.delegations, report.form)
    if report.maker is chooser:
        return
    if report.estevet and chooser is report.dealer:
        # Three players: a third delegation hands an Estevet back to its own dealer.
        raise IndividualError(
            "delegations",
            f"{report.delegations} delegations bring the choice back to the dealer "
            f"({report.dealer}), who cannot make trumps in an Estevet",
            code="estevet_back_to_dealer",
            params={"delegations": report.delegations, "dealer": report.dealer.value},
        )
    raise IndividualError(
        "maker",
        f"with {report.dealer} dealing and {report.delegations} delegations, {chooser} "
        f"names trumps, not {report.maker}",
        code="maker_not_reached",
        params={
            "dealer": report.dealer.value,
            "delegations": report.delegations,
            "seat": chooser.value,
            "maker": report.maker.value,
        },
    )


def _contro_seats(report: TableReport) -> frozenset[Seat]:
    """Who said contro: as reported, and the dealer of an Estevet."""
    seats = frozenset(report.contro_by)
    return seats | {report.dealer} if report.estevet else seats


def ordinary_score(points: int, form: Form, multiplier: int = 1) -> int:
    """A player's ordinary score of one hand (rules.md 10.1): the points above the threshold
    (18, or 24 with three players), times the multiplier; nothing at or below it.

    ``ordinary_score(26, Form.FOUR) == 8``.
    """
    if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= DEAL_POINTS:
        raise ValueError(f"points must be a whole number from 0 to {DEAL_POINTS}, not {points!r}")
    if isinstance(multiplier, bool) or not isinstance(multiplier, int) or multiplier < 1:
        raise ValueError(f"the multiplier must be a whole number from 1, not {multiplier!r}")
    return max(0, points - form.threshold) * multiplier


def deal_scores(report: TableReport) -> dict[Seat, int]:
    """Each seat's deal score: points above the threshold, doubled for an announcer.

    Announcers: the trump maker who chose Botifarra; each player who said contro (the dealer
    of an Estevet included).  Recontro and Sant Vicenç change nothing.
    """
    contro = _contro_seats(report)
    threshold = report.form.threshold
    scores = {}
    for seat in report.form.seats:
        score = report.points[seat] - threshold
        if seat in contro or (seat is report.maker and report.contract is Contract.BOTIFARRA):
            score *= 2
        scores[seat] = score
    return scores


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's score at one table on one deal.

    ``deal_score`` is ``None`` when the table has no report (an adjusted, unplayed deal);
    ``final`` is ``None`` when that seat has not played it and was not adjusted.
    """

    deal_score: int | None
    final: Fraction | None
    adjusted: bool = False
    breach: bool = False


def score_individual_deal(
    reports: Sequence[TableReport],
    adjustments: Mapping[Hashable, Mapping[Seat, Fraction]] | None = None,
) -> dict[Hashable, dict[Seat, SeatScore]]:
    """Score one deal at every table, seat by seat (rules.md 10.2).

    ``reports`` holds one checked report per table that played the deal; ``adjustments`` maps a
    table key to the director's adjusted finals by seat (the table may have no report).
    Returns, per table key, each seat's :class:`SeatScore`.
    """
    adjustments = {
        key: {Seat(seat): adjusted_value(value) for seat, value in sides.items()}
        for key, sides in (adjustments or {}).items()
        if sides
    }
    forms = {report.form for report in reports}
    dealers = {report.dealer for report in reports}
    if len(forms) > 1 or len(dealers) > 1:
        raise ValueError("the reports of one deal disagree on the form or the dealer")
    keys = [report.key for report in reports]
    if len(set(keys)) != len(keys):
        raise ValueError("two reports for one table on one deal")
    form = forms.pop() if forms else Form.FOUR
    for report in reports:
        check_scores(report)

    by_table = {report.key: deal_scores(report) for report in reports}
    finals: dict[Seat, dict[int, Fraction]] = {}
    averages: dict[Seat, Fraction] = {}
    for seat in form.seats:
        pool = [
            by_table[report.key][seat]
            for report in reports
            if not report.breaches and seat not in adjustments.get(report.key, {})
        ]
        finals[seat], averages[seat] = direction_finals(pool)

    result: dict[Hashable, dict[Seat, SeatScore]] = {}
    for report in reports:
        adjusted = adjustments.get(report.key, {})
        seats = {}
        for seat in form.seats:
            score = by_table[report.key][seat]
            if seat in report.breaches:
                final = BREACH_SCORE
            elif report.breaches:
                final = averages[seat]
            else:
                final = finals[seat].get(score)  # None only for an adjusted seat (replaced below)
            value = adjusted.get(seat)
            seats[seat] = SeatScore(
                deal_score=score,
                final=final if value is None else value,
                adjusted=value is not None,
                breach=seat in report.breaches,
            )
        result[report.key] = seats
    for key, adjusted in adjustments.items():
        if key in result:
            continue
        result[key] = {
            seat: SeatScore(deal_score=None, final=adjusted.get(seat), adjusted=seat in adjusted)
            for seat in form.seats
        }
    return result
