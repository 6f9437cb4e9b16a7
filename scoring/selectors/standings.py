"""The standings (rules.md 6.6), from the current scores (``scores``) and byes."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import engine
from scoring import numbers
from scoring.selectors.scores import standing_rows
from tournaments.models import Championship, Deal, Round, Table, Team


def scored_rounds(championship: Championship, *, live: bool, up_to: int | None = None):
    """The rounds whose scores count: released and closed ones (live) or closed ones only;
    with ``up_to``, only rounds numbered up to it (a ranking "after round N", ``scope``)."""
    statuses = [Round.Status.CLOSED] + ([Round.Status.RELEASED] if live else [])
    rounds = Round.objects.filter(championship=championship, status__in=statuses)
    return rounds if up_to is None else rounds.filter(number__lte=up_to)


def _round_deals(championship: Championship, round_ids) -> tuple[list[int], dict[int, int]]:
    """The deal ids of these rounds, and how many deals each round plays."""
    deal_ids = []
    counts = dict.fromkeys(round_ids, 0)
    for deal_id, round_id in Deal.objects.filter(round_id__in=round_ids).values_list(
        "id", "round_id"
    ):
        deal_ids.append(deal_id)
        counts[round_id] += 1
    # A round whose deals are not stored (yet) still plays deals_per_match deals.
    return deal_ids, {rid: n or championship.deals_per_match for rid, n in counts.items()}


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
        """The total in the reader's language (decimal comma in Catalan and Spanish)."""
        return numbers.show_score(self.total)

    @property
    def total_plain(self) -> str:
        """The total with a decimal point, for machines (the API)."""
        return engine.show_score(self.total)


def standings(championship: Championship, *, live: bool, up_to: int | None = None
              ) -> list[StandingRow]:
    """The ranked standings (rules.md 6.6), from the current scores and byes, of the scored
    rounds (up to round ``up_to`` when given).

    Six queries whatever the size of the event; the score rows are read as plain tuples
    and their finals added as integer fractions (``Tally.add_table_rows``).
    """
    rounds = list(
        scored_rounds(championship, live=live, up_to=up_to).values_list("id", "bye_team_id")
    )
    round_ids = [rid for rid, _ in rounds]
    teams = {team.pk: team for team in championship.teams.order_by("number")}
    tally = engine.Tally(teams)
    deal_ids, deal_counts = _round_deals(championship, round_ids)
    seats = {}
    withdrawal_byes = []  # (round id, team id): the opponent withdrew (rules.md 6.5)
    for table_id, rid, ns, ew, bye in Table.objects.filter(round_id__in=round_ids).values_list(
        "id", "round_id", "ns_team_id", "ew_team_id", "bye_team_id"
    ):
        seats[table_id] = (ns, ew)
        if bye:
            withdrawal_byes.append((rid, bye))
    tally.add_table_rows(
        (*seats[table_id], ns_num, ns_den, ew_num, ew_den, ns_score, ew_score)
        for table_id, ns_num, ns_den, ew_num, ew_den, ns_score, ew_score
        in standing_rows(deal_ids)
    )
    for rid, bye_team_id in rounds:
        if bye_team_id:
            tally.add_bye(bye_team_id, deal_counts[rid])
    for rid, bye_team_id in withdrawal_byes:
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


