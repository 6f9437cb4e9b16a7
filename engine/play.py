"""Rules of play and validation of play records (rules.md section 4).

Terms used throughout, and how the engine reads the rules:

- Play is anticlockwise (:attr:`Seat.next`); the first trick is led by the seat after the
  dealer, and the winner of each trick leads the next.
- The card **currently winning** a trick is the highest trump in it or, if it has no trump
  (always so in Botifarra), the highest card of the suit led. A card **beats everything played
  so far** exactly when it would take over as the winning card: a stronger card of the winning
  card's suit, or a trump while the winning card is not a trump. A card of any other suit never
  beats; in particular, once an opponent has trumped a plain-suit lead, no card of the led suit
  can beat. The leader's card is always allowed.
- Rule 1, **follow suit**: a player holding a card of the suit led must play one.
- Rule 2, **must beat**: if the player's partner is not currently winning (always so for the
  second player), the player must play a card that beats everything so far whenever any card
  allowed by rule 1 does. When following suit that means a higher card of the suit (only if
  nobody has trumped); when void, a trump, or a higher trump than one already played. Holding
  only lower trumps does *not* oblige anyone to trump.
- Rule 3, eastern variants only: a card that does **not** beat everything so far is
  restricted. With the partner winning it must be a counting card (9, 1, 12, 11, 10) or the
  lowest card the player holds in the suit of the card played. With the opponents winning it
  must be the lowest card held in the suit played; but the second player to the trick may play
  a counting card instead when void in the suit led (in ``eastern_second_counts`` also when
  following suit). "Lowest" is by trick order within that suit, among the cards held before
  playing. A card that beats everything so far is never restricted, whoever is winning.
- Rules bind in order of precedence, so a card is reported under the first rule it breaks.

Validation works on 48-bit card masks (see ``engine.card_bits``) so that each card costs a few
integer operations; :func:`legal_cards` exposes the same decisions as sets of cards.

This module gathers the rules of play from three modules, and keeps every name importable from
here: ``rules_of_play`` (:class:`Variant`, :class:`Rule`), ``tricks`` (:func:`trick_winner`,
:func:`beats`, :func:`legal_cards` and its answer :class:`CardSet`, :func:`random_legal_play`)
and ``play_records`` (:func:`validate_play` and what it returns: :class:`PlayOutcome`,
:class:`IllegalCard`, :class:`PlayRecordError`).
"""

from __future__ import annotations

from engine.play_records import IllegalCard, PlayOutcome, PlayRecordError, validate_play
from engine.rules_of_play import Rule, Variant

# The engine's own helpers too: engine.solver and engine.playouts import beaters_of and
# _variant_flags from here, and engine._kernel's docstring names legal_card_mask here.
from engine.tricks import (  # noqa: F401
    CardSet,
    _variant_flags,
    beaters_of,
    beats,
    legal_card_mask,
    legal_cards,
    random_legal_play,
    trick_winner,
)

__all__ = [
    "CardSet",
    "IllegalCard",
    "PlayOutcome",
    "PlayRecordError",
    "Rule",
    "Variant",
    "beats",
    "legal_cards",
    "random_legal_play",
    "trick_winner",
    "validate_play",
]
