"""Rules of play and validation of play records (rules.md section 4).

Terms used throughout, and how this module reads the rules:

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

Validation works on 48-bit card masks (see ``engine._tables``) so that each card costs a few
integer operations; :func:`legal_cards` exposes the same decisions as sets of cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from engine import _tables as T
from engine.cards import ALL_CARDS, Card, Contract, Deal, Hand
from engine.seats import Seat, Side

__all__ = [
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


class Variant(Enum):
    """Which rules of play are in force (a tournament setting, chosen before play)."""

    WESTERN = "western"
    EASTERN = "eastern"
    EASTERN_SECOND_COUNTS = "eastern_second_counts"

    @property
    def is_eastern(self) -> bool:
        """True for the eastern variants, in which rule 3 applies."""
        return self is not Variant.WESTERN

    @property
    def description(self) -> str:
        """What the variant enforces, in English."""
        return _VARIANT_DESCRIPTIONS[self]


_VARIANT_DESCRIPTIONS = {
    Variant.WESTERN: "western (lliure): follow suit and beat if able; otherwise any card",
    Variant.EASTERN: "eastern (obligada): as western, and a card that does not beat is restricted",
    Variant.EASTERN_SECOND_COUNTS: (
        "eastern, and the second player may play a counting card also when following suit"
    ),
}


class Rule(Enum):
    """A rule of play that a card can break (rules.md section 4)."""

    #: Rule 1: a player holding the suit led must follow suit.
    FOLLOW_SUIT = "follow_suit"
    #: Rule 2: with the partner not winning, beat everything played so far if able.
    MUST_BEAT = "must_beat"
    #: Rule 3 (eastern), partner winning: a non-beating card must count or be the lowest held.
    RESTRICTED_PARTNER_WINNING = "restricted_partner_winning"
    #: Rule 3 (eastern), opponents winning: a non-beating card must be the lowest held
    #: (the second player's counting-card exception aside).
    RESTRICTED_OPPONENTS_WINNING = "restricted_opponents_winning"

    @property
    def number(self) -> int:
        """The rule's number in rules.md section 4 (1, 2 or 3)."""
        return _RULE_NUMBERS[self]

    @property
    def description(self) -> str:
        """The rule in one English sentence."""
        return _RULE_DESCRIPTIONS[self]


_RULE_NUMBERS = {
    Rule.FOLLOW_SUIT: 1,
    Rule.MUST_BEAT: 2,
    Rule.RESTRICTED_PARTNER_WINNING: 3,
    Rule.RESTRICTED_OPPONENTS_WINNING: 3,
}
_RULE_DESCRIPTIONS = {
    Rule.FOLLOW_SUIT: "a player who holds the suit led must follow suit",
    Rule.MUST_BEAT: (
        "when the partner is not winning the trick, a player must beat every card played so "
        "far if able (when void in the suit led: trump, or over-trump)"
    ),
    Rule.RESTRICTED_PARTNER_WINNING: (
        "when the partner is winning, a card that does not beat must be a counting card or "
        "the lowest card held in its suit"
    ),
    Rule.RESTRICTED_OPPONENTS_WINNING: (
        "when the opponents are winning, a card that does not beat must be the lowest card "
        "held in its suit (the second player, when void, may play a counting card instead)"
    ),
}


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


# --- Internal representation ---------------------------------------------------------------
# Seats are numbered in notation order (N=0, E=1, S=2, W=3), so the next seat to play is
# (i + 3) & 3, the partner is i ^ 2, and i & 1 is the side (0 = NS, 1 = EW). Cards are their
# ALL_CARDS indices, sets of cards are masks.

_SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
_NEXT = (3, 0, 1, 2)
_INDEX_OF: dict[Card, int] = {card: card.index for card in ALL_CARDS}
_TRUMP_INDEX = {
    Contract.OROS: 0,
    Contract.COPES: 1,
    Contract.ESPASES: 2,
    Contract.BASTOS: 3,
    Contract.BOTIFARRA: 4,
}

_FOLLOW, _BEAT, _R_PARTNER, _R_OPPONENTS = (
    Rule.FOLLOW_SUIT,
    Rule.MUST_BEAT,
    Rule.RESTRICTED_PARTNER_WINNING,
    Rule.RESTRICTED_OPPONENTS_WINNING,
)


def _beaters(contract: Contract) -> tuple[int, ...]:
    if not isinstance(contract, Contract):
        raise TypeError(f"contract must be a Contract, not {contract!r}")
    return T.BEATERS[_TRUMP_INDEX[contract]]


def _variant_flags(variant: Variant) -> tuple[bool, bool]:
    """(rule 3 in force, second player may count when following)."""
    if not isinstance(variant, Variant):
        raise TypeError(f"variant must be a Variant, not {variant!r}")
    return variant is not Variant.WESTERN, variant is Variant.EASTERN_SECOND_COUNTS


def _legal_mask(
    hand: int,
    led: int,
    winner: int,
    partner_winning: bool,
    second: bool,
    beaters: tuple[int, ...],
    rule3: bool,
    second_counts: bool,
) -> int:
    """The legal cards of ``hand`` for a player who is not leading.

    ``led`` and ``winner`` are the card led and the card currently winning; ``second`` says the
    player is the second to the trick.
    """
    following = hand & T.SUIT_MASK_OF[led]
    allowed = following or hand  # rule 1
    beat = allowed & beaters[winner]
    if beat and not partner_winning:
        return beat  # rule 2
    if not rule3:
        return allowed
    # Rule 3: cards that do not beat are limited to the lowest of their suit, or counting cards.
    ok = T.lowest_per_suit(hand)
    if partner_winning or (second and (second_counts or not following)):
        ok |= T.COUNTING
    return beat | (allowed & ok)


def beats(card: Card, winning: Card, contract: Contract) -> bool:
    """Whether ``card`` would take a trick currently won by ``winning`` under ``contract``.

    True for a stronger card of the same suit, or for a trump when ``winning`` is not a trump.
    """
    return bool(_beaters(contract)[winning.index] >> card.index & 1)


def _check_trick(trick: Sequence[tuple[Seat, Card]]) -> None:
    if len(trick) > 4:
        raise ValueError("a trick has at most four cards")
    for (seat, card), (later, other) in zip(trick, trick[1:], strict=False):
        if later is not seat.next:
            raise ValueError(f"{later} cannot play after {seat}: play goes anticlockwise")
        if other is card:
            raise ValueError(f"{card} appears twice in the trick")
    if len({card for _, card in trick}) != len(trick):
        raise ValueError("a card appears twice in the trick")


def _winning(trick: Sequence[tuple[Seat, Card]], beaters: tuple[int, ...]) -> tuple[Seat, int]:
    seat, card = trick[0]
    winner = card.index
    for other_seat, other in trick[1:]:
        if beaters[winner] >> other.index & 1:
            seat, winner = other_seat, other.index
    return seat, winner


def trick_winner(trick: Sequence[tuple[Seat, Card]], contract: Contract) -> Seat:
    """The seat winning ``trick`` (complete or not): highest trump, else highest of the suit led.

    ``trick`` lists ``(seat, card)`` in the order played.
    """
    if not trick:
        raise ValueError("an empty trick has no winner")
    _check_trick(trick)
    return _winning(trick, _beaters(contract))[0]


def legal_cards(
    hand: Hand,
    trick: Sequence[tuple[Seat, Card]],
    contract: Contract,
    variant: Variant,
) -> frozenset[Card]:
    """The cards of ``hand`` that the next player to ``trick`` may play.

    ``trick`` lists the ``(seat, card)`` already played in the current trick, in order (empty
    when leading: then every card is legal). The player is the seat after the last one in it.
    """
    beaters = _beaters(contract)
    rule3, second_counts = _variant_flags(variant)
    mask = hand.mask
    if trick:
        _check_trick(trick)
        if len(trick) == 4:
            raise ValueError("the trick is complete")
        for _, card in trick:
            if card in hand:
                raise ValueError(f"{card} was played to the trick but is still in the hand")
        player = trick[-1][0].next
        winner_seat, winner = _winning(trick, beaters)
        mask = _legal_mask(
            mask,
            trick[0][1].index,
            winner,
            winner_seat is player.partner,
            len(trick) == 1,
            beaters,
            rule3,
            second_counts,
        )
    return frozenset(ALL_CARDS[i] for i in T.bits(mask))


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
    beaters = _beaters(contract)
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


def random_legal_play(
    deal: Deal,
    dealer: Seat,
    contract: Contract,
    variant: Variant,
    rng: random.Random,
) -> list[Card]:
    """A random complete play of ``deal`` in which every card is legal under ``variant``.

    Each card is drawn uniformly from the legal cards of the player due to play. Meant for
    tests, benchmarks and demonstrations (``rng`` is an ordinary ``random.Random``; deals
    themselves never come from it).
    """
    beaters = _beaters(contract)
    rule3, second_counts = _variant_flags(variant)
    hands = list(deal.masks)
    leader = dealer.next.index
    played: list[Card] = []
    for _ in range(12):
        seat = leader
        options = T.bits(hands[seat])
        led = winner = options[rng.randrange(len(options))]
        winner_seat = seat
        hands[seat] ^= 1 << led
        played.append(ALL_CARDS[led])
        for position in (1, 2, 3):
            seat = _NEXT[seat]
            mask = _legal_mask(
                hands[seat],
                led,
                winner,
                winner_seat == seat ^ 2,
                position == 1,
                beaters,
                rule3,
                second_counts,
            )
            options = T.bits(mask)
            card = options[rng.randrange(len(options))]
            hands[seat] ^= 1 << card
            played.append(ALL_CARDS[card])
            if beaters[winner] >> card & 1:
                winner, winner_seat = card, seat
        leader = winner_seat
    return played
