"""The two forms of *abarrotada* (rules.md 10.1): four players with the 48-card deck, or three
players with the 36-card deck (no 2s, 3s or 4s).  Both deal twelve cards each, both have 72
points a deal; they differ in the seats, the deck and the threshold of the ordinary score.

Seats keep the pairs' names so that boards, travellers and the notation read the same.  The
three-player form uses N, E and S; play still goes anticlockwise, so with W empty the player
after N is S, after S is E, and after E is N.
"""

from __future__ import annotations

from enum import Enum

from engine.cards import ALL_CARDS, Card
from engine.seats import Seat

__all__ = ["Form", "SHORT_DECK", "DEAL_POINTS"]

#: Card points in a deal, in either form (the 2s, 3s and 4s count nothing).
DEAL_POINTS = 72

#: The three-player deck: every card but the 2s, 3s and 4s, in deck order (36 cards).
SHORT_DECK: tuple[Card, ...] = tuple(card for card in ALL_CARDS if card.rank not in (2, 3, 4))


class Form(Enum):
    """Four players with 48 cards, or three with 36."""

    FOUR = 4
    THREE = 3

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in notation order."""
        return _SEATS[self]

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards dealt, in deck order."""
        return ALL_CARDS if self is Form.FOUR else SHORT_DECK

    @property
    def threshold(self) -> int:
        """Points a player must pass to score (rules.md 10.1): 18, or 24 with three."""
        return 18 if self is Form.FOUR else 24

    def next_seat(self, seat: Seat) -> Seat:
        """The seat that plays after ``seat`` (anticlockwise, skipping an empty W)."""
        following = seat.next
        if following not in self.seats:
            following = following.next
        return following

    def left_of(self, seat: Seat) -> Seat:
        """The seat on ``seat``'s left: play goes to the right, so it is the one that plays
        just before ``seat`` (the last of a trick ``seat`` leads)."""
        return self.play_order(seat)[-1]

    def play_order(self, leader: Seat) -> tuple[Seat, ...]:
        """The seats in the order they play to a trick led by ``leader``."""
        order = [leader]
        while len(order) < len(self.seats):
            order.append(self.next_seat(order[-1]))
        return tuple(order)


_SEATS = {
    Form.FOUR: (Seat.N, Seat.E, Seat.S, Seat.W),
    Form.THREE: (Seat.N, Seat.E, Seat.S),
}
