"""Deal notation (rules.md section 2): reading and writing deals and hands as text.

A deal is written ``N:h h h h``: the first seat, a colon, then the four hands of that seat and
the following ones in notation order N, E, S, W (so ``W:`` lists W, N, E, S). A hand is four
groups separated by ``.`` in suit order oros, copes, espases, bastos; each group lists its ranks
from the strongest to the weakest in trick order, one character each (``9 A R C S 8 7 6 5 4 3
2``). An empty group is empty. Example of a hand: ``9RS.A82..RC654``.

Parsing is slightly lenient where nothing can be misread: surrounding white space and runs of
spaces between hands are accepted, letters may be lower case, and ranks inside a group may come
in any order. Everything else that is not exactly 48 distinct cards, 12 per hand, raises
:class:`DealNotationError` naming the problem(s). :func:`format_deal` always writes the
canonical form, so ``parse_deal(format_deal(deal)) == deal``.
"""

from __future__ import annotations

from engine import card_bits as T
from engine.cards import ALL_CARDS, SUITS, Card, Deal, Hand
from engine.seats import Seat

__all__ = [
    "DealNotationError",
    "format_card",
    "format_deal",
    "format_hand",
    "parse_card",
    "parse_deal",
    "parse_hand",
]

# Seats in notation order, and the rank symbol -> trick order position.
_NOTATION_ORDER: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
_ORDER_OF_SYMBOL = {symbol: order for order, symbol in enumerate(T.SYMBOLS)}
_SUIT_OF_LETTER = {suit.value: suit for suit in SUITS}


class DealNotationError(ValueError):
    """Text that is not a valid deal, hand or card.

    The message names every problem found (e.g. ``duplicate card O9 (in N and E)``,
    ``missing card BA``, ``wrong hand size: S has 11 cards``, ``unknown character 'X'``,
    ``bad seat 'Q'``, ``wrong number of hands``, ``wrong number of groups``). The individual
    messages are also in :attr:`problems`.
    """

    def __init__(self, problems: str | list[str]) -> None:
        self.problems: list[str] = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("; ".join(self.problems))


def format_card(card: Card) -> str:
    """The two-character code of a card: suit letter and rank symbol, e.g. ``'EA'``."""
    return str(card)


def parse_card(text: str) -> Card:
    """The card written as suit letter and rank symbol, e.g. ``'EA'`` (as of espases)."""
    code = text.strip().upper()
    if len(code) != 2 or code[0] not in _SUIT_OF_LETTER or code[1] not in _ORDER_OF_SYMBOL:
        raise DealNotationError(f"not a card: {text!r} (expected e.g. 'O9', 'CA', 'B2')")
    return ALL_CARDS[_SUIT_OF_LETTER[code[0]].index * 12 + _ORDER_OF_SYMBOL[code[1]]]


def format_hand(hand: Hand) -> str:
    """The hand in notation: four ``.``-separated groups, e.g. ``'9RS.A82..RC654'``."""
    mask = hand.mask
    groups = []
    for s in range(4):
        suit_bits = mask >> (12 * s) & T.SUIT_BITS
        groups.append("".join(T.SYMBOLS[o] for o in range(12) if suit_bits >> o & 1))
    return ".".join(groups)


def _parse_hand_mask(text: str, where: str) -> tuple[int, list[str]]:
    """Parse one hand; return its mask and the problems that do not stop parsing."""
    groups = text.split(".")
    if len(groups) != 4:
        raise DealNotationError(
            f"wrong number of groups{where}: {text!r} has {len(groups)} "
            "(expected 4 groups separated by '.', for oros, copes, espases, bastos)"
        )
    mask = 0
    problems = []
    for s, group in enumerate(groups):
        for char in group:
            order = _ORDER_OF_SYMBOL.get(char.upper())
            if order is None:
                raise DealNotationError(
                    f"unknown character {char!r}{where} (ranks are written 9 A R C S 8 7 6 5 4 3 2)"
                )
            bit = 1 << (12 * s + order)
            if mask & bit:
                problems.append(f"duplicate card {ALL_CARDS[12 * s + order]}{where}")
            mask |= bit
    return mask, problems


def parse_hand(text: str) -> Hand:
    """Read one hand, e.g. ``'9RS.A82..RC654'``. Any number of cards is accepted."""
    mask, problems = _parse_hand_mask(text.strip(), "")
    if problems:
        raise DealNotationError(problems)
    return Hand.from_mask(mask)


def format_deal(deal: Deal, first: Seat = Seat.N) -> str:
    """The deal in notation, listing the hands in N, E, S, W order starting from ``first``."""
    start = first.index
    hands = (format_hand(deal.hand(_NOTATION_ORDER[(start + k) % 4])) for k in range(4))
    return f"{first.value}:" + " ".join(hands)


def parse_seat_hands(text: str) -> dict[Seat, Hand]:
    """Each seat's hand of a deal written ``N:h h h h`` (four hands, a pairs' or a
    four-player individual deal: :func:`parse_deal`'s rules) or ``N:h h h`` (three hands, N,
    E and S: the individual three-player deal of rules.md 10.1, twelve distinct cards each)."""
    if isinstance(text, str):
        head, colon, rest = text.strip().partition(":")
        parts = rest.split()
        if colon and head == "N" and len(parts) == 3:
            hands = {seat: parse_hand(part) for seat, part in zip((Seat.N, Seat.E, Seat.S),
                                                                  parts, strict=True)}
            masks = [hand.mask for hand in hands.values()]
            if any(len(hand) != 12 for hand in hands.values()) or (
                    masks[0] & masks[1] or masks[0] & masks[2] or masks[1] & masks[2]):
                raise DealNotationError("three hands of twelve distinct cards are needed")
            return hands
    deal = parse_deal(text)
    return {seat: deal.hand(seat) for seat in Seat}


def parse_deal(text: str) -> Deal:
    """Read a deal written ``N:h h h h`` (see the module documentation).

    Raises :class:`DealNotationError` unless the text describes exactly 48 distinct cards,
    12 per hand.
    """
    if not isinstance(text, str):
        raise DealNotationError(f"a deal must be text, not {type(text).__name__}")
    stripped = text.strip()
    head, colon, rest = stripped.partition(":")
    if not colon:
        raise DealNotationError("bad seat: the deal must start with a seat and ':', e.g. 'N:'")
    head = head.strip().upper()
    if head not in ("N", "E", "S", "W"):
        raise DealNotationError(f"bad seat {head!r}: the first seat must be N, E, S or W")
    first = Seat(head)
    tokens = rest.split()
    if len(tokens) != 4:
        raise DealNotationError(
            f"wrong number of hands: found {len(tokens)}, expected 4 separated by spaces"
        )
    seats = [_NOTATION_ORDER[(first.index + k) % 4] for k in range(4)]
    masks = [0, 0, 0, 0]
    problems: list[str] = []
    for seat, token in zip(seats, tokens, strict=True):
        mask, hand_problems = _parse_hand_mask(token, f" in the hand of {seat}")
        masks[seat.index] = mask
        problems.extend(hand_problems)

    # Cards in more than one hand, then cards in none, then hand sizes.
    for i, card in enumerate(ALL_CARDS):
        holders = [str(seat) for seat in _NOTATION_ORDER if masks[seat.index] >> i & 1]
        if len(holders) > 1:
            problems.append(f"duplicate card {card} (in {' and '.join(holders)})")
    union = masks[0] | masks[1] | masks[2] | masks[3]
    missing = [str(ALL_CARDS[i]) for i in range(48) if not union >> i & 1]
    if missing:
        noun = "missing card" if len(missing) == 1 else "missing cards"
        problems.append(f"{noun} {', '.join(missing)}")
    for seat in _NOTATION_ORDER:
        size = masks[seat.index].bit_count()
        if size != 12:
            problems.append(f"wrong hand size: {seat} has {size} cards, expected 12")
    if problems:
        raise DealNotationError(problems)
    return Deal._trusted((masks[0], masks[1], masks[2], masks[3]))
