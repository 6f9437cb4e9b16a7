"""The public play API's fast paths against the reference rules (rules.md section 4).

``legal_cards``, ``trick_winner`` and ``Hand`` answer card by card for programs that play
through them, so they are written out for speed (one pass over the trick, sets and tuples built
once per mask). Here they are compared, on random positions, with the naive reference of
``botifarra_reference`` and with the kernels that share the rule (``engine.tricks.legal_card_mask``
and ``engine._kernel.legal_mask``). The positions are not only those of legal play: any hand
(any size, any cards) facing any possible trick of one to three cards.

The positions come from a seed drawn fresh for every run and printed; set
``API_FAST_PATHS_SEED`` to replay a run.
"""

from __future__ import annotations

import operator
import os
import pickle
import random
import secrets

import pytest
from botifarra_reference import SEATS, legal, play_out, winner

from engine import _kernel
from engine import card_bits as T
from engine.cards import ALL_CARDS, Card, Contract, Deal, Hand, Suit
from engine.play import (
    CardSet,
    IllegalCard,
    PlayOutcome,
    Variant,
    _variant_flags,
    beaters_of,
    legal_card_mask,
    legal_cards,
    trick_winner,
    validate_play,
)
from engine.seats import Seat, Side

POSITIONS = 3000


@pytest.fixture(scope="module")
def seed():
    value = int(os.environ.get("API_FAST_PATHS_SEED") or secrets.randbits(48))
    print(f"\napi fast paths seed: {value} (replay with API_FAST_PATHS_SEED={value})")
    return value


def random_position(rng: random.Random):
    """A hand and the trick it faces: up to three cards, played in turn by the seats before."""
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    size = rng.randint(0, 3)
    first = rng.choice(SEATS)
    trick, seat = [], first
    for card in cards[:size]:
        trick.append((seat, card))
        seat = seat.next
    hand = cards[size : size + rng.randint(1, 12)]
    return hand, trick


def test_legal_cards_agree_with_the_reference_and_the_kernels(seed):
    rng = random.Random(seed)
    for n in range(POSITIONS):
        hand, trick = random_position(rng)
        contract, variant = rng.choice(list(Contract)), rng.choice(list(Variant))
        where = f"seed {seed}, position {n}: {hand} facing {trick}, {contract}, {variant}"
        got = legal_cards(Hand(hand), trick, contract, variant)
        # A frozenset (a CardSet), whose cards and mask say the same in a fixed order.
        assert isinstance(got, frozenset) and type(got) is CardSet, where
        assert got.cards == tuple(sorted(got)), where
        assert got.mask == Hand(got).mask, where
        assert got == legal(hand, trick, contract.trump, variant), where
        if not trick:
            continue
        beaters = beaters_of(contract)
        rule3, second_counts = _variant_flags(variant)
        led = trick[0][1].index
        win_seat = winner(trick, contract.trump)
        win = next(card.index for seat, card in trick if seat is win_seat)
        partner = win_seat is trick[-1][0].next.partner
        mask = Hand(hand).mask
        expected = {ALL_CARDS[i] for i in T.bits(
            legal_card_mask(mask, led, win, partner, len(trick) == 1, beaters, rule3, second_counts)
        )}
        assert got == expected, where
        kernel = _kernel.legal_mask(mask, led, win, partner, len(trick) == 1, beaters, rule3,
                                    second_counts)
        assert got == {ALL_CARDS[i] for i in T.bits(kernel)}, where


def test_trick_winner_agrees_with_the_reference(seed):
    rng = random.Random(seed + 1)
    for n in range(POSITIONS):
        cards = rng.sample(ALL_CARDS, rng.randint(1, 4))
        seat = rng.choice(SEATS)
        trick = []
        for card in cards:
            trick.append((seat, card))
            seat = seat.next
        contract = rng.choice(list(Contract))
        assert trick_winner(trick, contract) is winner(trick, contract.trump), (
            f"seed {seed}, trick {n}: {trick}, {contract}"
        )
        # Any sequence of pairs will do, not only a list of tuples.
        assert trick_winner(tuple(map(list, trick)), contract) is winner(trick, contract.trump)


def test_hands_give_their_cards_as_the_masks_say(seed):
    rng = random.Random(seed + 2)
    for _ in range(POSITIONS):
        cards = rng.sample(ALL_CARDS, rng.randint(0, 48))
        ordered = tuple(sorted(cards, key=lambda c: c.index))
        for hand in (Hand(cards), Hand.from_mask(sum(1 << c.index for c in cards))):
            assert hand.cards == ordered and type(hand.cards) is tuple
            assert tuple(hand) == ordered and len(hand) == len(cards)
            for suit in Suit:
                assert hand.in_suit(suit) == tuple(c for c in ordered if c.suit is suit)
            assert all(card in hand for card in cards)
            assert not any(card in hand for card in set(ALL_CARDS) - set(cards))
            for card in cards[:3]:
                assert hand.without(card) == Hand(c for c in cards if c is not card)


def test_cards_compare_and_sort_in_deck_order(seed):
    rng = random.Random(seed + 4)
    for _ in range(POSITIONS):
        a, b = rng.choice(ALL_CARDS), rng.choice(ALL_CARDS)
        assert ((a < b), (a <= b), (a > b), (a >= b)) == (
            a.index < b.index, a.index <= b.index, a.index > b.index, a.index >= b.index
        )
        cards = rng.sample(ALL_CARDS, rng.randint(0, 12))
        assert sorted(frozenset(cards)) == sorted(cards, key=lambda c: c.index)
    for other in (3, "O9", None):
        for compare in (operator.lt, operator.le, operator.gt, operator.ge):
            with pytest.raises(TypeError):
                compare(a, other)


def test_validate_play_agrees_with_the_reference(seed):
    rng = random.Random(seed + 3)
    for n in range(200):
        cards = list(ALL_CARDS)
        rng.shuffle(cards)
        deal = Deal({seat: cards[12 * i : 12 * i + 12] for i, seat in enumerate(SEATS)})
        dealer, contract = rng.choice(SEATS), rng.choice(list(Contract))
        variant = rng.choice(list(Variant))
        record, breach, score = play_out(deal, dealer, contract, variant, rng=rng,
                                         illegal_rate=0.02)
        result = validate_play(deal, dealer, contract, variant, record)
        expected = (
            PlayOutcome(score["points"]["NS"], score["tricks"]["NS"])
            if breach is None
            else IllegalCard(*breach)
        )
        assert result == expected, f"seed {seed}, record {n}: {deal!r}, {dealer}, {contract}"


# --- The checks of the fast paths: same errors, in the same order ------------------------------


def _trick(*codes: str) -> list[tuple[Seat, Card]]:
    from engine.notation import parse_card

    return [(Seat(code[0]), parse_card(code[1:])) for code in codes]


HAND = Hand.from_mask(T.SUIT_MASK[3])  # the twelve bastos


@pytest.mark.parametrize(
    ("trick", "message"),
    [
        (_trick("NO9", "EOA"), "E cannot play after N"),
        (_trick("NO9", "WOA", "NOR"), "N cannot play after W"),
        (_trick("NO9", "WO9"), "O9 appears twice"),
        (_trick("NO9", "WOA", "SO9"), "O9 appears twice"),
        (_trick("NB2"), "B2 was played to the trick but is still in the hand"),
        (_trick("NO9", "WOA", "SOR", "EOC"), "the trick is complete"),
        (_trick("NO9", "WOA", "SOR", "EOC", "NOS"), "at most four cards"),
    ],
)
def test_legal_cards_refuses_impossible_tricks(trick, message):
    with pytest.raises(ValueError, match=message):
        legal_cards(HAND, trick, Contract.OROS, Variant.EASTERN)


@pytest.mark.parametrize(
    ("trick", "message"),
    [
        ([], "an empty trick has no winner"),
        (_trick("NO9", "EOA"), "E cannot play after N"),
        (_trick("NO9", "WOA", "SO9"), "O9 appears twice"),
        (_trick("NO9", "WOA", "SOR", "EOC", "NOS"), "at most four cards"),
    ],
)
def test_trick_winner_refuses_impossible_tricks_before_a_bad_contract(trick, message):
    with pytest.raises(ValueError, match=message):
        trick_winner(trick, Contract.OROS)
    with pytest.raises(ValueError, match=message):  # the trick is reported first, as ever
        trick_winner(trick, "O")


@pytest.mark.parametrize("bad", ["O", None, [], Variant.EASTERN])
def test_bad_contracts_and_variants_are_named(bad):
    trick = _trick("NO9")
    with pytest.raises(TypeError, match="contract must be a Contract"):
        legal_cards(HAND, trick, bad, Variant.EASTERN)
    with pytest.raises(TypeError, match="contract must be a Contract"):
        trick_winner(trick, bad)
    if bad is not Variant.EASTERN:
        with pytest.raises(TypeError, match="variant must be a Variant"):
            legal_cards(HAND, trick, Contract.OROS, bad)
    # The contract is checked before the variant, and both before the trick.
    with pytest.raises(TypeError, match="contract must be a Contract"):
        legal_cards(HAND, _trick("NB2", "EB3"), bad, None)


def test_a_trick_of_something_else_than_seats_fails_as_before():
    with pytest.raises(AttributeError):
        trick_winner([("N", ALL_CARDS[0]), ("W", ALL_CARDS[1])], Contract.OROS)


def test_a_hand_without_a_card_it_does_not_hold_is_refused():
    with pytest.raises(ValueError, match="O9 is not in the hand"):
        HAND.without(ALL_CARDS[0])
    with pytest.raises(TypeError, match="not a card"):
        HAND.without(47)
    assert HAND.without(ALL_CARDS[47]).mask == HAND.mask ^ 1 << 47


def test_seats_know_their_relations_and_keep_them():
    for seat in Seat:
        assert seat.is_ns is (seat.side is Side.NS) is (seat in (Seat.N, Seat.S))
        assert seat.next.next is seat.partner and seat.partner.partner is seat
        assert seat.index == list(Seat).index(seat)
        for name in ("next", "partner", "side", "is_ns", "index"):
            with pytest.raises(AttributeError):
                setattr(seat, name, None)


def test_legal_card_sets_are_shared_and_read_only():
    got = legal_cards(HAND, [], Contract.OROS, Variant.EASTERN)
    assert got is legal_cards(HAND, [], Contract.OROS, Variant.EASTERN)
    assert got == frozenset(HAND) and got.cards == HAND.cards and got.mask == HAND.mask
    for name in ("cards", "mask"):
        with pytest.raises(AttributeError):
            setattr(got, name, None)
    assert pickle.loads(pickle.dumps(got)) == got
