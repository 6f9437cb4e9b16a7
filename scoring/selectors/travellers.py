"""Travellers (every table on one deal, rules.md 6.4) and team scorecards."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Q

import engine
from scoring import numbers
from scoring.models import ResultEntry
from scoring.selectors.positions import deal_trump_side, models_q_team, opponent_of, team_side
from scoring.selectors.scores import CountedResult, ScoreRow, counted_results, current_scores
from scoring.selectors.standings import scored_rounds
from scoring.selectors.states import result_states
from scoring.selectors.tables import TableLine, table_lines
from tournaments.models import Deal, Round, Table, Team
from tournaments.presentation import signed


def show_deal_score(value: int | None) -> str:
    """A deal score with its sign, as rules.md 6.4 prints it: +4, −8 (a true minus), 0;
    a dash for none (``tournaments.presentation.signed``, the one signed formatter)."""
    return "–" if value is None else signed(value)


def show_final(value: Fraction | None) -> str:
    """A final score in the reader's language, or a dash."""
    return "–" if value is None else numbers.show_score(value)


@dataclass
class TravellerLine:
    table: TableLine
    trump_side: str  # the dealer's side, 'NS' or 'EW'
    entry: CountedResult | None  # the counted result
    score: ScoreRow | None

    @property
    def points(self) -> str:
        entry = self.entry
        return f"{entry.points_ns}-{72 - entry.points_ns}" if entry else ""

    @property
    def breach(self) -> str:
        """Which side broke the rules ('NS', 'EW', 'both'), or '' for none."""
        entry = self.entry
        return entry.breach if entry and entry.breach != ResultEntry.Breach.NONE else ""

    @property
    def botifarra_by(self) -> str:
        entry = self.entry
        if entry and entry.contract == ResultEntry.Contract.BOTIFARRA:
            return self.trump_side
        return ""

    @property
    def contro_by(self) -> str:
        entry = self.entry
        if entry and entry.contro:
            return engine.Side(self.trump_side).opponents.value
        return ""

    @property
    def ns_deal_score(self) -> str:
        return show_deal_score(self.score.ns_deal_score) if self.score else ""

    @property
    def ew_deal_score(self) -> str:
        return show_deal_score(self.score.ew_deal_score) if self.score else ""

    @property
    def ns_final(self) -> str:
        return show_final(self.score.ns_final) if self.score else ""

    @property
    def ew_final(self) -> str:
        return show_final(self.score.ew_final) if self.score else ""


def traveller(deal: Deal) -> list[TravellerLine]:
    """Every table's line for one deal (rules.md 6.4), table order, from plain rows in
    three queries (more only while the deal's stored scores are being rebuilt)."""
    tables = table_lines(deal.round_id)
    counted = counted_results(Q(deal_id=deal.pk))
    scores = {row.table_id: row for row in current_scores([deal.pk])}
    trump = deal_trump_side(deal)
    return [
        TravellerLine(t, trump, counted.get((t.pk, deal.pk)), scores.get(t.pk)) for t in tables
    ]


@dataclass
class ScorecardLine:
    round: Round
    deal: Deal | None
    table: Table | None
    direction: str  # "NS", "EW" or "bye"
    opponent: Team | None
    entry: ResultEntry | None
    deal_score: int | None
    final: Fraction | None
    adjusted: bool = False

    @property
    def points(self) -> str:
        if self.entry is None:
            return ""
        own = self.entry.points_ns if self.direction == "NS" else self.entry.points_ew
        return f"{own}-{72 - own}"

    @property
    def deal_score_shown(self) -> str:
        return show_deal_score(self.deal_score) if self.entry else "–"

    @property
    def final_shown(self) -> str:
        return show_final(self.final)


def scorecard(team: Team, *, live: bool, up_to: int | None = None
              ) -> tuple[list[ScorecardLine], Fraction]:
    """Every deal of the team in the scored rounds (up to round ``up_to``), and its exact
    total."""
    rounds = list(scored_rounds(team.championship, live=live, up_to=up_to).order_by("number"))
    round_ids = [r.pk for r in rounds]
    tables = list(
        Table.objects.filter(round_id__in=round_ids)
        .filter(models_q_team(team))
        .select_related("ns_team", "ew_team")
    )
    table_of_round = {t.round_id: t for t in tables}
    deals = list(Deal.objects.filter(round_id__in=round_ids).order_by("number"))
    deals_of_round: dict[int, list[Deal]] = defaultdict(list)
    for deal in deals:
        deals_of_round[deal.round_id].append(deal)
    counted: dict[tuple[int, int], ResultEntry] = {}
    states = result_states(tables, deals) if tables else {}
    for (table_id, deal_id), state in states.items():
        if state.counted:
            counted[(table_id, deal_id)] = state.counted
    scores = {
        (s.table_id, s.deal_id): s
        for s in current_scores([d.pk for d in deals], [t.pk for t in tables])
    }
    lines: list[ScorecardLine] = []
    total = Fraction(0)
    for round_ in rounds:
        table = table_of_round.get(round_.pk)
        has_bye = round_.bye_team_id == team.pk
        if table is not None and table.bye_team_id is not None:
            # The opponent withdrew before this round (rules.md 6.5): a bye, or nothing
            # for the withdrawn team.
            has_bye = table.bye_team_id == team.pk
            table = None
        if table is None:
            if has_bye:
                count = len(deals_of_round[round_.pk]) or team.championship.deals_per_match
                lines.append(
                    ScorecardLine(round_, None, None, "bye", None, None, None,
                                  engine.BYE_SCORE * count)
                )
                total += engine.BYE_SCORE * count
            continue
        direction = team_side(table, team)
        opponent = opponent_of(table, team.pk)
        for deal in deals_of_round[round_.pk]:
            score = scores.get((table.pk, deal.pk))
            entry = counted.get((table.pk, deal.pk))
            if score is None:
                final = deal_score = None
                adjusted = False
            elif direction == "NS":
                final, deal_score, adjusted = score.ns_final, score.ns_deal_score, score.ns_adjusted
            else:
                final, deal_score, adjusted = score.ew_final, score.ew_deal_score, score.ew_adjusted
            if final is not None:
                total += final
            lines.append(
                ScorecardLine(round_, deal, table, direction, opponent, entry, deal_score, final,
                              adjusted)
            )
    return lines, total


