"""The fast core of play and of the double-dummy solver (private).

Everything here works on plain integers: a set of cards is a 48-bit mask (bit ``i`` is
``ALL_CARDS[i]``, see ``engine.card_bits``), seats are numbered N=0, E=1, S=2, W=3 (the next to
play is ``(seat + 3) & 3``, the partner ``seat ^ 2``, the side ``seat & 1``).

The functions are written in the small subset of Python that numba compiles, and run in two
ways from this one source (``engine._backend`` chooses):

- as ordinary Python, reading the tables below as tuples and lists; and
- compiled by numba, when it is installed, with the same tables as numpy arrays.

So there is one definition of each decision, and the tests run both and compare them. The rule
of play itself is :func:`legal_mask`: the same decision as ``engine.play.legal_card_mask``, tested
card for card against :func:`engine.play.legal_cards` on random positions of every variant.
"""

from __future__ import annotations

from engine import card_bits as T

# --- Tables (tuples here; numpy arrays in the compiled copy) -------------------------------

SUIT_MASK_OF = T.SUIT_MASK_OF
POINTS_OF = T.POINTS_OF
COUNTING = T.COUNTING
#: ``BEATERS[t][i]``: cards that beat card ``i`` when it is winning; ``t`` 0..3 trumps, 4 none.
BEATERS = T.BEATERS
#: The weakest card (highest bit) of a twelve-bit suit holding ``m``; 0 when empty.
LOWEST12 = T._LOWEST12
#: Number of cards in a twelve-bit group.
POP12 = tuple(m.bit_count() for m in range(4096))
#: Position of the lowest set bit of a twelve-bit group (0 for an empty group, never read).
LOWBIT12 = (0,) + tuple((m & -m).bit_length() - 1 for m in range(1, 4096))
#: Card points of the five counting cards of a suit, by those five bits.
POINTS5 = T._POINTS5

SUIT_BITS = 0xFFF


# --- Bits ----------------------------------------------------------------------------------


def popcount(mask):
    """Number of cards in ``mask``."""
    return (
        POP12[mask & SUIT_BITS]
        + POP12[(mask >> 12) & SUIT_BITS]
        + POP12[(mask >> 24) & SUIT_BITS]
        + POP12[(mask >> 36) & SUIT_BITS]
    )


def lowest_card(mask):
    """The card number of the lowest bit of a non-empty ``mask``."""
    for k in range(4):
        group = (mask >> (12 * k)) & SUIT_BITS
        if group:
            return 12 * k + LOWBIT12[group]
    return -1


def mask_points(mask):
    """Card points of ``mask``."""
    return (
        POINTS5[mask & 31]
        + POINTS5[(mask >> 12) & 31]
        + POINTS5[(mask >> 24) & 31]
        + POINTS5[(mask >> 36) & 31]
    )


def lowest_per_suit(mask):
    """The weakest card of each suit present in ``mask``."""
    return (
        LOWEST12[mask & SUIT_BITS]
        | (LOWEST12[(mask >> 12) & SUIT_BITS] << 12)
        | (LOWEST12[(mask >> 24) & SUIT_BITS] << 24)
        | (LOWEST12[(mask >> 36) & SUIT_BITS] << 36)
    )


# --- The rule of play (rules.md 4) -----------------------------------------------------------


def legal_mask(hand, led, winner, partner_winning, second, beaters, rule3, second_counts):
    """The legal cards of ``hand`` for a player who does not lead.

    ``led`` and ``winner`` are the card led and the card winning so far, ``partner_winning``
    whether the player's partner played it, ``second`` whether the player is second to the
    trick; ``beaters`` is the contract's row of ``BEATERS``; ``rule3`` says rule 3 is in force
    (eastern variants) and ``second_counts`` that the second player may always count.
    """
    following = hand & SUIT_MASK_OF[led]
    allowed = following if following else hand  # rule 1
    beat = allowed & beaters[winner]
    if beat and not partner_winning:
        return beat  # rule 2
    if not rule3:
        return allowed
    # Rule 3: a card that does not beat is the lowest of its suit, or (sometimes) counts.
    ok = lowest_per_suit(hand)
    if partner_winning or (second and (second_counts or not following)):
        ok |= COUNTING
    return beat | (allowed & ok)


# --- Random play-outs ------------------------------------------------------------------------


def next_random(state):
    """One step of a 32-bit xorshift generator (the same numbers in both backends)."""
    state ^= (state << 13) & 0xFFFFFFFF
    state ^= state >> 17
    state ^= (state << 5) & 0xFFFFFFFF
    return state


def pick(mask, state):
    """A card of ``mask`` chosen with ``state``: the ``state % n``-th of its ``n`` cards."""
    k = state % popcount(mask)
    for _ in range(k):
        mask &= mask - 1
    return lowest_card(mask)


def playouts(n, e, s, w, leader, beaters, rule3, second_counts, count, seed, out):
    """Play ``count`` random legal play-outs from a trick start; write NS points into ``out``.

    Every card is drawn uniformly (up to the generator) from the legal cards of the player due
    to play. Returns the generator's state, so that runs can be chained.
    """
    state = seed & 0xFFFFFFFF
    if state == 0:
        state = 2463534242
    for r in range(count):
        h0 = n
        h1 = e
        h2 = s
        h3 = w
        won = 0
        tricks = 0
        lead = leader
        # Twelve tricks from a full deal; fewer from a later trick start (the solver's guess).
        for _ in range(popcount(n)):
            seat = lead
            state = next_random(state)
            if seat == 0:
                c = pick(h0, state)
                h0 ^= 1 << c
            elif seat == 1:
                c = pick(h1, state)
                h1 ^= 1 << c
            elif seat == 2:
                c = pick(h2, state)
                h2 ^= 1 << c
            else:
                c = pick(h3, state)
                h3 ^= 1 << c
            led = c
            win = c
            wseat = seat
            taken = 1 << c
            for pos in range(1, 4):
                seat = (seat + 3) & 3
                if seat == 0:
                    hand = h0
                elif seat == 1:
                    hand = h1
                elif seat == 2:
                    hand = h2
                else:
                    hand = h3
                legal = legal_mask(
                    hand, led, win, wseat == (seat ^ 2), pos == 1, beaters, rule3, second_counts
                )
                state = next_random(state)
                c = pick(legal, state)
                bit = 1 << c
                if seat == 0:
                    h0 ^= bit
                elif seat == 1:
                    h1 ^= bit
                elif seat == 2:
                    h2 ^= bit
                else:
                    h3 ^= bit
                taken |= bit
                if (beaters[win] >> c) & 1:
                    win = c
                    wseat = seat
            if wseat & 1 == 0:
                won |= taken
                tricks += 1
            lead = wseat
        out[r] = mask_points(won) + tricks
    return state

