"""Keys of the double-dummy search's transposition table (private; see ``engine._search``).

Written in the subset of Python that numba compiles, like the rest of the search.
"""

from __future__ import annotations


def tt_slot(key, key2, size_mask):
    """Where the key ``(key, key2)`` lives in the transposition table."""
    x = key ^ (key2 * 7) ^ (key2 >> 23)
    return (x ^ (x >> 19) ^ (x >> 37) ^ ((x & 0xFFFF) << 5)) & size_mask


def suit_key(hands, live, suit):
    """The cards left in one suit, up to rank equivalence (22 bits).

    The counting cards (9, 1, 12, 11, 10) are named, since their points differ; the others
    are described only by how many remain and who holds each, strongest first: the cards
    already gone between them change nothing in the rest of the play.
    """
    cards = (live >> (12 * suit)) & 0xFFF
    key = cards & 31
    rest = cards >> 5
    n = 0
    owners = 0
    while rest:
        low = rest & -rest
        rest ^= low
        bit = low << (12 * suit + 5)
        owner = 0
        if hands[1] & bit:
            owner = 1
        elif hands[2] & bit:
            owner = 2
        elif hands[3] & bit:
            owner = 3
        owners |= owner << (2 * n)
        n += 1
    return key | (n << 5) | (owners << 8)
