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


# Seat attributes that no one may set (set once, after the class, below).
_FIXED = frozenset({"next", "partner", "side", "is_ns", "index"})


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

    # The seat's relations are plain attributes, set once below (a look-up in the member's
    # own dictionary, not a call): programs that play card by card ask for them every card.
    next: Seat
    """The seat that plays after this one (on its right)."""
    partner: Seat
    """The seat across the table."""
    side: Side
    """The seat's partnership."""
    is_ns: bool
    """True for N and S (``seat.side is Side.NS``, without the look-up)."""
    index: int
    """Position in notation order N, E, S, W (0..3)."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in _FIXED:
            raise AttributeError(f"Seat.{name} is read-only")
        super().__setattr__(name, value)  # Enum's own bookkeeping while the class is built

    def __str__(self) -> str:
        return self.value


for _seat, _next, _partner, _index in (
    (Seat.N, Seat.W, Seat.S, 0),
    (Seat.E, Seat.N, Seat.W, 1),
    (Seat.S, Seat.E, Seat.N, 2),
    (Seat.W, Seat.S, Seat.E, 3),
):
    _is_ns = _index % 2 == 0
    for _name, _value in (
        ("next", _next),
        ("partner", _partner),
        ("side", Side.NS if _is_ns else Side.EW),
        ("is_ns", _is_ns),
        ("index", _index),
    ):
        object.__setattr__(_seat, _name, _value)
del _seat, _next, _partner, _index, _is_ns, _name, _value
