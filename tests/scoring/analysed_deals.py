"""Deals that the double-dummy solver settles in a moment, for the tests that show an
analysis (rules.md 8.1) in exports, archives and the API.

Each seat holds one whole suit: a real deal, solved in well under a second, and the deals
differ by which seat holds which suit. The dealers rotate as in the factories, so some deals
have North-South making trumps and some East-West.
"""

from __future__ import annotations

from itertools import permutations

from tournaments.models import Deal, DealAnalysis, Round
from tournaments.services.analysis import analyse_deal

SUITS = ["9ARCS8765432...", ".9ARCS8765432..", "..9ARCS8765432.", "...9ARCS8765432"]
QUICK_DEALS = ["N:" + " ".join(hands) for hands in permutations(SUITS)]


def give_quick_deals(championship) -> None:
    """Replace the cards of the deals of ``championship``'s released and closed rounds by
    quick ones, marked as imported (a full backup checks generated deals against the key),
    written around the services as the factories write their rows."""
    deals = list(championship.deals.exclude(round__status=Round.Status.DRAFTED).order_by("number"))
    assert len(deals) <= len(QUICK_DEALS)
    for deal, cards in zip(deals, QUICK_DEALS, strict=False):
        Deal.objects.filter(pk=deal.pk).update(cards=cards, source=Deal.Source.IMPORTED)


def analyse(deals) -> dict[int, DealAnalysis]:
    """Analyse ``deals`` (whatever their round's state), by deal number."""
    stored = {}
    for deal in deals:
        analysis = analyse_deal(Deal.objects.select_related("championship").get(pk=deal.pk))
        assert analysis.status == DealAnalysis.Status.DONE, analysis.error
        stored[deal.number] = analysis
    return stored


def par_points(analysis: DealAnalysis, trump_side: str) -> int:
    """The trump makers' points in the par contract, from the stored row."""
    ns = analysis.table[analysis.par_contract]
    return ns if trump_side == "NS" else 72 - ns


def expected_tricks(analysis: DealAnalysis, dealer: str) -> list[dict]:
    """The stored line as numbered tricks, read by the engine's rules of play (rules.md 3):
    each card with its seat, and the seat that takes the trick."""
    import engine
    from engine.hand_records import line_tricks

    contract = engine.Contract(analysis.par_contract)
    played = [engine.parse_card(code) for code in analysis.line.split()]
    return [
        {"number": number,
         "cards": [{"seat": seat.value, "card": str(card)} for seat, card in trick],
         "winner": engine.trick_winner(trick, contract).value}
        for number, trick in enumerate(line_tricks(played, engine.Seat(dealer), contract),
                                       start=1)
    ]
