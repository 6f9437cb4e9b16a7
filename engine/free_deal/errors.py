"""The error a free-deal game entry is refused with (rules.md 11.2).

:class:`GameError` names the field it concerns, carries a plain English message, and a
stable ``code`` with its ``params`` so that the web layer can build a translated message
of its own without parsing the English one.  The codes are listed in :data:`CODES`.
"""

from __future__ import annotations

from engine.field_error import FieldError

__all__ = ["CODES", "GameError"]

#: Every code a :class:`GameError` may carry, with what it means.
CODES: dict[str, str] = {
    "invalid": "not valid (no more precise code)",
    # Settings (GameSettings)
    "not_an_integer": "a whole number was expected",
    "not_a_boolean": "yes or no was expected",
    "out_of_range": "the value lies outside its allowed range",
    "cap_below_target": "the cap is lower than the target",
    "no_ending": "target, hand limit and clock are all off: a game could never end",
    "unknown_scheme": "not a doubling scheme",
    # The reported game (GameReport)
    "negative_points": "points cannot be negative",
    "above_cap": "points above the cap are not counted and cannot be reported",
    "both_reached_target": "both pairs at or over the target",
    "unknown_ending": "not a way for a game to end",
    "ending_off": "the game ended in a way the settings have switched off",
    "target_not_reached": "ended by the target, but neither pair reached it",
    "no_hands": "a game has at least one hand",
    "above_hand_limit": "more hands than the hand limit",
    "hands_not_at_limit": "ended by the hand limit, but not at the limit",
    # The hand-by-hand record (HandRecord)
    "record_length": "the record has a different number of hands from the report",
    "unknown_pair": "a pair at the table is 'first' or 'second'",
    "makers_do_not_alternate": "the same pair made trumps on two hands in a row",
    "unknown_contract": "not a contract (O, C, E, B or BOT)",
    "unknown_doubling": "doubling is 0, 1, 2 or 3",
    "sant_vicenc_forbidden": "Sant Vicenç is not allowed in this championship",
    "points_without_scorer": "points scored, but no scoring pair named",
    "scorer_without_points": "a scoring pair named, but no points",
    "impossible_points": "no score of this contract and doubling gives these points",
    "hand_after_target": "a hand was played after a pair had reached the target",
    "hands_do_not_add_up": "the record does not add up to the reported points",
}


class GameError(FieldError):
    """A free-deal game entry (or its settings) refused: which field, and why.

    ``field`` names the input concerned: an attribute of the report or the settings
    (``"first_points"``, ``"ended_by"``, ``"target"``...), ``"points"`` for both pairs'
    points together, ``"hands"`` for the record as a whole, or a path into the record such
    as ``"hands[3].points"`` (the index counts from 0, as in Python and JSON; the hand
    *number* in ``params["hand"]`` and in the message counts from 1, as on a score pad).
    ``code`` is one of :data:`CODES`; ``params`` holds the figures the message quotes.
    """
