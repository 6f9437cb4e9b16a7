"""Tricks: which card wins a trick, which card beats another, and which cards the next
player may play (rules.md section 4).

The rules are read as set out in :mod:`engine.play`. The decisions work on 48-bit card masks
(see ``engine.card_bits``); :func:`trick_winner`, :func:`beats` and :func:`legal_cards` give
them with cards and seats, and :func:`random_legal_play` plays a whole deal out with them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine import card_bits as T
from engine.cards import ALL_CARDS, Card, Contract, Deal, Hand
from engine.rules_of_play import Variant
from engine.seats import Seat

__all__ = ["CardSet", "beats", "legal_cards", "random_legal_play", "trick_winner"]


# --- Internal representation ---------------------------------------------------------------
# Seats are numbered in notation order (N=0, E=1, S=2, W=3), so the next seat to play is
# (i + 3) & 3, the partner is i ^ 2, and i & 1 is the side (0 = NS, 1 = EW). Cards are their
# ALL_CARDS indices, sets of cards are masks.

_NEXT = (3, 0, 1, 2)
_NEXT_SEAT = {seat: seat.next for seat in Seat}
_TRUMP_INDEX = {
    Contract.OROS: 0,
    Contract.COPES: 1,
    Contract.ESPASES: 2,
    Contract.BASTOS: 3,
    Contract.BOTIFARRA: 4,
}


def beaters_of(contract: Contract) -> tuple[int, ...]:
    """``result[i]``: the cards that would beat card ``i`` winning a trick under ``contract``
    (its trump suit, or none for Botifarra)."""
    try:  # one dictionary look-up: this is asked card after card
        return _BEATERS_OF[contract]
    except (KeyError, TypeError):
        raise TypeError(f"contract must be a Contract, not {contract!r}") from None


def _variant_flags(variant: Variant) -> tuple[bool, bool]:
    """(rule 3 in force, second player may count when following)."""
    try:
        return _FLAGS_OF[variant]
    except (KeyError, TypeError):
        raise TypeError(f"variant must be a Variant, not {variant!r}") from None


_BEATERS_OF = {contract: T.BEATERS[i] for contract, i in _TRUMP_INDEX.items()}
_FLAGS_OF = {
    v: (v is not Variant.WESTERN, v is Variant.EASTERN_SECOND_COUNTS) for v in Variant
}


def legal_card_mask(
    hand: int,
    led: int,
    winner: int,
    partner_winning: bool,
    second: bool,
    beaters: tuple[int, ...],
    rule3: bool,
    second_counts: bool,
) -> int:
    """The legal cards of ``hand`` for a player who is not leading.

    ``led`` and ``winner`` are the card led and the card currently winning; ``second`` says the
    player is the second to the trick.
    """
    following = hand & T.SUIT_MASK_OF[led]
    allowed = following or hand  # rule 1
    beat = allowed & beaters[winner]
    if beat and not partner_winning:
        return beat  # rule 2
    if not rule3:
        return allowed
    # Rule 3: cards that do not beat are limited to the lowest of their suit, or counting cards.
    ok = T.lowest_per_suit(hand)
    if partner_winning or (second and (second_counts or not following)):
        ok |= T.COUNTING
    return beat | (allowed & ok)


def beats(card: Card, winning: Card, contract: Contract) -> bool:
    """Whether ``card`` would take a trick currently won by ``winning`` under ``contract``.

    True for a stronger card of the same suit, or for a trump when ``winning`` is not a trump.
    """
    return bool(beaters_of(contract)[winning.index] >> card.index & 1)


def _check_trick(trick: Sequence[tuple[Seat, Card]]) -> int:
    """Raise unless ``trick`` is a possible trick; its cards' mask (one pass, no sets built)."""
    if len(trick) > 4:
        raise ValueError("a trick has at most four cards")
    mask = 0
    before = None
    for seat, card in trick:
        if before is not None and seat is not before.next:
            raise ValueError(f"{seat} cannot play after {before}: play goes anticlockwise")
        bit = 1 << card.index
        if mask & bit:
            raise ValueError(f"{card} appears twice in the trick")
        mask |= bit
        before = seat
    return mask


class CardSet(frozenset):
    """The answer of :func:`legal_cards`: a ``frozenset`` of cards that also gives them in a
    fixed order.

    It is a frozenset in every way (equal to, and hashing as, a frozenset of the same cards).
    Iterating a set follows the cards' hashes, which change from run to run; :attr:`cards`
    gives the same cards in :data:`~engine.deck.ALL_CARDS` order (as :attr:`Hand.cards`), so a
    program choosing among them, e.g. ``rng.choice(legal.cards)``, repeats itself with the same
    seed, without sorting. :attr:`mask` is the cards' 48-bit mask (as :attr:`Hand.mask`).
    Both are built once per set of cards and shared: read-only.
    """

    __slots__ = ("cards", "mask")

    cards: tuple[Card, ...]
    mask: int

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (_cards_of, (self.mask,))


def _cards_of(mask: int) -> CardSet:
    """The cards of ``mask`` as a set, built once per mask: a program asking for the legal
    cards card after card meets the same few masks again and again."""
    try:
        return _CARD_SETS[mask]
    except KeyError:
        pass
    cards = tuple(ALL_CARDS[i] for i in T.bits(mask))
    answer = CardSet(cards)
    object.__setattr__(answer, "cards", cards)
    object.__setattr__(answer, "mask", mask)
    if len(_CARD_SETS) >= _CACHE_LIMIT:
        _CARD_SETS.clear()  # a bound on memory; the next masks are built again
    _CARD_SETS[mask] = answer
    return answer


# The answers kept per mask. Plain dictionaries, read inline by legal_cards (a subscript costs
# a quarter of a call through functools.lru_cache); each is emptied when it reaches its bound.
_CARD_SETS: dict[int, CardSet] = {}
_LOWEST: dict[int, int] = {}
_CACHE_LIMIT = 1 << 16


def _lowest_per_suit(mask: int) -> int:
    """A hand's lowest card of each suit, once per hand mask (some twenty operations on 48-bit
    integers otherwise, each allocating: most of the cost of a rule 3 decision)."""
    lowest = T.lowest_per_suit(mask)
    if len(_LOWEST) >= _CACHE_LIMIT:
        _LOWEST.clear()
    _LOWEST[mask] = lowest
    return lowest


# The public functions below are asked card after card by programs that play through them, so
# they are written for speed: the look-ups they need are module globals, the checks and the
# decision are one pass over the trick, and the frequent cases (leading, following) return a
# set built once per mask. They make the decisions of ``legal_card_mask`` (kept for
# random_legal_play and the solver); tests/engine/test_api_fast_paths.py compares both
# with the reference rules on random positions.


def trick_winner(trick: Sequence[tuple[Seat, Card]], contract: Contract) -> Seat:
    """The seat winning ``trick`` (complete or not): highest trump, else highest of the suit led.

    ``trick`` lists ``(seat, card)`` in the order played.
    """
    if not trick:
        raise ValueError("an empty trick has no winner")
    try:
        beaters = _BEATERS_OF[contract]
    except (KeyError, TypeError):
        beaters = None
    if beaters is None or len(trick) > 4:
        _check_trick(trick)  # a bad trick is reported first, as ever
        beaters_of(contract)  # then a bad contract
    # One pass: the order of play, no card twice, and the winning card.
    seat, card = trick[0]
    winner_seat, winner = seat, card.index
    played = card.bit
    for later, other in trick[1:]:
        try:
            after = _NEXT_SEAT[seat]
        except (KeyError, TypeError):  # not a seat: fail as ever, on its missing .next
            after = seat.next
        if later is not after:
            raise ValueError(f"{later} cannot play after {seat}: play goes anticlockwise")
        bit = other.bit
        if played & bit:
            raise ValueError(f"{other} appears twice in the trick")
        played |= bit
        if beaters[winner] & bit:
            winner_seat, winner = later, other.index
        seat = later
    return winner_seat


def legal_cards(
    hand: Hand,
    trick: Sequence[tuple[Seat, Card]],
    contract: Contract,
    variant: Variant,
) -> CardSet:
    """The cards of ``hand`` that the next player to ``trick`` may play.

    ``trick`` lists the ``(seat, card)`` already played in the current trick, in order (empty
    when leading: then every card is legal). The player is the seat after the last one in it.
    The answer is a :class:`CardSet`: a frozenset whose ``cards`` give the same cards in a
    fixed order.
    """
    try:  # one dictionary look-up each (a try costs nothing in CPython 3.11 unless it raises)
        beaters = _BEATERS_OF[contract]
        rule3, second_counts = _FLAGS_OF[variant]
    except (KeyError, TypeError):
        beaters_of(contract)  # raises TypeError, naming the bad argument
        _variant_flags(variant)
        raise
    try:
        mask = hand._mask
    except AttributeError:  # not a Hand: anything with a card mask will do, as ever
        mask = hand.mask
    n = len(trick)
    if not n:
        try:
            return _CARD_SETS[mask]  # the leader may play any card
        except KeyError:
            return _cards_of(mask)
    if n >= 4:
        raise ValueError("the trick is complete" if n == 4 else "a trick has at most four cards")
    # The trick's order, no card twice, and which card is winning and whether the player's
    # partner (two cards before the player) played it; the second and third cards written
    # out rather than looped over, for speed.
    seat, card = trick[0]
    led = winner = card.index
    played = card.bit
    partner_winning = n == 2
    if n > 1:
        later, other = trick[1]
        if later is not _NEXT_SEAT[seat]:
            raise ValueError(f"{later} cannot play after {seat}: play goes anticlockwise")
        bit = other.bit
        if played & bit:
            raise ValueError(f"{other} appears twice in the trick")
        played |= bit
        if beaters[winner] & bit:
            winner = other.index
            partner_winning = n == 3
        if n > 2:
            seat, (later, other) = later, trick[2]
            if later is not _NEXT_SEAT[seat]:
                raise ValueError(f"{later} cannot play after {seat}: play goes anticlockwise")
            bit = other.bit
            if played & bit:
                raise ValueError(f"{other} appears twice in the trick")
            played |= bit
            if beaters[winner] & bit:
                winner = other.index
                partner_winning = False
    if played & mask:
        card = ALL_CARDS[T.bits(played & mask)[0]]
        raise ValueError(f"{card} was played to the trick but is still in the hand")
    # legal_card_mask, written out (a call is a good part of the cost).
    following = mask & _SUIT_MASK_OF[led]
    allowed = following or mask  # rule 1
    beat = allowed & beaters[winner]
    if beat and not partner_winning:
        legal = beat  # rule 2
    elif not rule3:
        legal = allowed
    else:
        # Rule 3: cards that do not beat are limited to the lowest of their suit, or counting
        # cards.
        try:
            ok = _LOWEST[mask]
        except KeyError:
            ok = _lowest_per_suit(mask)
        if partner_winning or (n == 1 and (second_counts or not following)):
            ok |= _COUNTING
        legal = beat | (allowed & ok)
    try:
        return _CARD_SETS[legal]
    except KeyError:
        return _cards_of(legal)


_SUIT_MASK_OF = T.SUIT_MASK_OF
_COUNTING = T.COUNTING


def random_legal_play(
    deal: Deal,
    dealer: Seat,
    contract: Contract,
    variant: Variant,
    rng: random.Random,
) -> list[Card]:
    """A random complete play of ``deal`` in which every card is legal under ``variant``.

    Each card is drawn uniformly from the legal cards of the player due to play. Meant for
    tests, benchmarks and demonstrations (``rng`` is an ordinary ``random.Random``; deals
    themselves never come from it).
    """
    beaters = beaters_of(contract)
    rule3, second_counts = _variant_flags(variant)
    hands = list(deal.masks)
    leader = dealer.next.index
    played: list[Card] = []
    for _ in range(12):
        seat = leader
        options = T.bits(hands[seat])
        led = winner = options[rng.randrange(len(options))]
        winner_seat = seat
        hands[seat] ^= 1 << led
        played.append(ALL_CARDS[led])
        for position in (1, 2, 3):
            seat = _NEXT[seat]
            mask = legal_card_mask(
                hands[seat],
                led,
                winner,
                winner_seat == seat ^ 2,
                position == 1,
                beaters,
                rule3,
                second_counts,
            )
            options = T.bits(mask)
            card = options[rng.randrange(len(options))]
            hands[seat] ^= 1 << card
            played.append(ALL_CARDS[card])
            if beaters[winner] >> card & 1:
                winner, winner_seat = card, seat
        leader = winner_seat
    return played
