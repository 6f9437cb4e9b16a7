"""Cards, contracts, hands and deals of the Spanish 48-card deck (rules.md sections 1 and 2).

There are exactly 48 :class:`Card` objects, created once: ``Card(Suit.OROS, 9)`` always returns
the same object, so cards compare and hash by identity, cheaply. Each card also has a number,
:attr:`Card.index` (its position in :data:`ALL_CARDS`), which is its bit in the integer masks that
:class:`Hand` and :class:`Deal` use internally.

>>> card = Card(Suit.COPES, 1)
>>> str(card), card.points, card.symbol
('CA', 4, 'A')
>>> card_name(card, "ca")
'as de copes'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from enum import Enum

from engine import _tables as T
from engine.seats import Seat

__all__ = [
    "ALL_CARDS",
    "Card",
    "Contract",
    "Deal",
    "Hand",
    "LANGUAGES",
    "Suit",
    "card_name",
    "contract_name",
    "rank_name",
    "suit_name",
]


class Suit(Enum):
    """The four suits, in their fixed order: oros, copes, espases, bastos."""

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
    - ``power``: strength within the suit, 11 for the 9 (manilla) down to 0 for the 2;
    - ``points``: 5 for the 9, 4 for the 1, 3 for the 12, 2 for the 11, 1 for the 10, else 0;
    - ``symbol``: the rank's one-character notation: ``9 A R C S 8 7 6 5 4 3 2``.
    """

    __slots__ = ("suit", "rank", "index", "power", "points", "symbol")

    suit: Suit
    rank: int
    index: int
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

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __repr__(self) -> str:
        return f"Card(Suit.{self.suit.name}, {self.rank})"

    def __str__(self) -> str:
        return self.suit.value + self.symbol


#: All 48 cards, by suit (oros, copes, espases, bastos) and then trick order, high to low.
ALL_CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(48))
_BY_SUIT_RANK: dict[tuple[Suit, int], Card] = {(c.suit, c.rank): c for c in ALL_CARDS}


class Contract(Enum):
    """What the trump-making side chose: a trump suit or Botifarra (no trumps)."""

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


# --- Localised names -----------------------------------------------------------------------

#: Languages for which names are available.
LANGUAGES: tuple[str, ...] = ("ca", "es", "en")

_SUIT_NAMES = {
    "ca": {Suit.OROS: "ors", Suit.COPES: "copes", Suit.ESPASES: "espases", Suit.BASTOS: "bastos"},
    "es": {Suit.OROS: "oros", Suit.COPES: "copas", Suit.ESPASES: "espadas", Suit.BASTOS: "bastos"},
    "en": {Suit.OROS: "coins", Suit.COPES: "cups", Suit.ESPASES: "swords", Suit.BASTOS: "batons"},
}
_RANK_NAMES = {
    "ca": {9: "manilla", 1: "as", 12: "rei", 11: "cavall", 10: "sota"},
    "es": {9: "manilla", 1: "as", 12: "rey", 11: "caballo", 10: "sota"},
    "en": {9: "nine", 1: "ace", 12: "king", 11: "knight", 10: "jack"},
}
_BOTIFARRA_NAMES = {"ca": "botifarra", "es": "butifarra", "en": "no trumps"}


def _language(language: str) -> str:
    # Accept Django-style codes such as "ca-es" or "en_GB"; only the base language matters here.
    base = language.replace("_", "-").split("-")[0].lower()
    if base not in _SUIT_NAMES:
        raise ValueError(f"unsupported language {language!r}; expected one of {LANGUAGES}")
    return base


def suit_name(suit: Suit, language: str) -> str:
    """Name of ``suit`` in ``language`` ('ca', 'es' or 'en'), e.g. ``'espases'``."""
    return _SUIT_NAMES[_language(language)][suit]


def rank_name(rank: int, language: str) -> str:
    """Name of ``rank`` in ``language``: a word for counting ranks, digits for the others."""
    names = _RANK_NAMES[_language(language)]
    if not 1 <= rank <= 12:
        raise ValueError(f"rank must be from 1 to 12, not {rank!r}")
    return names.get(rank, str(rank))


def card_name(card: Card, language: str) -> str:
    """Full name of ``card``, e.g. ``'manilla d'ors'``, ``'rey de copas'``, ``'ace of swords'``."""
    lang = _language(language)
    rank = rank_name(card.rank, lang)
    suit = suit_name(card.suit, lang)
    if lang == "en":
        return f"{rank} of {suit}"
    if lang == "ca" and suit[0] in "aeiou":
        return f"{rank} d'{suit}"
    return f"{rank} de {suit}"


def contract_name(contract: Contract, language: str) -> str:
    """Name of ``contract``: the trump suit's name, or botifarra / butifarra / no trumps."""
    lang = _language(language)
    if contract.trump is None:
        return _BOTIFARRA_NAMES[lang]
    return suit_name(contract.trump, lang)


# --- Hands and deals -----------------------------------------------------------------------


class Hand:
    """An immutable set of cards held by one seat (any size, 12 at the start of a deal).

    ``Hand(cards)`` accepts any iterable of :class:`Card` (duplicates are ignored, as in a set).
    Supports ``len()``, ``in``, iteration (in :attr:`cards` order), equality and hashing.
    """

    __slots__ = ("_mask",)

    _mask: int

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        mask = 0
        for card in cards:
            if not isinstance(card, Card):
                raise TypeError(f"not a card: {card!r}")
            mask |= 1 << card.index
        object.__setattr__(self, "_mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> Hand:
        """The hand whose cards are the set bits of ``mask`` (bit ``i`` is ``ALL_CARDS[i]``)."""
        if not 0 <= mask <= T.FULL:
            raise ValueError("a card mask has 48 bits")
        hand = object.__new__(cls)
        object.__setattr__(hand, "_mask", mask)
        return hand

    @property
    def mask(self) -> int:
        """The cards as a 48-bit integer: bit ``card.index`` is set for each card held."""
        return self._mask

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards sorted by suit order, then from the strongest to the weakest."""
        return tuple(ALL_CARDS[i] for i in T.bits(self._mask))

    def in_suit(self, suit: Suit) -> tuple[Card, ...]:
        """The cards of ``suit``, strongest first."""
        return tuple(ALL_CARDS[i] for i in T.bits(self._mask & T.SUIT_MASK[suit.index]))

    @property
    def points(self) -> int:
        """Total card points in the hand."""
        return T.points(self._mask)

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self._mask >> card.index & 1)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._mask == other._mask

    def __hash__(self) -> int:
        return hash((Hand, self._mask))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Hand.from_mask, (self._mask,))

    def __repr__(self) -> str:
        return f"Hand({' '.join(str(c) for c in self.cards) or 'empty'})"


class Deal:
    """One deal: 48 distinct cards, 12 in each of the four seats. Immutable and hashable.

    ``Deal(hands)`` takes a mapping from every :class:`Seat` to its 12 cards (a :class:`Hand` or
    any iterable of cards) and raises ``ValueError`` if the cards are not exactly the 48
    cards of the deck, 12 per seat. (:func:`engine.notation.parse_deal` reports notation
    problems in more detail.)
    """

    __slots__ = ("_masks",)

    _masks: tuple[int, int, int, int]

    def __init__(self, hands: Mapping[Seat, Iterable[Card]]) -> None:
        if set(hands) != set(Seat):
            raise ValueError("a deal needs a hand for each of N, E, S and W")
        masks = []
        for seat in Seat:
            cards = hands[seat]
            hand = cards if isinstance(cards, Hand) else Hand(cards)
            masks.append(hand.mask)
        deal = Deal.from_masks(masks)
        object.__setattr__(self, "_masks", deal._masks)

    @classmethod
    def from_masks(cls, masks: Iterable[int]) -> Deal:
        """The deal whose hands are the card masks of N, E, S and W, in that order.

        Raises ``ValueError`` unless the masks are four disjoint 12-card sets.
        """
        masks = tuple(masks)
        if len(masks) != 4:
            raise ValueError("a deal has four hands")
        union = 0
        for seat, mask in zip(Seat, masks, strict=True):
            if not 0 <= mask <= T.FULL or mask.bit_count() != 12:
                raise ValueError(f"the hand of {seat} does not have 12 cards")
            if union & mask:
                raise ValueError("a card appears in two hands")
            union |= mask
        return cls._trusted(masks)  # type: ignore[arg-type]

    @classmethod
    def _trusted(cls, masks: tuple[int, int, int, int]) -> Deal:
        # For callers that have already guaranteed a valid deal (dealing, parsing).
        deal = object.__new__(cls)
        object.__setattr__(deal, "_masks", masks)
        return deal

    @property
    def masks(self) -> tuple[int, int, int, int]:
        """The card masks of N, E, S and W (in notation order, see :attr:`Seat.index`)."""
        return self._masks

    def hand(self, seat: Seat) -> Hand:
        """The 12 cards dealt to ``seat``."""
        return Hand.from_mask(self._masks[seat.index])

    def seat_of(self, card: Card) -> Seat:
        """The seat that holds ``card``."""
        bit = 1 << card.index
        for seat in Seat:
            if self._masks[seat.index] & bit:
                return seat
        raise AssertionError("unreachable: every card is in some hand")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deal):
            return NotImplemented
        return self._masks == other._masks

    def __hash__(self) -> int:
        return hash((Deal, self._masks))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Deal is immutable")

    def __reduce__(self) -> tuple[object, tuple[tuple[int, ...]]]:
        return (Deal.from_masks, (self._masks,))

    def __repr__(self) -> str:
        from engine.notation import format_deal  # local: notation imports this module

        return f"Deal({format_deal(self)!r})"
