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


def rest_keys_of(owners):
    """Every suit's :func:`suit_key` of its non-counting cards, by which of them are left.

    ``owners`` are the four hands of the deal (the cards each seat held at some moment of the
    play: a card's holder never changes). Entry ``128 * suit + pattern``, where bit ``j`` of
    ``pattern`` says the ``j``-th non-counting card of the suit is left. Built once a deal, so
    that the search finds a key with a few look-ups instead of a loop over the cards.
    """
    table = [0] * 512
    for suit in range(4):
        for pattern in range(128):
            table[128 * suit + pattern] = suit_key(owners, pattern << (12 * suit + 5), suit)
    return table


def position_keys(live, leader, rest_keys):
    """The two numbers keying a trick start in the table: four :func:`suit_key` and the leader."""
    k0 = (live & 31) | rest_keys[(live >> 5) & 127]
    k1 = ((live >> 12) & 31) | rest_keys[128 + ((live >> 17) & 127)]
    k2 = ((live >> 24) & 31) | rest_keys[256 + ((live >> 29) & 127)]
    k3 = ((live >> 36) & 31) | rest_keys[384 + ((live >> 41) & 127)]
    return k0 | (k1 << 22) | (leader << 44), k2 | (k3 << 22)


# An entry is two numbers, its key and what was found, packed so that a bucket of four entries
# fills one 64-byte line of the processor's cache: a look-up costs one trip to memory.
#   first:  ``key`` (46 bits) | low << 46 | high << 53
#   second: (``key2`` (44 bits) | (best card + 1) << 44 | tricks left << 50) ^ tt_mix(first)
# Values are at most 72, so 7 bits each. An empty entry is all zeros, which no position's key
# is (a position has cards left, so some suit's key is not zero).
#
# Two threads may share one table (a core with nothing left helps another with its contract,
# ``engine.solver``), and the two numbers of an entry are written one after the other: a thread
# could read the first number of a new entry with the second of the old one. The second number
# is therefore stored mixed with a scramble of the first, and a look-up that reads two numbers
# of different writes finds a key that matches nothing (but once in 2^44), so it never takes
# one position's bounds for another's.
KEY_BITS = (1 << 46) - 1
KEY2_BITS = (1 << 44) - 1
SECOND_BITS = (1 << 56) - 1
WAYS = 4


def tt_mix(first):
    """A scramble of an entry's first number, mixed into its second (see above).

    Products stay below 2^62, so plain Python and the compiled code give the same number.
    """
    return ((((first & 0x3FFFFFFF) * 0x9E3779B1) ^ ((first >> 30) * 0x85EBCA77)) >> 6) & SECOND_BITS


def tt_find(tt, bucket, key, key2):
    """The entry keyed ``(key, key2)`` in ``bucket``: ``(index in tt, first, second)``, the
    two numbers as read once (the second unmixed), or ``(-1, 0, 0)``."""
    i = bucket * 2 * WAYS
    for _ in range(WAYS):
        first = tt[i]
        if (first & KEY_BITS) == key:
            second = tt[i + 1] ^ tt_mix(first)
            if (second & KEY2_BITS) == key2:
                return i, first, second
        i += 2
    return -1, 0, 0


def tt_bounds(first):
    """The ``(low, high)`` bounds of an entry whose first number is ``first``."""
    return (first >> 46) & 127, (first >> 53) & 127


def tt_move(second):
    """The best card of an entry whose (unmixed) second number is ``second``, or -1."""
    return ((second >> 44) & 63) - 1


def tt_store(tt, bucket, key, key2, low, high, move, tricks):
    """Keep what was found for the key ``(key, key2)`` in ``bucket``.

    A new position takes the place of the entry with the fewest tricks left (an empty one
    first): the deep positions, whose hits save the most work, are not pushed out by the many
    shallow ones searched after them, which is what made big tables pay on hard deals.
    """
    i, _, _ = tt_find(tt, bucket, key, key2)
    if i < 0:
        j = bucket * 2 * WAYS
        i = j
        fewest = 99
        for _ in range(WAYS):
            t = ((tt[j + 1] ^ tt_mix(tt[j])) >> 50) & 63
            if t < fewest:
                fewest = t
                i = j
            j += 2
    first = key | (low << 46) | (high << 53)
    tt[i] = first
    tt[i + 1] = (key2 | ((move + 1) << 44) | (tricks << 50)) ^ tt_mix(first)
