"""Seeded individual deals, identical at every table (rules.md 10 and 8).

The four-player form deals exactly the pairs' deal of the same key and number
(:func:`engine.dealing.generate_deal`): same construction, same commitment
(:func:`engine.dealing.key_commitment`), so a key revealed at the end checks both.

The three-player form uses the same construction on the 36-card deck:

1. the rank ``r`` is :func:`engine.dealing.uniform_rank` with the domain
   ``b"duplicada-deal-abarrotada3-v1"`` and the count ``36! / (12!)**3``
   (:data:`THREE_DEAL_COUNT`), i.e. HMAC-SHA256 blocks and rejection sampling as for pairs;
2. the deal is the ``r``-th sequence of 36 seats (N < E < S, each twelve times) written under
   the cards of :data:`~engine.abarrotada.forms.SHORT_DECK` in deck order, counted from 0.
"""

from __future__ import annotations

from math import factorial

from engine.cards import Card, Hand
from engine.dealing import check_key_and_number, generate_deal, uniform_rank
from engine.seats import Seat

from .forms import SHORT_DECK, Form

__all__ = ["THREE_DEAL_COUNT", "generate_individual_deal", "unrank_three"]

#: Number of different three-player deals: 36! / (12!)^3.
THREE_DEAL_COUNT: int = factorial(36) // factorial(12) ** 3
_THREE_DOMAIN = b"duplicada-deal-abarrotada3-v1"
_THREE_SEATS = Form.THREE.seats


def _ways(left: list[int]) -> int:
    """Ways to deal the remaining cards when each seat still needs ``left[i]`` cards."""
    if min(left) < 0:
        return 0
    ways = factorial(sum(left))
    for count in left:
        ways //= factorial(count)
    return ways


def unrank_three(rank: int) -> dict[Seat, Hand]:
    """The three-player deal of the given rank (step 2 above)."""
    if not 0 <= rank < THREE_DEAL_COUNT:
        raise ValueError("deal rank out of range")
    left = [12, 12, 12]
    held: list[list[Card]] = [[], [], []]
    for card in SHORT_DECK:
        for i in range(3):
            left[i] -= 1
            ways = _ways(left)
            if rank < ways:
                held[i].append(card)
                break
            rank -= ways
            left[i] += 1
    return {seat: Hand(cards) for seat, cards in zip(_THREE_SEATS, held, strict=True)}


def generate_individual_deal(key: bytes, number: int, form: Form) -> dict[Seat, Hand]:
    """Deal ``number`` of the event with secret ``key``, as each seat's hand.

    The same key, number and form always give the same deal; every table of the round plays it.
    """
    if not isinstance(form, Form):
        raise TypeError(f"form must be a Form, not {form!r}")
    check_key_and_number(key, number)
    if form is Form.FOUR:
        deal = generate_deal(key, number)
        return {seat: deal.hand(seat) for seat in form.seats}
    return unrank_three(uniform_rank(bytes(key), _THREE_DOMAIN, number, THREE_DEAL_COUNT))
