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


# An entry's value packs the bounds found, the best card and the tricks left:
# ``low | high << 8 | (best card + 1) << 16 | tricks << 24``.


def tt_find(tt_key, base, key, key2):
    """The entry keyed ``(key, key2)`` in the two-entry bucket at ``base``, or -1."""
    if tt_key[2 * base] == key and tt_key[2 * base + 1] == key2:
        return base
    if tt_key[2 * base + 2] == key and tt_key[2 * base + 3] == key2:
        return base + 1
    return -1


def tt_store(tt_key, tt_val, base, key, key2, value):
    """Keep ``value`` for the key ``(key, key2)`` in the bucket at ``base``.

    The bucket's first entry keeps the position with the most tricks left (the most work a
    hit saves), the second the newest one: a deep entry is never pushed out by the many
    shallow positions searched after it, which is what made big tables pay on hard deals.
    """
    i = tt_find(tt_key, base, key, key2)
    if i < 0:
        if (tt_val[base] >> 24) <= (value >> 24):
            tt_key[2 * base + 2] = tt_key[2 * base]
            tt_key[2 * base + 3] = tt_key[2 * base + 1]
            tt_val[base + 1] = tt_val[base]
            i = base
        else:
            i = base + 1
    tt_key[2 * i] = key
    tt_key[2 * i + 1] = key2
    tt_val[i] = value
