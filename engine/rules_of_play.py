"""The rules of play in force, and the rules a card can break (rules.md section 4).

:class:`Variant` is the tournament setting that says which rules bind (western, eastern, or
eastern with the second player's counting cards also when following suit); :class:`Rule`
names rules 1 to 3, as the first illegal card of a play record reports them. How the engine
reads each rule is set out in :mod:`engine.play`.
"""

from __future__ import annotations

from enum import Enum

__all__ = ["Rule", "Variant"]


class Variant(Enum):
    """Which rules of play are in force (a tournament setting, chosen before play)."""

    # Members are singletons and compare by identity: hash them the same way, in C. Enum's
    # own hash is a Python call (hash of the name), most of the cost of a seat or contract
    # used as a dictionary key card after card.
    __hash__ = object.__hash__

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
