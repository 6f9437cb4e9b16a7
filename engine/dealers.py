"""Who deals each deal of a round, which side makes trumps, and which deals a round plays
(rules.md section 7).

The dealer rotates in the order of play from N on each round's first deal; deals are numbered
through the tournament, so every table of a round plays the same numbers.
"""

from __future__ import annotations

from .seats import Seat, Side

__all__ = ["dealer_for", "dealer_for_deal", "round_deal_numbers", "round_of_deal", "trump_side"]


# --- Deals and dealers -----------------------------------------------------------------


def dealer_for(position: int) -> Seat:
    """The dealer of the deal at ``position`` (1-based) within its round.

    The dealer rotates in the order of play: 1 -> N, 2 -> W, 3 -> S, 4 -> E, 5 -> N...
    """
    if isinstance(position, bool) or not isinstance(position, int) or position < 1:
        raise ValueError(f"position must be a positive integer, got {position!r}")
    seat = Seat.N
    for _ in range((position - 1) % 4):
        seat = seat.next
    return seat


def trump_side(dealer: Seat) -> Side:
    """The side that makes trumps on a deal: always the dealer's side (rules.md 3)."""
    return dealer.side


def _check_positive(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive integer, got {value!r}")


def round_deal_numbers(round_number: int, deals_per_match: int) -> range:
    """The deal numbers played in a round; deals are numbered through the tournament.

    ``round_deal_numbers(2, 4) == range(5, 9)`` (deals 5 to 8).
    """
    _check_positive("round_number", round_number)
    _check_positive("deals_per_match", deals_per_match)
    first = (round_number - 1) * deals_per_match + 1
    return range(first, first + deals_per_match)


def round_of_deal(deal_number: int, deals_per_match: int) -> tuple[int, int]:
    """The round of a deal and the deal's 1-based position within that round."""
    _check_positive("deal_number", deal_number)
    _check_positive("deals_per_match", deals_per_match)
    round_index, position = divmod(deal_number - 1, deals_per_match)
    return round_index + 1, position + 1


def dealer_for_deal(deal_number: int, deals_per_match: int) -> Seat:
    """The dealer of a deal numbered through the tournament."""
    return dealer_for(round_of_deal(deal_number, deals_per_match)[1])
