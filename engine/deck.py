"""The Spanish deck: its four suits, its 48 cards, and the contracts (rules.md section 1).

A :class:`Card` knows its suit, rank, strength within the suit and card points; the 48 of
them are created once, in :data:`ALL_CARDS` order. A :class:`Contract` is a trump suit or
Botifarra (no trumps).
"""

from __future__ import annotations

from enum import Enum

from engine import card_bits as T

__all__ = ["ALL_CARDS", "Card", "Contract", "SUITS", "Suit"]


class Suit(Enum):
    """The four suits, in their fixed order: oros, copes, espases, bastos."""

    # Members are singletons and compare by identity: hash them the same way, in C. Enum's
    # own hash is a Python call (hash of the name), most of the cost of a seat or contract
    # used as a dictionary key card after card.
    __hash__ = object.__hash__

    OROS = "O"
    COPES = "C"
    ESPASES = "E"
    BASTOS = "B"

    @property
    def index(self) -> int:
        """Position in the fixed suit order (0 for oros ... 3 for bastos)."""
        return _SUIT_INDEX[self]

    @property
    def letter(self) -> str:
        """The one-letter code used in notation: ``O``, ``C``, ``E`` or ``B``."""
        return self.value

    def __str__(self) -> str:
        return self.value


SUITS: tuple[Suit, ...] = tuple(Suit)
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


class Card:
    """One card of the Spanish deck: a :class:`Suit` and a rank from 1 to 12.

    ``Card(suit, rank)`` returns the single shared instance of that card (raising
    ``ValueError`` for a rank outside 1..12), so cards are immutable, hashable and equal only
    to themselves.

    Cards sort in :data:`ALL_CARDS` order: by suit (oros, copes, espases, bastos), then from
    the strongest to the weakest in trick order (9, 1, 12, 11, 10, 8 ... 2). That is the order
    in which hands are written; it is *not* a comparison of strength. For strength use
    :attr:`power` within a suit, or :func:`engine.play.trick_winner`.

    Attributes (all read-only):

    - ``suit``: the :class:`Suit`;
    - ``rank``: 1 to 12;
    - ``index``: position in :data:`ALL_CARDS` (0..47), ``suit.index * 12 + 11 - power``;
    - ``bit``: ``1 << index``, the card's bit in a card mask (:attr:`Hand.mask`);
    - ``power``: strength within the suit, 11 for the 9 (manilla) down to 0 for the 2;
    - ``points``: 5 for the 9, 4 for the 1, 3 for the 12, 2 for the 11, 1 for the 10, else 0;
    - ``symbol``: the rank's one-character notation: ``9 A R C S 8 7 6 5 4 3 2``.
    """

    __slots__ = ("suit", "rank", "index", "bit", "power", "points", "symbol")

    suit: Suit
    rank: int
    index: int
    bit: int
    power: int
    points: int
    symbol: str

    def __new__(cls, suit: Suit, rank: int) -> Card:
        # Exact int only: 9.0 or True would otherwise find a card through equal hashes.
        card = _BY_SUIT_RANK.get((suit, rank)) if type(rank) is int else None
        if card is not None:
            return card
        if not isinstance(suit, Suit):
            raise TypeError(f"suit must be a Suit, not {suit!r}")
        raise ValueError(f"rank must be an integer from 1 to 12, not {rank!r}")

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        order = index % 12
        rank = T.TRICK_ORDER[order]
        for name, value in (
            ("suit", SUITS[index // 12]),
            ("rank", rank),
            ("index", index),
            ("bit", 1 << index),
            ("power", 11 - order),
            ("points", T.RANK_POINTS.get(rank, 0)),
            ("symbol", T.SYMBOLS[order]),
        ):
            object.__setattr__(card, name, value)
        return card

    @property
    def is_counting(self) -> bool:
        """True for the five counting cards: 9, 1, 12, 11 and 10."""
        return self.points > 0

    @property
    def code(self) -> str:
        """Suit letter and rank symbol, e.g. ``'O9'`` or ``'BR'``; the same as ``str(card)``."""
        return self.suit.value + self.symbol

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    # Pickling and copying return the shared instance.
    def __reduce__(self) -> tuple[type[Card], tuple[Suit, int]]:
        return (Card, (self.suit, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    # Sorting a hand's or the legal cards compares card after card, in Python: the exact type
    # is tested first, the cheapest test (a subclass still passes isinstance).
    def __lt__(self, other: object) -> bool:
        if type(other) is Card or isinstance(other, Card):
            return self.index < other.index
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if type(other) is Card or isinstance(other, Card):
            return self.index <= other.index
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if type(other) is Card or isinstance(other, Card):
            return self.index > other.index
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if type(other) is Card or isinstance(other, Card):
            return self.index >= other.index
        return NotImplemented

    def __repr__(self) -> str:
        return f"Card(Suit.{self.suit.name}, {self.rank})"

    def __str__(self) -> str:
        return self.suit.value + self.symbol


#: All 48 cards, by suit (oros, copes, espases, bastos) and then trick order, high to low.
ALL_CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(48))
_BY_SUIT_RANK: dict[tuple[Suit, int], Card] = {(c.suit, c.rank): c for c in ALL_CARDS}


class Contract(Enum):
    """What the trump-making side chose: a trump suit or Botifarra (no trumps)."""

    # Members are singletons and compare by identity: hash them the same way, in C. Enum's
    # own hash is a Python call (hash of the name), most of the cost of a seat or contract
    # used as a dictionary key card after card.
    __hash__ = object.__hash__

    OROS = "O"
    COPES = "C"
    ESPASES = "E"
    BASTOS = "B"
    BOTIFARRA = "BOT"

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` for Botifarra."""
        return None if self is Contract.BOTIFARRA else Suit(self.value)

    @property
    def is_botifarra(self) -> bool:
        """True for Botifarra, the contract without trumps."""
        return self is Contract.BOTIFARRA

    def __str__(self) -> str:
        return self.value
