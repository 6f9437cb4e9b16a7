"""Turning stored deals into what pages and printed sheets show: hands by seat and suit,
with localised suit, seat and contract names, and signed deal scores. Callers decide whether
the cards may be shown (``selectors.deal_is_public``); this module only formats."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

import engine

SEAT_NAMES = {"N": _("North"), "E": _("East"), "S": _("South"), "W": _("West")}
SIDE_NAMES = {"NS": _("North-South"), "EW": _("East-West")}
# The contracts by code, named as the result forms, travellers and workbook name them
# (``scoring.models.ResultEntry.Contract``'s labels, the same msgids): one name for Botifarra
# in every language, never "no trumps".
CONTRACT_NAMES = {"O": _("Coins"), "C": _("Cups"), "E": _("Swords"), "B": _("Batons"),
                  "BOT": _("Botifarra")}

# Hands are shown in table layout order: N at the top, W left, E right, S at the bottom.
SEAT_ORDER = ("N", "W", "E", "S")


def signed(value: int) -> str:
    """A deal score with its sign, as rules.md 6.4 prints it: +4, \u22128 (a true minus
    sign, U+2212), 0. The one formatter for signed numbers on pages, sheets and PDFs."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"\u2212{-value}"
    return "0"


def language() -> str:
    code = (get_language() or "ca")[:2]
    return code if code in ("ca", "es", "en") else "ca"


@dataclass(frozen=True)
class SuitLine:
    letter: str
    name: str
    ranks: str  # the ranks as printed on Spanish cards, strongest first: "9 1 12 10"


@dataclass(frozen=True)
class HandView:
    seat: str
    seat_name: str
    is_dealer: bool
    suits: tuple[SuitLine, ...]
    points: int


@dataclass(frozen=True)
class DealView:
    number: int
    dealer: str | None
    dealer_name: str
    trump_side: str | None
    trump_side_name: str
    hands: dict[str, HandView]
    notation: str
    imported: bool

    @property
    def hands_in_order(self) -> list[HandView]:
        return [self.hands[seat] for seat in SEAT_ORDER if seat in self.hands]


def deal_view(stored=None, *, deal=None, number: int | None = None,
              sides: bool = True) -> DealView:
    """The view of a stored ``Deal`` row, or of an engine ``deal`` (with its ``number``).
    ``sides``: whether a side makes trumps (pairs); individual play has no sides, and its
    three-player deals no West (rules.md 10.1)."""
    lang = language()
    if stored is not None:
        by_seat = engine.parse_seat_hands(stored.cards)
        number = stored.number
        dealer = stored.dealer
    else:
        by_seat = {seat: deal.hand(seat) for seat in engine.Seat}
        dealer = None
    sides = sides and len(by_seat) == 4
    hands = {}
    for seat, hand in by_seat.items():
        suits = tuple(
            SuitLine(
                suit.letter,
                engine.suit_name(suit, lang),
                " ".join(str(card.rank) for card in hand.in_suit(suit)) or "—",
            )
            for suit in engine.Suit
        )
        hands[seat.value] = HandView(
            seat.value, str(SEAT_NAMES[seat.value]), seat.value == dealer, suits, hand.points
        )
    side = engine.trump_side(engine.Seat(dealer)).value if dealer and sides else None
    return DealView(
        number=number,
        dealer=dealer,
        dealer_name=str(SEAT_NAMES[dealer]) if dealer else "",
        trump_side=side,
        trump_side_name=str(SIDE_NAMES[side]) if side else "",
        hands=hands,
        notation=(engine.format_deal(deal) if stored is None
                  else stored.cards if len(by_seat) < 4
                  else engine.format_deal(engine.parse_deal(stored.cards))),
        imported=bool(stored is not None and stored.source == stored.Source.IMPORTED),
    )
