"""Between the database and ``engine.groups``: the settings, a group game and a knockout
game's hands (rules.md 12.4, a game as in 12.1) checked by the engine's rules, and the
engine's refusals as translated messages naming the field. No rule is decided here; they are
the engine's (rules.md 12)."""

from __future__ import annotations

from django.utils.translation import gettext as _

import engine.groups as eg
from engine import free_deal as fd
from engine.field_error import worded
from engine.groups.qualification import PER_GROUP_RANGE
from engine.groups.records import check_game_record
from engine.ordinary import DoublingScheme
from scoring.game_words import record_messages, unreadable_record
from scoring.models import GameEntry
from scoring.services.values import GameRefused
from tournaments.services.common import ServiceError


def check_settings(row) -> None:
    """Refuse settings the engine cannot play: a group size outside 4–6, hands or extra
    hands outside 1–99, a win worth other than 1, 2 or 3, Q outside 1–5 or not fewer than the
    group size, a bracket that is not a power of two. Each refusal names its field."""
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
    if row.qualifiers_per_group >= row.group_size:
        # A group that sent every pair through would have played for nothing (rules.md 12.3).
        raise ServiceError(_("Fewer pairs go through than a group holds: at most %(most)s "
                             "from groups of %(size)s.")
                           % {"most": row.group_size - 1, "size": row.group_size},
                           field="qualifiers_per_group")
    if row.best_of not in (1, 3):
        raise ServiceError(_("A knockout tie is one game or the best of three."),
                           field="best_of")


def check_game(row, values):
    """The winner (``"first"`` or ``"second"``) of a group game's ``values`` (rules.md 12.1,
    ``row`` the championship's settings), or ``GameRefused`` naming the field: a group game
    ends when its hands are played (``ended_by`` "hands"), never level, after the set hands
    plus the extra hands a whole number of times (8, 10, 12…); its optional hand-by-hand
    record is checked as on the free-deal score pad, and must show the game level at each
    point where it went on."""
    if values.ended_by != GameEntry.EndedBy.HANDS:
        raise GameRefused(_("A group game ends when its hands have been played: choose "
                            "“%(ending)s”.") % {"ending": GameEntry.EndedBy.HANDS.label},
                          "not_ended_by_hands", "ended_by")
    rules = eg.GameRules(hands=row.hands_per_game, extra_hands=row.extra_hands)
    game = eg.GameResult("first", "second", values.first_points, values.second_points,
                         values.hands_played)
    try:
        if values.hands is None:
            return eg.check_game(game, rules)
        record = tuple(fd.HandRecord(**hand) for hand in values.hands)
        return check_game_record(game, record, rules=rules,
                                 scheme=DoublingScheme(row.championship.doubling))
    except eg.GroupsError as error:
        raise GameRefused(message(error), error.code, _game_field(error)) from None
    except fd.GameError as error:
        # The record's own check (the free-deal pad's): the core's words for its codes.
        raise GameRefused(worded(error, {**_messages(), **record_messages()}), error.code,
                          error.field) from None
    except (TypeError, ValueError) as error:
        raise GameRefused(unreadable_record(error), "hands_unreadable", "hands") from None


def check_knockout_game(row, first_points: int, second_points: int, hands: int | None) -> None:
    """Refuse, as ``ServiceError`` naming the field, a knockout game (rules.md 12.4: one game
    as in 12.1, ``row`` the championship's settings) whose hands are missing or are not the
    set hands plus the extra hands a whole number of times (8, 10, 12…), or more than a game
    may last; level points are the core's refusal (``scoring.services.knockout``)."""
    rules = eg.GameRules(hands=row.hands_per_game, extra_hands=row.extra_hands)
    lasts = {"set_hands": rules.hands, "extra_hands": rules.extra_hands}
    if hands is None:
        raise ServiceError(_("Hands: enter the hands played. A knockout game lasts "
                             "%(set_hands)s hands, then %(extra_hands)s more at a time while "
                             "the points are level.") % lasts, field="hands")
    game = eg.GameResult("first", "second", first_points, second_points, hands)
    try:
        eg.check_game(game, rules)
        if hands not in eg.HANDS_RANGE:
            raise eg.GroupsError("hands", "out of range", code="out_of_range",
                                 params={"min": eg.HANDS_RANGE.start,
                                         "max": eg.HANDS_RANGE.stop - 1})
    except eg.GroupsError as error:
        if error.code == "hands_not_allowed":
            raise ServiceError(_("Hands: a knockout game lasts %(set_hands)s hands, then "
                                 "%(extra_hands)s more at a time while the points are level: "
                                 "not %(hands)s hands.") % {**lasts, "hands": hands},
                               field="hands") from None
        field = "second_points" if error.field == "points" else error.field
        raise ServiceError(message(error), field=field) from None


def _game_field(error: eg.GroupsError) -> str:
    # The engine's "hands" of a game is the number played (the form's hands_played); a
    # checkpoint of the record ("hands[8]") is the record's, as the free-deal pad names it.
    return "hands_played" if error.field == "hands" else error.field


def refusal(error: eg.GroupsError, field: str | None = None) -> ServiceError:
    """The engine's refusal as the core's ``ServiceError``, translated, naming ``field`` (the
    engine's own field unless given)."""
    return ServiceError(message(error), field=field or error.field)


def message(error) -> str:
    """The engine's refusal in the reader's language (the engine speaks English)."""
    return worded(error, _messages())


def _messages() -> dict[str, str]:
    """The codes of ``engine.groups.CODES`` that setting up and a group game can meet, in the
    reader's language; the engine's parameters fill them in."""
    return {
        "not_an_integer": _("Enter a whole number."),
        "out_of_range": _("Enter a number from %(min)s to %(max)s."),
        "not_a_power_of_two": _("A bracket holds a power of two pairs: 2, 4, 8, 16, 32…"),
        "too_few_pairs": _("At least %(min)s pairs are needed."),
        "pair_twice": _("Pair %(pair)s is listed twice."),
        "unknown_pair": _("Pair %(pair)s is not in this group."),
        "same_group": _("Both pairs are in group %(group)s: choose pairs of two different "
                        "groups."),
        # A group game (rules.md 12.1).
        "negative_points": _("Points cannot be negative."),
        "above_cap": _("%(points)s points is above the cap of %(cap)s: points above the cap "
                       "are not counted, so enter %(cap)s."),
        "level_points": _("The points are level at %(points)s: a group game is never a draw, "
                          "so %(extra_hands)s more hands are played until one pair leads."),
        "hands_not_allowed": _("A group game lasts %(set_hands)s hands, then %(extra_hands)s "
                               "more at a time while the points are level: not %(hands)s "
                               "hands."),
        "played_on_after_lead": _("After hand %(hand)s the points were %(first)s-%(second)s: "
                                  "one pair led, so the game was over."),
    }
