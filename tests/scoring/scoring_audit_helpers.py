"""What the scoring audit's tests share: entering a confirmed result, and reading the finals
and the stored scores back (importable from the test modules)."""

from __future__ import annotations

from scoring_factories import result, scores_of

from formats.duplicate_pairs import services as pairs_services
from scoring import services
from scoring.models import DealScore


def enter(team, table, deal, **values):
    """A team enters a result and the other team confirms it."""
    entry, _created = pairs_services.submit_result(
        team=team, table=table, deal=deal, data=result(**values), idempotency_key=None
    )
    other = table.ew_team if team.pk == table.ns_team_id else table.ns_team
    pairs_services.confirm_entry(entry_id=entry.pk, team=other)
    return entry


def finals(deal):
    """table number -> (NS final, EW final, NS deal score, EW deal score)."""
    numbers = dict(deal.round.tables.values_list("id", "number"))
    return {
        numbers[table_id]: (s.ns_final, s.ew_final, s.ns_deal_score, s.ew_deal_score)
        for table_id, s in scores_of(deal).items()
    }


def snapshot(championship):
    """The stored scores, once the background rebuild has caught up."""
    services.rebuild_stale_deals()
    return sorted(
        DealScore.objects.filter(deal__championship=championship).values_list(
            "table_id", "deal_id", "entry_id", "ns_deal_score", "ew_deal_score",
            "ns_final_num", "ns_final_den", "ew_final_num", "ew_final_den",
            "ns_adjusted", "ew_adjusted",
        )
    )


def director_of(championship):
    return championship.directors.first()
