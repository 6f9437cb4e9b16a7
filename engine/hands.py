"""Hands and deals: the cards each seat holds (rules.md sections 1 and 2).

A :class:`Hand` is any set of cards; a :class:`Deal` is the 48 cards dealt twelve to each of
N, E, S and W. Both keep their cards as 48-bit masks (bit ``card.index`` for each card).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from engine import card_bits as T
from engine.deck import ALL_CARDS, Card, Suit
from engine.seats import Seat

__all__ = ["Deal", "Hand"]


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
        if not 0 <= mask <= _FULL:
            raise ValueError("a card mask has 48 bits")
        hand = _new(cls)
        _set_mask(hand, mask)  # the slot's own setter: Hand.__setattr__ refuses, by design
        return hand

    def without(self, card: Card) -> Hand:
        """This hand less ``card``: the hand left after playing it.

        Raises ``ValueError`` if ``card`` is not in the hand (``TypeError`` if not a card). A
        few integer operations and a look-up, for programs that play card by card: the hands
        are kept per mask, as a deal being played meets the same ones again and again.
        """
        if type(card) is not Card and not isinstance(card, Card):
            raise TypeError(f"not a card: {card!r}")
        mask = self._mask
        bit = card.bit
        if not mask & bit:
            raise ValueError(f"{card} is not in the hand")
        mask ^= bit
        try:
            return _HANDS[mask]
        except KeyError:
            return _hand_of(mask)

    @property
    def mask(self) -> int:
        """The cards as a 48-bit integer: bit ``card.index`` is set for each card held."""
        return self._mask

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards sorted by suit order, then from the strongest to the weakest."""
        try:
            return _CARDS[self._mask]
        except KeyError:
            return _cards_of(self._mask)

    def in_suit(self, suit: Suit) -> tuple[Card, ...]:
        """The cards of ``suit``, strongest first."""
        return _cards_of(self._mask & T.SUIT_MASK[suit.index])

    @property
    def points(self) -> int:
        """Total card points in the hand."""
        return T.points(self._mask)

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self._mask >> card.index & 1)

    def __iter__(self) -> Iterator[Card]:
        return iter(_cards_of(self._mask))

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


_new = object.__new__
_set_mask = Hand._mask.__set__  # type: ignore[attr-defined]
_FULL = T.FULL


def _hand_of(mask: int) -> Hand:
    """The hand of ``mask``, built once per mask (for :meth:`Hand.without`: creating an object
    costs several times a look-up). Hands are immutable, so sharing one is safe."""
    try:
        return _HANDS[mask]
    except KeyError:
        pass
    hand = _new(Hand)
    _set_mask(hand, mask)
    if len(_HANDS) >= _CACHE_LIMIT:
        _HANDS.clear()  # a bound on memory; the next masks are built again
    _HANDS[mask] = hand
    return hand


def _cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` in :data:`ALL_CARDS` order, as a tuple built once per mask: the
    hands of a deal being played meet the same masks again and again. (Tuples are immutable,
    so sharing one between equal hands is safe.)"""
    try:
        return _CARDS[mask]
    except KeyError:
        pass
    cards = tuple(ALL_CARDS[i] for i in T.bits(mask))
    if len(_CARDS) >= _CACHE_LIMIT:
        _CARDS.clear()
    _CARDS[mask] = cards
    return cards


# Kept per mask in plain dictionaries (a subscript costs a quarter of a call through
# functools.lru_cache), each emptied when it reaches its bound: 2**14 masks are every hand
# that the four seats of one deal can come to, and a few megabytes at most.
_HANDS: dict[int, Hand] = {}
_CARDS: dict[int, tuple[Card, ...]] = {}
_CACHE_LIMIT = 1 << 15


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
