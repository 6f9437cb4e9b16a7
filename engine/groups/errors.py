"""The refusals of the groups-then-knockout engine (rules.md section 12).

:class:`GroupsError` names the field it concerns, carries a plain English message, and a
stable ``code`` with its ``params``, so that the web layer builds a translated message of its
own without parsing the English one (as :class:`engine.free_deal.GameError` does).  The codes
are listed in :data:`CODES`.  :class:`DrawNeeded` is the one refusal that is not a mistake:
the director must draw between tied pairs before the engine can go on.
"""

from __future__ import annotations

from engine.field_error import FieldError

__all__ = ["CODES", "DrawNeeded", "GroupsError"]

#: Every code a :class:`GroupsError` may carry, with what it means.
CODES: dict[str, str] = {
    "invalid": "not valid (no more precise code)",
    # Settings
    "not_an_integer": "a whole number was expected",
    "out_of_range": "the value lies outside its allowed range",
    "not_a_power_of_two": "a bracket holds a power of two pairs",
    # Pairs and groups (12.1)
    "too_few_pairs": "not enough pairs for the stage",
    "pair_twice": "a pair is listed twice",
    "unknown_pair": "not a pair of the event, or not of this group",
    "same_group": "both pairs are in the same group",
    # A game (12.1)
    "same_pair": "a pair cannot play itself",
    "negative_points": "points cannot be negative",
    "above_cap": "points above the cap are not counted and cannot be reported",
    "level_points": "a game is never a draw: the extra hands are played until one pair leads",
    "hands_not_allowed": "a game lasts the set hands, plus the extra hands a whole number of times",
    "played_twice": "two pairs of a group meet once",
    "played_on_after_lead": "the record shows hands played after one pair led at a checkpoint",
    # Going through (12.3)
    "bracket_too_small": "the bracket is smaller than the pairs going through directly",
    "draw_needed": "pairs are tied and the director must draw between them",
    # Final ranking (12.4)
    "knockout_not_finished": "the final has not been decided yet",
}


class GroupsError(FieldError):
    """A groups-then-knockout input refused: which field, and why.

    ``field`` names the input concerned (a setting such as ``"group_size"``, ``"points"``
    for both pairs' points together, ``"hands"``...); ``code`` is one of :data:`CODES`;
    ``params`` holds the figures the message quotes.
    """


class DrawNeeded(GroupsError):
    """Pairs tied on every figure where their order matters: the director must draw.

    ``params["pairs"]`` holds the tied pairs (a tuple); the director's order is then given
    back as the ``draw`` argument of the function that refused.
    """

    def __init__(self, field: str, pairs) -> None:
        pairs = tuple(pairs)
        super().__init__(field, f"a draw is needed between {', '.join(map(str, pairs))}",
                         code="draw_needed", params={"pairs": pairs})  # fmt: skip
