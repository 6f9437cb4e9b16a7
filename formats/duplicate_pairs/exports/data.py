"""What the exports of duplicate pairs show, read through the scoring selectors.

Exports count closed rounds only (up to the round the scope stands after,
``scoring.exports.data.export_scope``): the same standings, scores and counted results as
the public pages, and the deals of those rounds, whose cards are public
(``tournaments.selectors.deals_visible_to_public``), with their double-dummy analysis once
it is done (``tournaments.analysis_selectors``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from scoring import selectors
from scoring.models import ResultEntry
from scoring.selectors import RankingScope
from tournaments.analysis_selectors import AnalysisView, deal_analyses
from tournaments.models import Championship, Deal, Round, Table, Team
from tournaments.presentation import DealView, deal_view


def ranking(scope: RankingScope) -> list[selectors.StandingRow]:
    return selectors.standings(scope.championship, live=False, up_to=scope.up_to)


def counted_rounds(scope: RankingScope) -> list[Round]:
    return list(
        selectors.scored_rounds(scope.championship, live=False, up_to=scope.up_to)
        .select_related("bye_team").order_by("number")
    )


class CountedEntry(NamedTuple):
    """What the Results sheet shows of a counted result (a plain row)."""

    pk: int
    contract: str
    delegated: bool
    contro: bool
    recontro: bool
    points_ns: int
    breach: str

    @property
    def points_ew(self) -> int:
        return 72 - self.points_ns


@dataclass
class ResultLine:
    """One table on one deal, as the Results sheet and CSV list it."""

    round: int
    deal: int
    table: int
    ns_team: str  # "12. Name"
    ew_team: str
    entry: CountedEntry | None  # the counted result
    score: selectors.ScoreRow | None

    @property
    def ns_points(self) -> int | None:
        return self.entry.points_ns if self.entry else None

    @property
    def ew_points(self) -> int | None:
        return self.entry.points_ew if self.entry else None

    @property
    def ns_deal_score(self) -> int | None:
        return self.score.ns_deal_score if self.score and self.entry else None

    @property
    def ew_deal_score(self) -> int | None:
        return self.score.ew_deal_score if self.score and self.entry else None

    @property
    def ns_final(self) -> Fraction | None:
        return self.score.ns_final if self.score else None

    @property
    def ew_final(self) -> Fraction | None:
        return self.score.ew_final if self.score else None

    @property
    def ns_adjusted(self) -> bool:
        return bool(self.score and self.score.ns_adjusted)

    @property
    def ew_adjusted(self) -> bool:
        return bool(self.score and self.score.ew_adjusted)


def result_lines(scope: RankingScope) -> list[ResultLine]:
    """Every table of every deal of the counted rounds, by deal and table, read as plain
    rows; six queries (more only while some deal's stored scores are being rebuilt)."""
    round_ids = [r.pk for r in counted_rounds(scope)]
    tables_of: dict[int, list[tuple]] = {}
    for pk, round_id, round_number, number, ns_no, ns_name, ew_no, ew_name in (
        Table.objects.filter(round_id__in=round_ids).order_by("number").values_list(
            "id", "round_id", "round__number", "number", "ns_team__number", "ns_team__name",
            "ew_team__number", "ew_team__name",
        )
    ):
        tables_of.setdefault(round_id, []).append(
            (pk, round_number, number, f"{ns_no}. {ns_name}", f"{ew_no}. {ew_name}")
        )
    deals = list(
        Deal.objects.filter(round_id__in=round_ids).order_by("number")
        .values_list("id", "round_id", "number")
    )
    scores = {(s.table_id, s.deal_id): s for s in selectors.current_scores([d[0] for d in deals])}
    entry_ids = [s.entry_id for s in scores.values() if s.entry_id]
    entries = {
        row[0]: CountedEntry._make(row)
        for row in ResultEntry.objects.filter(pk__in=entry_ids).values_list(
            "id", "contract", "delegated", "contro", "recontro", "points_ns", "breach"
        )
    }
    lines = []
    for deal_id, round_id, deal_number in deals:
        for table_id, round_number, number, ns_team, ew_team in tables_of.get(round_id, []):
            score = scores.get((table_id, deal_id))
            entry = entries.get(score.entry_id) if score and score.entry_id else None
            lines.append(ResultLine(round_number, deal_number, number, ns_team, ew_team,
                                    entry, score))
    return lines


def teams(championship: Championship) -> list[Team]:
    """Every team, by number (what a sheet shows of them: never links or PINs)."""
    return list(championship.teams.order_by("number"))


@dataclass
class DealLine:
    round: int
    deal: Deal
    view: DealView
    analysis: AnalysisView | None = None  # None until the analysis is done

    @property
    def hands_text(self) -> dict[str, str]:
        """Each seat's hand, readable: "Oros 9 1 12 · Copes 1 8 …"."""
        return {
            seat: " · ".join(f"{suit.name} {suit.ranks}" for suit in hand.suits)
            for seat, hand in self.view.hands.items()
        }


def deals(scope: RankingScope) -> list[DealLine]:
    """The deals of the counted rounds (closed ones: their cards are public), with their
    analysis where it is done."""
    round_ids = [r.pk for r in counted_rounds(scope)]
    rows = list(
        Deal.objects.filter(round_id__in=round_ids, round__status=Round.Status.CLOSED)
        .select_related("round").order_by("number")
    )
    analyses = deal_analyses(rows)
    return [
        DealLine(deal.round.number, deal, deal_view(deal), analyses.get(deal.pk))
        for deal in rows
    ]


def rounds(championship: Championship) -> list[dict]:
    """Released and closed rounds: number, status, tables, deals, bye, times."""
    found = (
        championship.rounds.exclude(status=Round.Status.DRAFTED)
        .select_related("bye_team").order_by("number")
    )
    table_counts: dict[int, int] = {}
    for round_id in Table.objects.filter(round__in=found).values_list("round_id", flat=True):
        table_counts[round_id] = table_counts.get(round_id, 0) + 1
    deal_numbers: dict[int, list[int]] = {}
    for round_id, number in Deal.objects.filter(round__in=found).values_list("round_id", "number"):
        deal_numbers.setdefault(round_id, []).append(number)
    return [
        {
            "round": r,
            "tables": table_counts.get(r.pk, 0),
            "first_deal": min(deal_numbers.get(r.pk, [0])),
            "last_deal": max(deal_numbers.get(r.pk, [0])),
        }
        for r in found
    ]
