"""Play records: checking that the cards played in a deal keep the rules, and scoring them
(rules.md section 4).

:func:`validate_play` reports the first problem in play order: an :class:`IllegalCard` for a
card that breaks a rule, or :class:`PlayRecordError` for a record that is no play of the deal;
otherwise it returns the :class:`PlayOutcome` of the tricks covered. The rules are read as set
out in :mod:`engine.play`; seats and cards are numbered as in :mod:`engine.tricks`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from engine import card_bits as T
from engine.cards import ALL_CARDS, Card, Contract, Deal
from engine.rules_of_play import Rule, Variant
from engine.seats import Seat, Side
from engine.tricks import _NEXT, _variant_flags, beaters_of

__all__ = ["IllegalCard", "PlayOutcome", "PlayRecordError", "validate_play"]


class PlayRecordError(ValueError):
    """A play record that is not a play of the deal at all.

    Raised for records of the wrong length, for non-cards, and for cards that the player due
    to play does not hold (a card of another seat, or one already played). Records that are
    plays of the deal but break a rule of play are not errors: :func:`validate_play` returns
    an :class:`IllegalCard` for them.
    """


@dataclass(frozen=True, slots=True)
class PlayOutcome:
    """Result of a legal play: points and tricks taken by each side.

    Points include one per trick taken, so the two sides' points add up to 72 and their
    tricks to 12.
    """

    ns_points: int
    ns_tricks: int
    #: How many tricks the record covers: 12, or fewer for a record that stops early
    #: (rules.md 4); the points and tricks are those of the tricks covered.
    tricks_played: int = 12
    #: East-West's points in a record that stops early (``None`` for a complete one).
    partial_ew_points: int | None = None

    #: Distinguishes an outcome from an :class:`IllegalCard` without ``isinstance``.
    is_legal: ClassVar[bool] = True

    @property
    def complete(self) -> bool:
        """Whether the record covers all twelve tricks."""
        return self.tricks_played == 12

    @property
    def ew_points(self) -> int:
        """Points of East-West: 72 minus those of North-South in a complete play."""
        if self.partial_ew_points is not None:
            return self.partial_ew_points
        return 72 - self.ns_points

    @property
    def ew_tricks(self) -> int:
        """Tricks taken by East-West."""
        return self.tricks_played - self.ns_tricks

    @property
    def points(self) -> Mapping[Side, int]:
        """Points per side (card points plus one per trick)."""
        return {Side.NS: self.ns_points, Side.EW: self.ew_points}

    @property
    def tricks(self) -> Mapping[Side, int]:
        """Tricks per side."""
        return {Side.NS: self.ns_tricks, Side.EW: self.ew_tricks}


@dataclass(frozen=True, slots=True)
class IllegalCard:
    """The first card of a play record that breaks a rule of play."""

    #: 1 to 12.
    trick_number: int
    seat: Seat
    card: Card
    rule: Rule

    is_legal: ClassVar[bool] = False

    def __str__(self) -> str:
        return (
            f"trick {self.trick_number}: {self.seat} played {self.card}, breaking rule "
            f"{self.rule.number} ({self.rule.description})"
        )


# The internal representation of engine.tricks: seats by notation order, cards by index.
_SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
_INDEX_OF: dict[Card, int] = {card: card.index for card in ALL_CARDS}

_FOLLOW, _BEAT, _R_PARTNER, _R_OPPONENTS = (
    Rule.FOLLOW_SUIT,
    Rule.MUST_BEAT,
    Rule.RESTRICTED_PARTNER_WINNING,
    Rule.RESTRICTED_OPPONENTS_WINNING,
)


# --- Validation ----------------------------------------------------------------------------


def _card_indices(cards: Sequence[Card]) -> list[int]:
    if isinstance(cards, str | bytes):
        raise PlayRecordError("a play record is a sequence of cards, not text")
    try:
        indices = list(map(_INDEX_OF.__getitem__, cards))
    except (KeyError, TypeError):
        bad = next((c for c in cards if not isinstance(c, Card)), None)
        raise PlayRecordError(f"not a card: {bad!r}") from None
    if len(indices) > 48 or len(indices) % 4 or not indices:
        raise PlayRecordError(
            f"a play record has 48 cards (12 tricks of 4), or whole tricks up to where it "
            f"stops, not {len(indices)}"
        )
    return indices


def _run(
    masks: tuple[int, int, int, int],
    leader: int,
    beaters: tuple[int, ...],
    rule3: bool,
    second_counts: bool,
    cards: list[int],
) -> tuple[int, int, tuple[int, int, Rule, int] | None, bool]:
    """Play ``cards`` out; return (NS card mask won, NS tricks, first breach, record ok).

    The first breach is ``(trick number, seat, rule, card)``. The hot loop does not check that
    each card is in its player's hand: it removes cards with XOR instead, and a seat ends
    with an empty hand exactly when the twelve cards it played were its twelve cards (a card
    it did not hold would stay set, or leave one of its own set). When that final check fails
    the caller re-plays the record slowly to say what is wrong.

    The three followers of each trick are written out one by one: the second player's partner
    is never winning, the third's partner is the leader and the fourth's the second player.
    """
    hands = list(masks)
    suit_of, lower, counting = T.SUIT_MASK_OF, T.LOWER, T.COUNTING
    won_ns = won_ew = 0
    tricks_ns = 0
    bad = None
    it = iter(cards)
    number = 0
    for c0, c1, c2, c3 in zip(it, it, it, it, strict=True):
        number += 1
        s0 = leader
        b = 1 << c0
        hands[s0] ^= b
        suit = suit_of[c0]
        w = c0
        ws = s0
        tm = b

        # Second player: the leader, an opponent, is winning.
        s1 = _NEXT[s0]
        b = 1 << c1
        h = hands[s1]
        hands[s1] = h ^ b
        tm |= b
        bt = beaters[w]
        if b & bt:
            if h & suit and not b & suit:
                bad = bad or (number, s1, _FOLLOW, c1)
            w = c1
            ws = s1
        else:
            f = h & suit
            if f and not b & suit:
                bad = bad or (number, s1, _FOLLOW, c1)
            elif (f or h) & bt:
                bad = bad or (number, s1, _BEAT, c1)
            elif rule3 and h & lower[c1] and not (b & counting and (second_counts or not f)):
                bad = bad or (number, s1, _R_OPPONENTS, c1)

        # Third player: partner of the leader.
        s2 = _NEXT[s1]
        b = 1 << c2
        h = hands[s2]
        hands[s2] = h ^ b
        tm |= b
        bt = beaters[w]
        if b & bt:
            if h & suit and not b & suit:
                bad = bad or (number, s2, _FOLLOW, c2)
            w = c2
            ws = s2
        else:
            f = h & suit
            if f and not b & suit:
                bad = bad or (number, s2, _FOLLOW, c2)
            elif ws == s0:
                if rule3 and h & lower[c2] and not b & counting:
                    bad = bad or (number, s2, _R_PARTNER, c2)
            elif (f or h) & bt:
                bad = bad or (number, s2, _BEAT, c2)
            elif rule3 and h & lower[c2]:
                bad = bad or (number, s2, _R_OPPONENTS, c2)

        # Fourth player: partner of the second.
        s3 = _NEXT[s2]
        b = 1 << c3
        h = hands[s3]
        hands[s3] = h ^ b
        tm |= b
        bt = beaters[w]
        if b & bt:
            if h & suit and not b & suit:
                bad = bad or (number, s3, _FOLLOW, c3)
            ws = s3
        else:
            f = h & suit
            if f and not b & suit:
                bad = bad or (number, s3, _FOLLOW, c3)
            elif ws == s1:
                if rule3 and h & lower[c3] and not b & counting:
                    bad = bad or (number, s3, _R_PARTNER, c3)
            elif (f or h) & bt:
                bad = bad or (number, s3, _BEAT, c3)
            elif rule3 and h & lower[c3]:
                bad = bad or (number, s3, _R_OPPONENTS, c3)

        if ws & 1:
            won_ew |= tm
        else:
            won_ns |= tm
            tricks_ns += 1
        leader = ws
    ok = not (hands[0] | hands[1] | hands[2] | hands[3])
    return won_ns, tricks_ns, bad, ok


def _first_card_not_held(deal: Deal, leader: int, beaters: tuple[int, ...], cards: list[int]):
    """Re-play a record card by card: ``(index in the record, PlayRecordError)`` for the
    first card its player does not hold, or ``None`` if every card is held."""
    hands = list(deal.masks)
    for number in range(1, len(cards) // 4 + 1):
        trick = cards[4 * number - 4 : 4 * number]
        seat = leader
        winner_seat, winner = leader, trick[0]
        for position, card in enumerate(trick):
            if not hands[seat] >> card & 1:
                owner = _SEATS[next(i for i in range(4) if deal.masks[i] >> card & 1)]
                what = (
                    "which it has already played"
                    if owner is _SEATS[seat]
                    else f"which was dealt to {owner}"
                )
                return 4 * number - 4 + position, PlayRecordError(
                    f"trick {number}: {_SEATS[seat]} is to play but the record has "
                    f"{ALL_CARDS[card]}, {what}"
                )
            hands[seat] ^= 1 << card
            if position and beaters[winner] >> card & 1:
                winner_seat, winner = seat, card
            seat = _NEXT[seat]
        leader = winner_seat
    return None


def _record_index(cards: list[int], number: int, seat: int, leader: int, beaters) -> int:
    """Where in the record the card that ``seat`` played to trick ``number`` is."""
    for trick in range(1, number):
        first = 4 * trick - 4
        played = cards[first : first + 4]
        winner_seat, winner, current = leader, played[0], leader
        for card in played[1:]:
            current = _NEXT[current]
            if beaters[winner] >> card & 1:
                winner_seat, winner = current, card
        leader = winner_seat
    position, current = 0, leader
    while current != seat:
        current, position = _NEXT[current], position + 1
    return 4 * number - 4 + position


def validate_play(
    deal: Deal,
    dealer: Seat,
    contract: Contract,
    variant: Variant,
    cards: Sequence[Card],
) -> PlayOutcome | IllegalCard:
    """Check a play record of ``deal`` and score it (rules.md 4).

    ``cards`` are the cards in the order played: all 48, or the whole tricks up to where the
    record stops. The first trick is led by ``dealer.next`` and each trick by the winner of
    the one before. The **first** problem in play order is reported: an :class:`IllegalCard`
    for a card that breaks a rule of ``variant``, or :class:`PlayRecordError` raised for a
    card the player due to play does not hold (a card of another seat, or one already
    played). Raises :class:`PlayRecordError` too for a record that is no play at all (wrong
    length, non-cards). Otherwise returns the :class:`PlayOutcome` of the tricks covered.
    """
    indices = _card_indices(cards)
    beaters = beaters_of(contract)
    rule3, second_counts = _variant_flags(variant)
    leader = dealer.next.index
    won_ns, tricks_ns, bad, ok = _run(deal.masks, leader, beaters, rule3, second_counts, indices)
    complete = len(indices) == 48
    # The fast loop proves a complete record held; a partial one is re-played to check.
    not_held = None if complete and ok else _first_card_not_held(deal, leader, beaters, indices)
    if not_held is not None:
        index, error = not_held
        # A breach before the first card not held wins; anything the loop found after that
        # card was computed from hands the record had already made wrong.
        if bad is None or _record_index(indices, bad[0], bad[1], leader, beaters) >= index:
            raise error
    if bad is not None:
        number, seat, rule, card = bad
        return IllegalCard(number, _SEATS[seat], ALL_CARDS[card], rule)
    ns_points = T.points(won_ns) + tricks_ns
    if complete:
        return PlayOutcome(ns_points, tricks_ns)
    tricks = len(indices) // 4
    played = 0
    for card in indices:
        played |= 1 << card
    ew_points = T.points(played & ~won_ns) + tricks - tricks_ns
    return PlayOutcome(ns_points, tricks_ns, tricks, ew_points)
