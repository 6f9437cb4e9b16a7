"""Championships with something to print in every printed sheet, and the address of each
sheet, for the print-ready page tests (``tournaments.print_pages``)."""

from __future__ import annotations

import sys
from pathlib import Path

from django.urls import reverse

from formats.duplicate_pairs.rounds import generate_schedule

# The free-deal factories live beside the format's tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "formats"))
from free_deal_factories import make_free_deal, next_round, play_round, win  # noqa: E402

from formats.duplicate_pairs import services as pairs_services  # noqa: E402
from scoring import services as scoring_services  # noqa: E402
from scoring.services import ResultData  # noqa: E402
from tournaments import services  # noqa: E402


def duplicate_event(director):
    """Six teams, round 1 closed with one confirmed result, results public, round 2
    released (its deals still secret)."""
    championship = services.create_championship(director, name="Obert de Tardor",
                                                 venue="Casal de Gràcia")
    for i in range(1, 7):
        services.add_team(championship, name=f"Equip Roure {i}", club="Club Lleidatà",
                          player1=f"Anna {i}", player2=f"Pere {i}")
    generate_schedule(championship)
    round1 = championship.rounds.get(number=1)
    services.release_round(round1, by=director)
    table = round1.tables.order_by("number").first()
    deal = round1.deals.order_by("number").first()
    entry, _ = pairs_services.submit_result(
        team=table.ns_team, table=table, deal=deal,
        data=ResultData(contract="O", points_ns=40), idempotency_key=None)
    pairs_services.confirm_entry(entry_id=entry.pk, team=table.ew_team)
    scoring_services.set_results_public(championship, True, user=director)
    services.close_round(round1, by=director)
    services.release_round(championship.rounds.get(number=2), by=director)
    championship.refresh_from_db()
    return championship


def free_deal_event(director):
    """Six pairs, round 1 played and closed, results public, round 2 paired."""
    championship = make_free_deal(director, pairs=6, rounds=3)
    round1 = next_round(championship, director)
    play_round(round1, lambda table: win())
    services.close_round(round1, by=director)
    scoring_services.set_results_public(championship, True, user=director)
    services.generate_next_round(championship)
    championship.refresh_from_db()
    return championship


def sheets(duplicate, free_deal) -> dict[str, tuple[str, bool]]:
    """Every printed sheet: name → (address, whether it is a director's)."""
    d, f = duplicate.pk, free_deal.pk
    return {
        "team cards": (reverse("tournaments:director_team_cards", args=[d]), True),
        "table cards": (reverse("tournaments:director_table_cards", args=[d, 1]), True),
        "deal sheets": (reverse("tournaments:director_round_deal_sheets", args=[d, 1]), True),
        "all deal sheets": (reverse("tournaments:director_deal_sheets", args=[d]), True),
        "ranking sheet": (f"/c/{d}/results/export/ranking_pdf/", False),
        "travellers": (f"/c/{d}/results/export/travellers_pdf/", False),
        "scorecards": (f"/c/{d}/results/export/scorecards_pdf/", False),
        "pairing sheets": (reverse("free_deal:pairing_sheets", args=[f, 2]), True),
        "free-deal team cards": (reverse("tournaments:director_team_cards", args=[f]), True),
        "free-deal ranking sheet": (f"/c/{f}/results/export/ranking_pdf/", False),
        "free-deal scorecards": (f"/c/{f}/results/export/scorecards_pdf/", False),
    }


#: A word each sheet shows (beyond the championship's name), to tell its content is there.
SHOWS = {
    "team cards": "Equip Roure 1", "table cards": "Equip Roure", "deal sheets": "Obert",
    "all deal sheets": "Obert", "ranking sheet": "Equip Roure", "travellers": "Equip Roure",
    "scorecards": "Equip Roure", "pairing sheets": "Parella",
    "free-deal team cards": "Parella 1", "free-deal ranking sheet": "Parella",
    "free-deal scorecards": "Parella",
}
