"""Test helpers: a deliberately naive implementation of the rules of play, and strategies.

The reference below follows the wording of rules.md section 4 card by card, with Card objects
and no bit masks, so that the fast engine can be checked against it on random positions.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from engine.cards import ALL_CARDS, Card, Contract, Deal, Suit
from engine.play import Rule, Variant
from engine.seats import Seat

SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)


# --- Strategies ----------------------------------------------------------------------------

deals = st.permutations(ALL_CARDS).map(
    lambda cards: Deal({seat: cards[12 * i : 12 * i + 12] for i, seat in enumerate(SEATS)})
)
seats = st.sampled_from(SEATS)
contracts = st.sampled_from(list(Contract))
variants = st.sampled_from(list(Variant))


# --- Reference rules -----------------------------------------------------------------------


def strength(card: Card, led: Suit, trump: Suit | None) -> tuple[int, int]:
    """Sort key of a card within a trick: trumps above the suit led above everything else."""
    if card.suit == trump:
        return (2, card.power)
    if card.suit == led:
        return (1, card.power)
    return (0, 0)


def winner(trick: list[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    led = trick[0][1].suit
    best = trick[0]
    for seat, card in trick[1:]:
        if strength(card, led, trump) > strength(best[1], led, trump):
            best = (seat, card)
    return best[0]


def beats_everything(card: Card, trick: list[tuple[Seat, Card]], trump: Suit | None) -> bool:
    return winner([*trick, (None, card)], trump) is None  # type: ignore[list-item]


def broken_rule(
    hand: list[Card],
    trick: list[tuple[Seat, Card]],
    card: Card,
    trump: Suit | None,
    variant: Variant,
) -> Rule | None:
    """The first rule broken by playing ``card`` from ``hand`` to ``trick``, or None."""
    if not trick:
        return None
    player = trick[-1][0].next
    led = trick[0][1].suit
    of_led_suit = [c for c in hand if c.suit == led]
    if of_led_suit and card.suit != led:
        return Rule.FOLLOW_SUIT
    allowed = of_led_suit or hand
    partner_winning = winner(trick, trump) == player.partner
    card_beats = beats_everything(card, trick, trump)
    if not partner_winning and not card_beats:
        if any(beats_everything(c, trick, trump) for c in allowed):
            return Rule.MUST_BEAT
    if variant is Variant.WESTERN or card_beats:
        return None
    lowest = min((c for c in hand if c.suit == card.suit), key=lambda c: c.power)
    if partner_winning:
        if not (card.is_counting or card is lowest):
            return Rule.RESTRICTED_PARTNER_WINNING
        return None
    second = len(trick) == 1
    may_count = second and (not of_led_suit or variant is Variant.EASTERN_SECOND_COUNTS)
    if card is lowest or (may_count and card.is_counting):
        return None
    return Rule.RESTRICTED_OPPONENTS_WINNING


def legal(hand, trick, trump, variant) -> set[Card]:
    return {c for c in hand if broken_rule(hand, trick, c, trump, variant) is None}


def play_out(
    deal: Deal,
    dealer: Seat,
    contract: Contract,
    variant: Variant,
    prefix: list[Card] = (),  # type: ignore[assignment]
    rng: random.Random | None = None,
    illegal_rate: float = 0.0,
) -> tuple[list[Card], tuple | None, dict]:
    """Play ``prefix`` and then complete the record.

    The completion picks legal cards (the first in deck order, or random ones with ``rng``);
    with ``illegal_rate`` it sometimes picks an illegal card instead, when there is one.
    Returns the record, the first breach as (trick number, seat, card, rule) or None, and the
    points / tricks taken per side (counted as the rules say).
    """
    trump = contract.trump
    hands = {seat: list(deal.hand(seat).cards) for seat in SEATS}
    leader = dealer.next
    record: list[Card] = []
    first_breach = None
    points = {"NS": 0, "EW": 0}
    tricks = {"NS": 0, "EW": 0}
    prefix = list(prefix)
    for number in range(1, 13):
        trick: list[tuple[Seat, Card]] = []
        seat = leader
        for _ in range(4):
            hand = hands[seat]
            if prefix:
                card = prefix.pop(0)
            else:
                ok = sorted(legal(hand, trick, trump, variant))
                bad = sorted(set(hand) - set(ok))
                if rng is None:
                    card = ok[0]
                elif bad and rng.random() < illegal_rate:
                    card = rng.choice(bad)
                else:
                    card = rng.choice(ok)
            assert card in hand, f"{card} is not in the hand of {seat}"
            rule = broken_rule(hand, trick, card, trump, variant)
            if rule is not None and first_breach is None:
                first_breach = (number, seat, card, rule)
            hand.remove(card)
            trick.append((seat, card))
            record.append(card)
            seat = seat.next
        leader = winner(trick, trump)
        side = leader.side.value
        points[side] += 1 + sum(card.points for _, card in trick)
        tricks[side] += 1
    return record, first_breach, {"points": points, "tricks": tricks}


def states(deal: Deal, dealer: Seat, contract: Contract, record: list[Card]):
    """For each card of a (well-formed) record: the player's hand, the trick so far, the card."""
    hands = {seat: list(deal.hand(seat).cards) for seat in SEATS}
    leader = dealer.next
    for number in range(12):
        trick: list[tuple[Seat, Card]] = []
        seat = leader
        for card in record[4 * number : 4 * number + 4]:
            yield list(hands[seat]), list(trick), card
            hands[seat].remove(card)
            trick.append((seat, card))
            seat = seat.next
        leader = winner(trick, contract.trump)
