"""Seats, partnerships and the anticlockwise order of play (rules.md section 2)."""

from __future__ import annotations

from enum import Enum

__all__ = ["Seat", "Side"]


class Side(Enum):
    """A partnership: North-South or East-West."""

    # Members are singletons and compare by identity: hash them the same way, in C. Enum's
    # own hash is a Python call (hash of the name), most of the cost of a seat or contract
    # used as a dictionary key card after card.
    __hash__ = object.__hash__

    NS = "NS"
    EW = "EW"

    @property
    def opponents(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    def __str__(self) -> str:
        return self.value


class Seat(Enum):
    """One of the four seats at a table.

    Botifarra is played anticlockwise, so the player after a seat is the one on its
    right: N -> W -> S -> E -> N.
    """

    # Members are singletons and compare by identity: hash them the same way, in C. Enum's
    # own hash is a Python call (hash of the name), most of the cost of a seat or contract
    # used as a dictionary key card after card.
    __hash__ = object.__hash__

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def next(self) -> Seat:
        """The seat that plays after this one (on its right)."""
        return _NEXT[self]

    @property
    def partner(self) -> Seat:
        return _PARTNER[self]

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    @property
    def index(self) -> int:
        """Position in notation order N, E, S, W (0..3)."""
        return _INDEX[self]

    def __str__(self) -> str:
        return self.value


_NEXT = {Seat.N: Seat.W, Seat.W: Seat.S, Seat.S: Seat.E, Seat.E: Seat.N}
_PARTNER = {Seat.N: Seat.S, Seat.S: Seat.N, Seat.E: Seat.W, Seat.W: Seat.E}
_INDEX = {Seat.N: 0, Seat.E: 1, Seat.S: 2, Seat.W: 3}
