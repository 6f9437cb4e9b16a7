"""Reads of the individual format: the reports that count, each seat's scores, and the
standings (rules.md 10.2).

Scores are not stored: a round's scores are computed from its counted reports with the
engine (``engine.abarrotada.score_individual_deal``), a handful of queries per request
whatever the number of tables. A report **counts** when it is the latest entry of its deal
at its table and it has been confirmed (by another player or by the director).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import CharField, Exists, IntegerField, OuterRef, Value

from engine.abarrotada import Form, Seating, score_individual_deal
from engine.final_scores import BYE_SCORE, TOP_SCORE
from engine.seats import Seat
from formats.abarrotada.models import DealReport, ReportReview, SeatAdjustment, SitOut
from formats.abarrotada.models import Seating as SeatRow
from formats.abarrotada.rules import stored_report
from formats.abarrotada.services.settings import form_of
from scoring.selectors.scores import plain_rows
from tournaments.models import Championship, Deal, Round, Team


@dataclass(slots=True)
class PlayerScore:
    """One player's score on one deal: at a table (``table``, ``seat``), or sitting out."""

    player_id: int
    round_number: int
    deal_number: int
    final: Fraction | None
    deal_score: int | None = None
    table: int | None = None
    seat: str = ""
    adjusted: bool = False
    breach: bool = False
    sit_out: bool = False
    #: The deal score the standings' tie-break counts (rules.md 10.2 and 6.6): only one that
    #: produced the final (a table without a breach, a seat not adjusted); else 0.
    counted_deal_score: int = 0


#: A seat's letter, without the enum's attribute lookup in the inner loop.
LETTER = {seat: seat.value for seat in Seat}


@dataclass
class PlayerLine:
    """A player's line in the standings; ``place`` is shared by equal lines (rules.md 6.6)."""

    player_id: int
    number: int
    name: str
    club: str
    withdrawn: bool
    total: Fraction = Fraction(0)
    deal_scores: int = 0
    tops: int = 0
    deals: int = 0
    place: int = 0
    scores: list[PlayerScore] = field(default_factory=list)

    @property
    def key(self) -> tuple:
        return (self.total, self.deal_scores, self.tops)


#: The fields of a report that scoring reads (``ReportRow``), in this order.
REPORT_FIELDS = ("id", "table_id", "deal_number", "maker", "contract", "contro_by",
                 "recontro_by", "sant_vicenc_by", "delegations", "estevet", "points_n",
                 "points_e", "points_s", "points_w", "breaches")


@dataclass(frozen=True, slots=True)
class ReportRow:
    """A counted report as scoring reads it (plain values: no model instance per row)."""

    id: int
    table_id: int
    deal_number: int
    maker: str
    contract: str
    contro_by: str
    recontro_by: str
    sant_vicenc_by: str
    delegations: int
    estevet: bool
    points_n: int
    points_e: int
    points_s: int
    points_w: int | None
    breaches: str

    @property
    def points(self) -> dict[str, int]:
        values = {"N": self.points_n, "E": self.points_e, "S": self.points_s,
                  "W": self.points_w}
        return {seat: value for seat, value in values.items() if value is not None}


def counted_reports(round_ids) -> dict[tuple[int, int], ReportRow]:
    """The report that counts at each (table id, deal number) of the rounds: the latest
    entry, if confirmed."""
    # The latest entry counts when it is confirmed (no entry can follow a confirmed one but
    # the director's, which is confirmed as it is stored). Two plain queries: cheaper than
    # an EXISTS per row.
    rows = (DealReport.objects.filter(table__round_id__in=round_ids).order_by("id")
            .values_list(*REPORT_FIELDS))
    latest: dict[tuple[int, int], tuple] = {}
    for row in plain_rows(rows):
        latest[row[1], row[2]] = row  # later ids replace earlier ones
    confirmed = {report_id for (report_id,) in plain_rows(
        ReportReview.objects.filter(report__table__round_id__in=round_ids,
                                    verdict=ReportReview.Verdict.CONFIRM)
        .order_by().values_list("report_id"))}
    make = ReportRow
    counted = {key: make(*row) for key, row in latest.items() if row[0] in confirmed}
    return counted


def adjustments_of(rounds) -> dict[tuple[int, int], dict[Seat, Fraction]]:
    """The director's adjusted finals by (table id, deal number), then seat: the latest row
    of each seat, an empty value taking the adjustment back."""
    latest: dict[tuple[int, int, str], object] = {}
    for table_id, number, seat, value in plain_rows(
            SeatAdjustment.objects.filter(table__round_id__in=rounds).order_by("id")
            .values_list("table_id", "deal_number", "seat", "value")):
        latest[table_id, number, seat] = value
    adjusted: dict[tuple[int, int], dict[Seat, Fraction]] = defaultdict(dict)
    for (table_id, number, seat), value in latest.items():
        if value is not None:
            adjusted[table_id, number][Seat(seat)] = Fraction(str(value))
    return dict(adjusted)


def _seats_and_sit_outs(round_ids) -> list[tuple]:
    """``(table id, table number, round id, seat, player id)`` of every seat of the rounds,
    then ``(None, None, round id, "", player id)`` of every sit-out: one query for both."""
    seats = (SeatRow.objects.filter(round_id__in=round_ids).order_by()
             .values_list("table_id", "table__number", "round_id", "seat", "player_id"))
    outs = (SitOut.objects.filter(round_id__in=round_ids).order_by()
            .values_list(Value(None, output_field=IntegerField()),
                         Value(None, output_field=IntegerField()), "round_id",
                         Value("", output_field=CharField()), "player_id"))
    return plain_rows(seats.union(outs, all=True))


def _deals(round_ids) -> list[tuple]:
    """``(round id, number, dealer, adjusted)`` of every deal of the rounds by number, where
    ``adjusted`` says whether any seat of the deal has an adjustment row: the adjustments'
    own query is then skipped when none has (the usual round)."""
    adjusted = Exists(SeatAdjustment.objects.filter(
        table__round_id=OuterRef("round_id"), deal_number=OuterRef("number")))
    return plain_rows(Deal.objects.filter(round_id__in=round_ids).order_by("number")
                      .values_list("round_id", "number", "dealer", adjusted))


def round_scores(championship: Championship, rounds: list[Round]) -> list[PlayerScore]:
    """Every player's score on every deal of ``rounds`` (rules.md 10.2; sit-outs 10.3).

    Four queries, five when a deal has an adjustment (pinned in
    tests/formats/test_abarrotada_scoring_costs.py)."""
    form = form_of(championship)
    round_ids = [r.pk for r in rounds]
    number_of = {r.pk: r.number for r in rounds}
    rows = _seats_and_sit_outs(round_ids)
    deals = _deals(round_ids)
    reports = counted_reports(round_ids)
    adjustments = (adjustments_of(round_ids) if any(row[3] for row in deals) else {})
    player_at: dict[tuple[int, str], int] = {}
    table_number: dict[int, int] = {}
    tables_of_round: dict[int, set[int]] = defaultdict(set)
    sit_outs: list[tuple[int, int]] = []
    for table_id, table, round_id, seat, player in rows:
        if table_id is None:
            sit_outs.append((round_id, player))
            continue
        player_at[table_id, seat] = player
        table_number[table_id] = table
        tables_of_round[round_id].add(table_id)
    ordered_tables = {round_id: sorted(tables) for round_id, tables in tables_of_round.items()}
    scores: list[PlayerScore] = []
    append = scores.append
    for round_id, number, dealer, _adjusted in deals:
        tables = ordered_tables.get(round_id, [])
        round_number = number_of[round_id]
        dealer_seat = Seat(dealer)
        played = [stored_report(reports[table_id, number], dealer_seat, form)
                  for table_id in tables if (table_id, number) in reports]
        adjusted = {table_id: adjustments[table_id, number] for table_id in tables
                    if (table_id, number) in adjustments}
        breached = {report.key for report in played if report.breaches}
        for table_id, by_seat in score_individual_deal(played, adjusted).items():
            valid = table_id not in breached
            for seat, score in by_seat.items():
                letter = LETTER[seat]
                player = player_at.get((table_id, letter))
                if player is None:
                    continue
                counted = score.deal_score if valid and not score.adjusted else None
                append(PlayerScore(player, round_number, number, score.final,
                                   score.deal_score, table_number[table_id], letter,
                                   score.adjusted, score.breach, False, counted or 0))
    deals_of_round: dict[int, list[int]] = defaultdict(list)
    for round_id, number, _dealer, _adjusted in deals:
        deals_of_round[round_id].append(number)
    for round_id, player in sit_outs:
        scores.extend(PlayerScore(player_id=player, round_number=number_of[round_id],
                                  deal_number=n, final=BYE_SCORE, sit_out=True)
                      for n in deals_of_round[round_id])
    return scores


def standings(championship: Championship, *, rounds: list[Round] | None = None
              ) -> list[PlayerLine]:
    """The players ranked by the sum of their finals, then of their deal scores, then tops
    (rules.md 10.2 and 6.6); ``rounds`` defaults to the closed ones."""
    if rounds is None:
        rounds = list(championship.rounds.filter(status=Round.Status.CLOSED))
    lines = {
        pk: PlayerLine(player_id=pk, number=number, name=name, club=club, withdrawn=withdrawn)
        for pk, number, name, club, withdrawn in Team.objects.filter(
            championship=championship).values_list("pk", "number", "name", "club", "withdrawn")
    }
    for score in round_scores(championship, rounds):
        line = lines.get(score.player_id)
        if line is None or score.final is None:
            continue
        line.scores.append(score)
        line.total += score.final
        line.deals += 1
        line.deal_scores += score.counted_deal_score
        line.tops += score.final == TOP_SCORE
    ordered = sorted(lines.values(), key=lambda line: (
        -line.total, -line.deal_scores, -line.tops, line.number))
    for i, line in enumerate(ordered):
        line.place = ordered[i - 1].place if i and ordered[i - 1].key == line.key else i + 1
    return ordered


def seating_history(championship: Championship) -> list[Seating]:
    """The rounds seated so far as the engine's ``Seating`` (for the next round's draw)."""
    tables: dict[int, dict[int, dict[Seat, int]]] = defaultdict(lambda: defaultdict(dict))
    for round_id, table_id, seat, player in SeatRow.objects.filter(
            round__championship=championship).values_list("round_id", "table_id", "seat",
                                                          "player_id"):
        tables[round_id][table_id][Seat(seat)] = player
    outs: dict[int, list[int]] = defaultdict(list)
    for round_id, player in SitOut.objects.filter(
            round__championship=championship).values_list("round_id", "player_id"):
        outs[round_id].append(player)
    round_ids = sorted(set(tables) | set(outs))
    return [Seating(tables=tuple(tables[r][t] for t in sorted(tables[r])),
                    sit_outs=tuple(outs[r])) for r in round_ids]


def form(championship: Championship) -> Form:
    return form_of(championship)


@dataclass
class DealState:
    """Where one deal of one table stands: the latest report and its reviews."""

    table_id: int
    deal_number: int
    report: DealReport | None = None
    confirmed: bool = False
    disputed: bool = False

    @property
    def status(self) -> str:
        if self.report is None:
            return "missing"
        if self.confirmed:
            return "confirmed"
        return "disputed" if self.disputed else "pending"


def deal_states(round_: Round, table_ids: list[int] | None = None) -> dict[tuple[int, int], DealState]:
    """Each (table id, deal number) of the round's tables (or of ``table_ids``): its latest
    report and whether it is confirmed or disputed. Three queries whatever the size."""
    tables = (list(table_ids) if table_ids is not None
              else list(round_.player_tables.values_list("pk", flat=True)))
    numbers = list(round_.deals.order_by("number").values_list("number", flat=True))
    states = {(t, n): DealState(t, n) for t in tables for n in numbers}
    latest: dict[tuple[int, int], DealReport] = {}
    for report in DealReport.objects.filter(table_id__in=tables).order_by("id"):
        latest[report.table_id, report.deal_number] = report
    verdicts: dict[int, set[str]] = defaultdict(set)
    for report_id, verdict in ReportReview.objects.filter(
            report_id__in=[r.pk for r in latest.values()]).values_list("report_id", "verdict"):
        verdicts[report_id].add(verdict)
    for key, report in latest.items():
        if key in states:
            state = states[key]
            state.report = report
            state.confirmed = ReportReview.Verdict.CONFIRM in verdicts[report.pk]
            state.disputed = ReportReview.Verdict.DISPUTE in verdicts[report.pk]
    return states


def missing_results(round_: Round) -> list[str]:
    """One line per deal of the round without a counted report (shown before closing)."""
    from django.utils.translation import gettext as _

    number_of = dict(round_.player_tables.values_list("pk", "number"))
    lines = []
    for (table_id, deal), state in sorted(deal_states(round_).items(),
                                          key=lambda item: (number_of[item[0][0]], item[0][1])):
        if state.confirmed:
            continue
        values = {"table": number_of[table_id], "deal": deal}
        if state.disputed:
            lines.append(_("Table %(table)s, deal %(deal)s: disputed") % values)
        elif state.report is not None:
            lines.append(_("Table %(table)s, deal %(deal)s: waiting for confirmation") % values)
        else:
            lines.append(_("Table %(table)s, deal %(deal)s: not entered") % values)
    return lines


@dataclass
class SeatView:
    seat: str
    number: int
    name: str


@dataclass
class TableView:
    """A table of a round as the grid and the API show it: who sits where, each deal."""

    table_id: int
    table: int
    seats: list[SeatView]
    deals: list[dict]


def round_view(round_: Round, table_ids: list[int] | None = None) -> list[TableView]:
    """The round's tables (or those of ``table_ids``) with their players and each deal's
    state: four queries whatever the number of tables."""
    tables = round_.player_tables.order_by("number")
    if table_ids is not None:
        tables = tables.filter(pk__in=table_ids)
    tables = list(tables.values_list("pk", "number"))
    ids = [pk for pk, _n in tables]
    seats: dict[int, list[SeatView]] = defaultdict(list)
    for table_id, seat, number, name in SeatRow.objects.filter(table_id__in=ids).order_by(
            "table_id", "seat").values_list("table_id", "seat", "player__number",
                                            "player__name"):
        seats[table_id].append(SeatView(seat, number, name))
    deals = list(round_.deals.order_by("number").values_list("number", "dealer"))
    states = deal_states(round_, ids)
    order = {letter: i for i, letter in enumerate("NESW")}
    return [TableView(pk, number, sorted(seats[pk], key=lambda s: order[s.seat]),
                      [{"deal": deal, "dealer": dealer, "state": states[pk, deal].status,
                        "report": states[pk, deal].report} for deal, dealer in deals])
            for pk, number in tables]


def sit_out_views(round_: Round) -> list[SeatView]:
    return [SeatView("", number, name) for number, name in round_.sit_outs.order_by(
        "player__number").values_list("player__number", "player__name")]
