"""The standings (rules.md 6.6), from stored scores and byes."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Count

import engine
from scoring.models import DealScore
from tournaments.models import Championship, Deal, Round, Team


def scored_rounds(championship: Championship, *, live: bool):
    """The rounds whose scores count: released and closed ones (live) or closed ones only."""
    statuses = [Round.Status.CLOSED] + ([Round.Status.RELEASED] if live else [])
    return Round.objects.filter(championship=championship, status__in=statuses)


def _table_score(row: DealScore) -> engine.TableScore:
    breach = row.entry.breach if row.entry_id else engine.Breach.NONE.value
    return engine.TableScore(
        key=row.table_id,
        ns_deal_score=row.ns_deal_score,
        ew_deal_score=row.ew_deal_score,
        ns_final=row.ns_final,
        ew_final=row.ew_final,
        ns_adjusted=row.ns_adjusted,
        ew_adjusted=row.ew_adjusted,
        breach=engine.Breach(breach),
    )


def _round_deal_counts(championship: Championship, round_ids) -> dict[int, int]:
    counts = dict(
        Deal.objects.filter(round_id__in=round_ids)
        .values_list("round_id")
        .annotate(n=Count("id"))
        .values_list("round_id", "n")
    )
    # A round whose deals are not stored (yet) still plays deals_per_match deals.
    return {rid: counts.get(rid) or championship.deals_per_match for rid in round_ids}


@dataclass
class StandingRow:
    place: int
    shared: bool
    label: str
    team: Team
    total: Fraction
    deal_score_sum: int
    tops: int
    deals: int

    @property
    def total_shown(self) -> str:
        return engine.show_score(self.total)


def standings(championship: Championship, *, live: bool) -> list[StandingRow]:
    """The ranked standings (rules.md 6.6), from stored scores and byes, in four queries."""
    from engine import Tally

    rounds = list(scored_rounds(championship, live=live).values_list("id", "bye_team_id"))
    round_ids = [rid for rid, _ in rounds]
    teams = {team.pk: team for team in championship.teams.order_by("number")}
    tally = Tally(teams)
    rows = (
        DealScore.objects.filter(deal__round_id__in=round_ids)
        .select_related("table", "entry")
        .only(
            "table__ns_team_id", "table__ew_team_id", "entry__breach", "ns_deal_score",
            "ew_deal_score", "ns_final_num", "ns_final_den", "ew_final_num", "ew_final_den",
            "ns_adjusted", "ew_adjusted", "deal_id", "table_id", "entry_id",
        )
    )
    for row in rows:
        tally.add_table(_table_score(row), row.table.ns_team_id, row.table.ew_team_id)
    deal_counts = _round_deal_counts(championship, round_ids)
    for rid, bye_team_id in rounds:
        if bye_team_id:
            tally.add_bye(bye_team_id, deal_counts[rid])
    placed = engine.rank_standings(tally.lines())
    return [
        StandingRow(
            place=p.place,
            shared=p.shared,
            label=p.label,
            team=teams[p.line.team],
            total=p.line.total,
            deal_score_sum=p.line.deal_score_sum,
            tops=p.line.tops,
            deals=p.line.deals,
        )
        for p in placed
    ]


def ranking_for_pairing(championship: Championship) -> list[Team]:
    """The teams best first, for the Swiss pairing (registered in ``ScoringConfig.ready``)."""
    return [row.team for row in standings(championship, live=True)]


