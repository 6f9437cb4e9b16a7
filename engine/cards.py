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

This module gathers the cards from three modules, and keeps every name importable from here:
``deck`` (:class:`Suit`, :class:`Card`, :data:`ALL_CARDS`, :class:`Contract`), ``card_names``
(the names in Catalan, Spanish and English) and ``hands`` (:class:`Hand`, :class:`Deal`).
"""

from __future__ import annotations

from engine.card_names import LANGUAGES, card_name, contract_name, rank_name, suit_name

# SUITS too, though not in __all__: engine.notation imports it from here.
from engine.deck import ALL_CARDS, SUITS, Card, Contract, Suit  # noqa: F401
from engine.hands import Deal, Hand

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
