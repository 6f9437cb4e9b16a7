"""Bit layout of card sets and the lookup tables built on it (the engine's own workings).

A set of cards is held as an ``int`` with one bit per card. Card number ``i`` (its position in
``ALL_CARDS``) is bit ``i``, where ``i = suit * 12 + order``: suits in the fixed order oros,
copes, espases, bastos, and ``order`` the position in trick-taking order (0 for the 9, the
manilla, 1 for the as, ... 11 for the 2). So within a suit a *lower* bit is a *stronger* card,
and the lowest card of a suit held is the highest bit set in that suit's twelve bits.

Everything here is computed once at import; the play and dealing code then decides with a few
integer operations what would otherwise need loops over cards.
"""

from __future__ import annotations

__all__: list[str] = []  # not exported by ``engine``: its modules (and the formats' engines) use it

#: Ranks in trick-taking order, high to low (rules.md section 1).
TRICK_ORDER: tuple[int, ...] = (9, 1, 12, 11, 10, 8, 7, 6, 5, 4, 3, 2)
#: One character per rank, in the same order (rules.md section 2).
SYMBOLS = "9ARCS8765432"
#: Points of each rank.
RANK_POINTS: dict[int, int] = {9: 5, 1: 4, 12: 3, 11: 2, 10: 1}

SUIT_BITS = 0xFFF  # the twelve bits of one suit, before shifting
FULL = (1 << 48) - 1

#: ``SUIT_MASK[s]``: all twelve cards of suit number ``s``.
SUIT_MASK: tuple[int, ...] = tuple(SUIT_BITS << (12 * s) for s in range(4))
#: ``SUIT_OF[i]``: suit number of card ``i``.
SUIT_OF: tuple[int, ...] = tuple(i // 12 for i in range(48))
#: ``SUIT_MASK_OF[i]``: the suit mask of card ``i``.
SUIT_MASK_OF: tuple[int, ...] = tuple(SUIT_MASK[i // 12] for i in range(48))
#: ``HIGHER[i]``: cards of the same suit that are stronger than card ``i``.
HIGHER: tuple[int, ...] = tuple(((1 << i) - 1) & SUIT_MASK_OF[i] for i in range(48))
#: ``LOWER[i]``: cards of the same suit that are weaker than card ``i``.
LOWER: tuple[int, ...] = tuple(SUIT_MASK_OF[i] & ~((2 << i) - 1) for i in range(48))
#: The counting cards (9, 1, 12, 11, 10) of every suit: orders 0 to 4.
COUNTING: int = sum(0b11111 << (12 * s) for s in range(4))
#: ``POINTS_OF[i]``: card points of card ``i``.
POINTS_OF: tuple[int, ...] = tuple(RANK_POINTS.get(TRICK_ORDER[i % 12], 0) for i in range(48))

# Points of the five counting bits of one suit, indexed by those five bits.
_POINTS5: tuple[int, ...] = tuple(
    sum(POINTS_OF[o] for o in range(5) if m >> o & 1) for m in range(32)
)

# ``_LOWEST12[m]``: the weakest card (highest bit) of a twelve-bit suit holding ``m``; 0 if empty.
_LOWEST12: tuple[int, ...] = (0,) + tuple(1 << (m.bit_length() - 1) for m in range(1, 4096))


def points(mask: int) -> int:
    """Card points of the cards in ``mask``."""
    return (
        _POINTS5[mask & 31]
        + _POINTS5[mask >> 12 & 31]
        + _POINTS5[mask >> 24 & 31]
        + _POINTS5[mask >> 36 & 31]
    )


def lowest_per_suit(mask: int) -> int:
    """The weakest card of each suit present in ``mask``, as a mask."""
    return (
        _LOWEST12[mask & SUIT_BITS]
        | _LOWEST12[mask >> 12 & SUIT_BITS] << 12
        | _LOWEST12[mask >> 24 & SUIT_BITS] << 24
        | _LOWEST12[mask >> 36 & SUIT_BITS] << 36
    )


def _beaters(trump: int | None) -> tuple[int, ...]:
    """``result[i]``: the cards that would beat card ``i`` if it were winning a trick.

    A card beats the current winner when it is a stronger card of the winner's suit, or a trump
    while the winner is not a trump. (Cards of any other suit never beat.)
    """
    table = []
    for i in range(48):
        mask = HIGHER[i]
        if trump is not None and SUIT_OF[i] != trump:
            mask |= SUIT_MASK[trump]
        table.append(mask)
    return tuple(table)


#: ``BEATERS[t][i]`` for trump suit number ``t`` (0..3), or ``t = 4`` for Botifarra (no trumps).
BEATERS: tuple[tuple[int, ...], ...] = tuple(_beaters(t) for t in range(4)) + (_beaters(None),)


def bits(mask: int) -> list[int]:
    """Card numbers of the cards in ``mask``, in ascending order (suit order, strongest first)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
