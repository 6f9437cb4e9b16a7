"""The rules of play of abarrotada (rules.md 10.1), the record check, and the seeded deals.

The reference here is written from the wording of 10.1 card by card, with Card objects; the
engine shares the pairs' western decision, so a differential test checks that the pairs' rules
give the same answer wherever no partner is winning (and that the pairs' deals are untouched).
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.abarrotada import (
    SHORT_DECK,
    THREE_DEAL_COUNT,
    Form,
    IndividualError,
    generate_individual_deal,
    legal_cards,
    trick_winner,
    validate_record,
)
from engine.cards import ALL_CARDS, Card, Contract, Hand, Suit
from engine.dealing import generate_deal, key_commitment
from engine.play import Variant
from engine.play import legal_cards as pairs_legal_cards
from engine.seats import Seat

forms = st.sampled_from(list(Form))
contracts = st.sampled_from(list(Contract))


def strength(card, led, trump):
    if card.suit == trump:
        return (2, card.power)
    if card.suit == led:
        return (1, card.power)
    return (0, 0)


def reference_legal(hand, trick, trump):
    """10.1 read literally: follow suit; beat everything so far if able; else any allowed card."""
    if not trick:
        return set(hand)
    led = trick[0].suit
    same = [c for c in hand if c.suit == led]
    allowed = same or list(hand)
    best = max(strength(c, led, trump) for c in trick)
    beating = [c for c in allowed if strength(c, led, trump) > best]
    return set(beating or allowed)


@st.composite
def plays(draw):
    """A deal, a leader, a contract and a random legal play-out by the reference rules."""
    form = draw(forms)
    deck = list(form.deck)
    draw(st.randoms()).shuffle(deck)
    hands = {seat: deck[12 * i : 12 * i + 12] for i, seat in enumerate(form.seats)}
    leader = draw(st.sampled_from(form.seats))
    contract = draw(contracts)
    rnd = random.Random(draw(st.integers(0, 2**32)))
    held = {s: list(h) for s, h in hands.items()}
    tricks, states = [], []
    lead = leader
    for _ in range(12):
        trick = []
        order = form.play_order(lead)
        for seat in order:
            options = sorted(
                reference_legal(held[seat], trick, contract.trump), key=lambda c: c.index
            )
            states.append((Hand(held[seat]), list(trick), set(options)))
            card = rnd.choice(options)
            held[seat].remove(card)
            trick.append(card)
        tricks.append(trick)
        lead = order[
            max(range(len(trick)), key=lambda i: strength(trick[i], trick[0].suit, contract.trump))
        ]
    return form, {s: Hand(h) for s, h in hands.items()}, leader, contract, tricks, states


@settings(max_examples=80, deadline=None)
@given(plays())
def test_every_legal_card_obeys_10_1_and_each_deal_is_72_points(play):
    form, hands, leader, contract, tricks, states = play
    for hand, trick, expected in states:
        assert legal_cards(hand, trick, contract, form) == expected
    result = validate_record(hands, leader, contract, form, tricks)
    assert result.complete and sum(result.points.values()) == 72
    assert sum(result.tricks.values()) == 12


@settings(max_examples=80, deadline=None)
@given(plays(), st.data())
def test_first_problem_is_found_in_play_order(play, data):
    form, hands, leader, contract, tricks, states = play
    flat = [(i, j) for i in range(12) for j in range(len(form.seats))]
    k = data.draw(st.integers(0, len(flat) - 1))
    hand, trick, legal = states[k]
    wrong = [c for c in ALL_CARDS if c not in legal and c not in trick]
    card = data.draw(st.sampled_from(wrong))
    i, j = flat[k]
    bad = [list(t) for t in tricks]
    bad[i][j] = card
    with pytest.raises(IndividualError) as caught:
        validate_record(hands, leader, contract, form, bad[: i + 1])
    assert caught.value.field == f"tricks[{i}][{j}]"
    assert caught.value.params["trick"] == i + 1 and caught.value.params["card"] == j + 1
    if card.rank in (2, 3, 4) and form is Form.THREE:
        assert caught.value.code == "card_not_in_deck"
    elif card not in hand:
        assert caught.value.code == "card_not_held"
    else:
        assert caught.value.code == "illegal_card"


def test_excusar_and_over_trumping():
    o, c = Suit.OROS, Suit.COPES
    hand = Hand([Card(o, 2), Card(o, 11), Card(c, 5)])
    # Void in espases, oros trumps, an oros 12 already played: over-trump with the 11? No:
    # the 11 is lower than the 12, so no card beats and any card may go (excusar).
    trick = [Card(Suit.ESPASES, 9), Card(o, 12)]
    assert legal_cards(hand, trick, Contract.OROS, Form.FOUR) == set(hand)
    # With only the espases 9 played, the trumps must go.
    assert legal_cards(hand, trick[:1], Contract.OROS, Form.FOUR) == {Card(o, 2), Card(o, 11)}
    assert trick_winner(Seat.N, trick, Contract.OROS, Form.THREE) is Seat.S


@settings(max_examples=80, deadline=None)
@given(plays(), st.data())
def test_same_as_pairs_western_where_no_partner_is_winning(play, data):
    """Differential: abarrotada shares the pairs' western rules; they agree when the player's
    partner (in the pairs' reading) is not the one winning."""
    form, hands, leader, contract, tricks, states = play
    if form is not Form.FOUR:
        return
    for hand, trick, expected in states:
        if not trick or len(trick) == 4:
            continue
        order = form.play_order(Seat.N)
        seated = list(zip(order, trick, strict=False))
        player = order[len(trick)]
        winner = trick_winner(Seat.N, trick, contract, form)
        pairs = pairs_legal_cards(hand, seated, contract, Variant.WESTERN)
        if winner is not player.partner:
            assert pairs == expected
        else:  # partner winning: the pairs' rule 2 is off, so pairs allow at least as much
            assert pairs >= expected


KEY = bytes(range(32))


@given(st.binary(min_size=1, max_size=40), st.integers(0, 2**64 - 1), forms)
@settings(max_examples=60, deadline=None)
def test_deals_are_distinct_cards_and_deterministic(key, number, form):
    deal = generate_individual_deal(key, number, form)
    cards = [card for hand in deal.values() for card in hand]
    assert len(cards) == len(set(cards)) == 12 * len(form.seats)
    assert set(cards) == set(form.deck)
    assert all(len(hand) == 12 for hand in deal.values())
    assert generate_individual_deal(key, number, form) == deal


def test_four_player_deal_is_the_pairs_deal_and_three_player_deck():
    pairs = generate_deal(KEY, 7)
    assert generate_individual_deal(KEY, 7, Form.FOUR) == {
        s: pairs.hand(s) for s in Form.FOUR.seats
    }
    assert len(SHORT_DECK) == 36 and not any(card.rank in (2, 3, 4) for card in SHORT_DECK)
    assert sum(card.points for card in SHORT_DECK) + 12 == 72
    assert THREE_DEAL_COUNT == 3384731762521200  # 36! / (12!)**3
    three = [generate_individual_deal(KEY, n, Form.THREE) for n in range(1, 4)]
    assert len({tuple(sorted(c.index for c in d[Seat.N])) for d in three}) == 3
    assert key_commitment(KEY) == key_commitment(bytes(KEY))
    with pytest.raises(ValueError, match="deal number"):
        generate_individual_deal(KEY, -1, Form.THREE)


def documented_three_player_deal(key, number):
    """rules.md 10.1 (Deals), written out independently: HMAC blocks, rejection, unranking."""
    import hmac
    from math import factorial

    count = factorial(36) // factorial(12) ** 3
    limit = 2**256 - 2**256 % count
    counter = 0
    while True:
        msg = (
            b"duplicada-deal-abarrotada3-v1"
            + number.to_bytes(8, "big")
            + counter.to_bytes(4, "big")
        )
        x = int.from_bytes(hmac.new(key, msg, "sha256").digest(), "big")
        if x < limit:
            break
        counter += 1
    r = x % count
    need = {Seat.N: 12, Seat.E: 12, Seat.S: 12}
    hands = {seat: [] for seat in need}
    for card in [c for c in ALL_CARDS if c.rank not in (2, 3, 4)]:
        for seat in (Seat.N, Seat.E, Seat.S):
            if need[seat] == 0:
                continue
            need[seat] -= 1
            ways = factorial(sum(need.values()))
            for n in need.values():
                ways //= factorial(n)
            if r < ways:
                hands[seat].append(card)
                break
            r -= ways
            need[seat] += 1
    return {seat: Hand(cards) for seat, cards in hands.items()}


@settings(max_examples=30, deadline=None)
@given(st.binary(min_size=1, max_size=40), st.integers(0, 2**64 - 1))
def test_three_player_deals_match_documented_construction(key, number):
    assert generate_individual_deal(key, number, Form.THREE) == documented_three_player_deal(
        key, number
    )
