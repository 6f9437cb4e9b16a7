"""Between the database and ``engine.groups``: the settings checked by the engine's rules,
and the engine's refusals as translated messages naming the field. No rule is decided here;
they are the engine's (rules.md 12)."""

from __future__ import annotations

from django.utils.translation import gettext as _

import engine.groups as eg
from engine.field_error import worded
from engine.groups.qualification import PER_GROUP_RANGE
from tournaments.services.common import ServiceError


def check_settings(row) -> None:
    """Refuse settings the engine cannot play: a group size outside 4–6, hands or extra
    hands outside 1–99, a win worth other than 1, 2 or 3, Q outside 1–5, a bracket that is not
    a power of two. Each refusal names its field."""
    try:
        eg.group_count(1, row.group_size)
        eg.GameRules(hands=row.hands_per_game, extra_hands=row.extra_hands)
        if row.bracket_size is not None and (row.bracket_size < 2
                                             or row.bracket_size & (row.bracket_size - 1)):
            raise eg.GroupsError("bracket_size", "not a power of two",
                                 code="not_a_power_of_two", params={"size": row.bracket_size})
    except eg.GroupsError as error:
        field = {"hands": "hands_per_game"}.get(error.field, error.field)
        raise ServiceError(message(error), field=field) from None
    if row.win_points not in eg.WIN_POINTS:
        raise ServiceError(_("A win is worth 1, 2 or 3 match points."), field="win_points")
    if row.qualifiers_per_group not in PER_GROUP_RANGE:
        raise ServiceError(message(eg.GroupsError(
            "qualifiers_per_group", "out of range", code="out_of_range",
            params={"min": PER_GROUP_RANGE.start, "max": PER_GROUP_RANGE.stop - 1})),
            field="qualifiers_per_group")
    if row.best_of not in (1, 3):
        raise ServiceError(_("A knockout tie is one game or the best of three."),
                           field="best_of")


def refusal(error: eg.GroupsError, field: str | None = None) -> ServiceError:
    """The engine's refusal as the core's ``ServiceError``, translated, naming ``field`` (the
    engine's own field unless given)."""
    return ServiceError(message(error), field=field or error.field)


def message(error) -> str:
    """The engine's refusal in the reader's language (the engine speaks English)."""
    return worded(error, _messages())


def _messages() -> dict[str, str]:
    """The codes of ``engine.groups.CODES`` that setting up can meet, in the reader's
    language; the engine's parameters fill them in."""
    return {
        "not_an_integer": _("Enter a whole number."),
        "out_of_range": _("Enter a number from %(min)s to %(max)s."),
        "not_a_power_of_two": _("A bracket holds a power of two pairs: 2, 4, 8, 16, 32…"),
        "too_few_pairs": _("At least %(min)s pairs are needed."),
        "pair_twice": _("Pair %(pair)s is listed twice."),
        "unknown_pair": _("Pair %(pair)s is not in this group."),
        "same_group": _("Both pairs are in group %(group)s: choose pairs of two different "
                        "groups."),
    }
