"""The rules of play of *abarrotada* and the check of a play record (rules.md 10.1).

Every other player is an opponent, so "partner winning" never applies and there is no rule 3
of section 4 and no eastern/western distinction.  In order: follow suit; beat every card
played so far if able; when void, trump or over-trump a trump already played; a player who
cannot beat may play any card of the suit led, or, void, any card (*excusar*).

These are exactly the pairs' western rules for a player whose partner is not winning, so the
decision is the pairs' own (:func:`engine.tricks.legal_card_mask`, called with no partner winning
and rule 3 off); tests/engine/test_abarrotada_play.py checks that both agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine import card_bits as T
from engine.cards import ALL_CARDS, Card, Contract, Hand
from engine.seats import Seat
from engine.tricks import beaters_of, legal_card_mask

from .errors import IndividualError
from .forms import Form

__all__ = ["IndividualPlay", "legal_cards", "trick_winner", "validate_record"]


def _winning(cards: Sequence[Card], beaters: tuple[int, ...]) -> tuple[int, int]:
    """(position in the trick, card index) of the card winning ``cards`` so far."""
    position, winner = 0, cards[0].index
    for i, card in enumerate(cards[1:], start=1):
        if beaters[winner] >> card.index & 1:
            position, winner = i, card.index
    return position, winner


def _legal(hand_mask: int, cards: Sequence[Card], beaters: tuple[int, ...]) -> int:
    if not cards:
        return hand_mask
    _, winner = _winning(cards, beaters)
    return legal_card_mask(
        hand_mask, cards[0].index, winner, False, len(cards) == 1, beaters, False, False
    )


def legal_cards(
    hand: Hand, trick: Sequence[Card], contract: Contract, form: Form
) -> frozenset[Card]:
    """The cards of ``hand`` its holder may play to ``trick`` (the cards played so far)."""
    if len(trick) >= len(form.seats):
        raise ValueError("the trick is complete")
    if len(set(trick)) != len(trick):
        raise ValueError("a card appears twice in the trick")
    for card in trick:
        if card in hand:
            raise ValueError(f"{card} was played to the trick but is still in the hand")
    mask = _legal(hand.mask, trick, beaters_of(contract))
    return frozenset(ALL_CARDS[i] for i in T.bits(mask))


def trick_winner(leader: Seat, trick: Sequence[Card], contract: Contract, form: Form) -> Seat:
    """The seat winning ``trick`` (cards in play order, led by ``leader``)."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    position, _ = _winning(trick, beaters_of(contract))
    return form.play_order(leader)[position]


@dataclass(frozen=True, slots=True)
class IndividualPlay:
    """What a valid (possibly unfinished) record gives: each seat's card points and tricks."""

    points: Mapping[Seat, int]
    tricks: Mapping[Seat, int]
    complete: bool


def validate_record(
    hands: Mapping[Seat, Hand],
    leader: Seat,
    contract: Contract,
    form: Form,
    tricks: Sequence[Sequence[Card]],
) -> IndividualPlay:
    """Check a play record in play order; the first problem is raised as an IndividualError.

    ``tricks`` lists the tricks, each the cards in the order played (the last may be
    unfinished); ``leader`` leads the first trick and each trick's winner leads the next.
    The error's field is ``tricks[i][j]``; its params give the trick and card from 1 and the
    seat.
    """
    beaters = beaters_of(contract)
    deck = {card.index for card in form.deck}
    held = {seat: hands[seat].mask for seat in form.seats}
    points = dict.fromkeys(form.seats, 0)
    won = dict.fromkeys(form.seats, 0)
    size = len(form.seats)
    if len(tricks) > 12 or any(len(t) > size for t in tricks):
        raise IndividualError(
            "tricks",
            "more cards than the deal has",
            code="record_too_long",
            params={"tricks": len(tricks)},
        )
    played = 0
    for i, trick in enumerate(tricks):
        order = form.play_order(leader)
        for j, card in enumerate(trick):
            seat = order[j]
            field = f"tricks[{i}][{j}]"
            params = {"trick": i + 1, "card": j + 1, "seat": seat.value, "played": str(card)}
            if card.index not in deck:
                raise IndividualError(
                    field,
                    f"trick {i + 1}, card {j + 1}: {card} is not in the 36-card deck",
                    code="card_not_in_deck",
                    params=params,
                )
            if not held[seat] >> card.index & 1:
                raise IndividualError(
                    field,
                    f"trick {i + 1}, card {j + 1}: {seat} does not hold {card}",
                    code="card_not_held",
                    params=params,
                )
            if not _legal(held[seat], trick[:j], beaters) >> card.index & 1:
                raise IndividualError(
                    field,
                    f"trick {i + 1}, card {j + 1}: {seat} may not play {card}",
                    code="illegal_card",
                    params=params,
                )
            held[seat] &= ~(1 << card.index)
            played += 1
        if len(trick) == size:
            position, _ = _winning(trick, beaters)
            leader = order[position]
            points[leader] += sum(card.points for card in trick) + 1  # a point a trick
            won[leader] += 1
    return IndividualPlay(points=points, tricks=won, complete=played == 12 * size)
