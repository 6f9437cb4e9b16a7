"""A moment of the play of one deal, as the double-dummy solver sees it (rules.md 4 and 8.1).

:class:`Position` holds the cards each seat still holds and the trick being played; it knows
the legal cards and what a card completes. Used by :mod:`engine.solver` and
:mod:`engine.hand_records`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import _backend
from engine import card_bits as T
from engine.cards import ALL_CARDS, Card, Contract, Deal
from engine.play import Variant, _variant_flags, beaters_of
from engine.seats import Seat

__all__ = ["Position"]

_SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)


@dataclass(frozen=True)
class Position:
    """A moment of the play: the cards each seat still holds and the trick being played.

    ``hands`` are the card masks of N, E, S, W (see :attr:`engine.cards.Hand.mask`); ``leader``
    led (or is to lead) the current trick; ``trick`` lists the cards already in it, in order.
    Every seat that has not played to the trick holds one card more than those that have.
    """

    hands: tuple[int, int, int, int]
    leader: Seat
    contract: Contract
    variant: Variant
    trick: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if len(self.trick) > 3:
            raise ValueError("a trick in progress has at most three cards")
        sizes = [mask.bit_count() for mask in self.hands]
        seat = self.leader.index
        expected = sizes[seat] + (1 if self.trick else 0)
        for k in range(4):
            played = k < len(self.trick)
            if sizes[seat] + played != expected:
                raise ValueError("the hands do not fit the trick in progress")
            seat = (seat + 3) & 3
        union = 0
        for mask in self.hands:
            if union & mask:
                raise ValueError("a card appears in two hands")
            union |= mask
        for card in self.trick:
            if union >> card.index & 1:
                raise ValueError(f"{card} is in the trick and in a hand")

    @classmethod
    def start(cls, deal: Deal, dealer: Seat, contract: Contract, variant: Variant) -> Position:
        """The position before the first card: the seat after the dealer leads."""
        return cls(deal.masks, dealer.next, contract, variant)

    @property
    def to_play(self) -> Seat:
        """The seat due to play next."""
        return _SEATS[(self.leader.index + 3 * len(self.trick)) & 3]

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the current one included."""
        return self.hands[self.leader.index].bit_count() + (1 if self.trick else 0)

    def _trick_state(self) -> tuple[int, int, int, int]:
        """(card led, card winning, seat winning, points in the trick) as numbers."""
        if not self.trick:
            return 0, 0, 0, 0
        beaters = beaters_of(self.contract)
        led = win = self.trick[0].index
        wseat = seat = self.leader.index
        points = 0
        for card in self.trick:
            points += card.points
            if beaters[win] >> card.index & 1:
                win, wseat = card.index, seat
            seat = (seat + 3) & 3
        return led, win, wseat, points

    def legal(self) -> list[Card]:
        """The cards the seat due to play may play, in deck order."""
        rule3, second_counts = _variant_flags(self.variant)
        seat = self.to_play.index
        hand = self.hands[seat]
        if not self.trick:
            return [ALL_CARDS[i] for i in T.bits(hand)]
        led, win, wseat, _ = self._trick_state()
        mask = _backend.PURE.legal_mask(
            hand, led, win, wseat == seat ^ 2, len(self.trick) == 1, beaters_of(self.contract),
            rule3, second_counts,
        )
        return [ALL_CARDS[i] for i in T.bits(mask)]

    def play(self, card: Card) -> tuple[Position, int]:
        """The position after ``card`` and the NS points the card completed (0 mid-trick).

        ``card`` must be legal (:meth:`legal`).
        """
        if card not in self.legal():
            raise ValueError(f"{card} is not a legal card for {self.to_play}")
        hands = list(self.hands)
        hands[self.to_play.index] ^= 1 << card.index
        trick = (*self.trick, card)
        if len(trick) < 4:
            return Position(tuple(hands), self.leader, self.contract, self.variant, trick), 0
        beaters = beaters_of(self.contract)
        win, wseat, seat = trick[0].index, self.leader.index, self.leader.index
        for c in trick:
            if beaters[win] >> c.index & 1:
                win, wseat = c.index, seat
            seat = (seat + 3) & 3
        gained = sum(c.points for c in trick) + 1 if wseat & 1 == 0 else 0
        return Position(tuple(hands), _SEATS[wseat], self.contract, self.variant), gained


def _all(position: Position) -> int:
    union = position.hands[0] | position.hands[1] | position.hands[2] | position.hands[3]
    for card in position.trick:
        union |= 1 << card.index
    return union
