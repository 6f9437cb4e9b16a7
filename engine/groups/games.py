"""A game of the group stage and of the knockout (rules.md 12.1, 12.4).

A game is a fixed number of hands (:attr:`GameRules.hands`, default 8: *partida a vuit
donats*); there is no target and no cap unless one is set.  When the points are level after
them, :attr:`GameRules.extra_hands` more hands are played (default 2), and again, until one
pair leads: **a game is never a draw**, and the extra hands' points count in its totals.  So
the hands played are always ``hands + k * extra_hands`` for some ``k >= 0``.

:func:`check_game` refuses a reported game that cannot be right and names the winner.  A
:class:`GameResult` is one game between two pairs; a **walkover** (a withdrawn pair's game,
rules.md 12.4, see :mod:`.withdrawal`) is won by its ``first`` pair whatever the points, since
its margin may be 0.

Policies:

- level points are refused (the game is not over), as are negative points and, when a cap is
  set, points above it (as in rules.md 11.2: the table reports the counted points);
- the hands played are optional (a director's entry from a sheet may not give them); when
  given they must be ``hands``, ``hands + extra``, ``hands + 2 * extra``...  Points level
  after the set hands cannot be checked without the hand record, so a game of more hands is
  taken on trust.

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from .errors import GroupsError

__all__ = ["EXTRA_HANDS_RANGE", "HANDS_RANGE", "GameResult", "GameRules", "check_game"]

#: The allowed number of hands in a game, and of extra hands when level.
HANDS_RANGE = range(1, 100)
EXTRA_HANDS_RANGE = range(1, 100)


def _whole(field: str, value: Any, allowed: range) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise GroupsError(field, "a whole number was expected", code="not_an_integer")
    if value not in allowed:
        raise GroupsError(field, f"must be from {allowed.start} to {allowed.stop - 1}",
                          code="out_of_range",
                          params={"min": allowed.start, "max": allowed.stop - 1})  # fmt: skip


@dataclass(frozen=True, slots=True)
class GameRules:
    """How long a game lasts: ``hands`` (8), ``extra_hands`` while level (2), an optional
    ``cap`` on the points counted (``None``: no cap)."""

    hands: int = 8
    extra_hands: int = 2
    cap: int | None = None

    def __post_init__(self) -> None:
        _whole("hands", self.hands, HANDS_RANGE)
        _whole("extra_hands", self.extra_hands, EXTRA_HANDS_RANGE)
        if self.cap is not None:
            _whole("cap", self.cap, range(1, 1000))

    def allows(self, hands_played: int) -> bool:
        """Whether a game can last ``hands_played`` hands: the set hands plus the extra
        hands a whole number of times."""
        extra = hands_played - self.hands
        return extra >= 0 and extra % self.extra_hands == 0


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game: the two pairs, each one's points, the hands played (``None`` when not
    reported), and whether it is a walkover won by ``first`` (rules.md 12.4)."""

    first: Hashable
    second: Hashable
    first_points: int
    second_points: int
    hands: int | None = None
    walkover: bool = False

    @property
    def pairs(self) -> tuple[Hashable, Hashable]:
        return self.first, self.second

    @property
    def winner(self) -> Hashable:
        if self.walkover or self.first_points > self.second_points:
            return self.first
        return self.second

    @property
    def loser(self) -> Hashable:
        return self.second if self.winner == self.first else self.first

    @property
    def margin(self) -> int:
        """The winner's points minus the loser's."""
        return abs(self.first_points - self.second_points)

    def points_of(self, pair: Hashable) -> tuple[int, int]:
        """``pair``'s points and its opponent's in this game."""
        if pair == self.first:
            return self.first_points, self.second_points
        return self.second_points, self.first_points


def check_game(game: GameResult, rules: GameRules = GameRules()) -> Hashable:
    """The winner of ``game``, or :class:`GroupsError` naming what cannot be right."""
    if game.first == game.second:
        raise GroupsError("second", "a pair cannot play itself", code="same_pair")
    for field in ("first_points", "second_points"):
        points = getattr(game, field)
        if isinstance(points, bool) or not isinstance(points, int):
            raise GroupsError(field, "a whole number was expected", code="not_an_integer")
        if points < 0:
            raise GroupsError(field, "points cannot be negative", code="negative_points")
        if rules.cap is not None and points > rules.cap:
            raise GroupsError(field, f"points above the cap ({rules.cap}) are not counted",
                              code="above_cap", params={"cap": rules.cap, "points": points})  # fmt: skip
    if game.first_points == game.second_points and not game.walkover:
        raise GroupsError("points", f"level at {game.first_points}: {rules.extra_hands} more "
                          "hands are played until one pair leads", code="level_points",
                          params={"points": game.first_points,
                                  "extra_hands": rules.extra_hands})  # fmt: skip
    if game.hands is not None and not game.walkover:
        if isinstance(game.hands, bool) or not isinstance(game.hands, int):
            raise GroupsError("hands", "a whole number was expected", code="not_an_integer")
        if not rules.allows(game.hands):
            raise GroupsError("hands", f"a game lasts {rules.hands} hands, then "
                              f"{rules.extra_hands} more at a time while level, not "
                              f"{game.hands}", code="hands_not_allowed",
                              params={"hands": game.hands, "set_hands": rules.hands,
                                      "extra_hands": rules.extra_hands})  # fmt: skip
    return game.winner
