"""Random legal play-outs of a deal, many at a time (rules.md 4).

:func:`random_playouts` plays a deal out ``count`` times, each card drawn at random among the
legal cards of the player due to play, and returns the NS points of each play-out. It is the
fast way to sample play (simulations, checks of how a deal tends to go); the rule it obeys is
``engine._kernel.legal_mask``, tested card for card against :func:`engine.play.legal_cards`.

It runs compiled by numba when that is installed, otherwise in plain Python; both give the
same play-outs for the same ``seed`` (a 32-bit xorshift generator of the kernel's own, not
Python's ``random``, so that the two backends agree).
"""

from __future__ import annotations

from engine import _backend
from engine.cards import Contract, Deal
from engine.play import Variant, _variant_flags
from engine.seats import Seat

__all__ = ["random_playouts"]

_TRUMP_NUMBER = {contract: i for i, contract in enumerate(Contract)}


def random_playouts(
    deal: Deal,
    dealer: Seat,
    contract: Contract,
    variant: Variant,
    count: int,
    seed: int = 1,
    backend: _backend.Backend | None = None,
) -> list[int]:
    """NS points (card points + 1 per trick) of ``count`` random legal play-outs of ``deal``."""
    if not isinstance(deal, Deal):
        raise TypeError(f"deal must be a Deal, not {deal!r}")
    if not isinstance(dealer, Seat) or not isinstance(contract, Contract):
        raise TypeError("dealer must be a Seat and contract a Contract")
    if not isinstance(count, int) or count < 0:
        raise ValueError(f"count must be a non-negative integer, not {count!r}")
    rule3, second_counts = _variant_flags(variant)
    b = backend or _backend.fastest()
    out = b.array(count, 0)
    b.playouts(*deal.masks, dealer.next.index, b.beaters[_TRUMP_NUMBER[contract]], rule3,
               second_counts, count, seed, out)
    return [int(points) for points in out]
