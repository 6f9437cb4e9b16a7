"""A free-deal game between two pairs: its settings, what a table reports, and its outcome
(rules.md 11.1 and 11.2).

Two pairs play freely dealt hands, scored as in section 5, until the first of: a pair
reaching the **target**, the **hand limit**, or the round's **time** (each may be off).
Points above the **cap** do not count.  The table reports each pair's points, how the game
ended and how many hands were played, optionally hand by hand (:mod:`.hands`).
:func:`check_game` refuses a report that cannot be right, with a :class:`GameError` that
names the field, and otherwise gives the :class:`GameOutcome`.

Policies (kept here, in one place):

- **above the cap**: a reported total above the cap is refused (``above_cap``): the cap
  is applied at the table, on the score pad, and a pad showing more is a mistake.  A
  hand-by-hand record, on the other hand, may run past the cap: its sums are capped before
  they are compared with the report.
- **the winner**: the pair with more (capped) points wins, however the game ended; equal
  points are a draw.  A game ended by the target is won by the pair that reached it (the
  other one cannot be at or over the target).
- **ended on the last hand and at the target at once**: when the hand that reaches the
  target is also the last one the hand limit or the clock allowed, the table may report
  either ending; the outcome is the same.  A record shows whether any hand followed.
- **at least one hand**: a game reports one hand or more; a table that did not play has
  no game to report (the director adjusts it).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.ordinary import DoublingScheme

from .errors import GameError
from .hands import FIRST, PAIRS, SECOND, HandRecord, check_record

__all__ = [
    "CAP_RANGE",
    "HAND_LIMIT_RANGE",
    "TARGET_RANGE",
    "EndedBy",
    "GameOutcome",
    "GameReport",
    "GameSettings",
    "HandRecord",
    "check_game",
]

#: Allowed values of the settings, inclusive.
TARGET_RANGE = (1, 999)
HAND_LIMIT_RANGE = (1, 99)
CAP_RANGE = (1, 999)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class GameSettings:
    """How the games of a championship are played (rules.md 11.1).

    ``target``: the points that end a game (``None``: no target); ``hand_limit``: the
    number of hands that ends it (``None``: no limit); ``time_limit``: whether a round
    clock ends it; ``cap``: points above it do not count (``None``: no cap); ``doubling``:
    the doubling scheme (rules.md 3); ``sant_vicenc``: whether Sant Vicenç is allowed.

    Built settings are valid: a bad value raises :class:`GameError` naming the setting.
    """

    target: int | None = 101
    hand_limit: int | None = 12
    time_limit: bool = True
    cap: int | None = 121
    doubling: DoublingScheme = DoublingScheme.TWO_FOUR_EIGHT
    sant_vicenc: bool = True

    def __post_init__(self) -> None:
        for name, (low, high) in (
            ("target", TARGET_RANGE),
            ("hand_limit", HAND_LIMIT_RANGE),
            ("cap", CAP_RANGE),
        ):
            value = getattr(self, name)
            if value is None:
                continue
            if not _is_int(value):
                raise GameError(
                    name,
                    f"{name} must be a whole number or off, not {value!r}",
                    code="not_an_integer",
                    params={"value": value},
                )
            if not low <= value <= high:
                raise GameError(
                    name,
                    f"{name} must lie in {low}..{high}, not {value}",
                    code="out_of_range",
                    params={"value": value, "min": low, "max": high},
                )
        for name in ("time_limit", "sant_vicenc"):
            if not isinstance(getattr(self, name), bool):
                raise GameError(
                    name,
                    f"{name} must be True or False, not {getattr(self, name)!r}",
                    code="not_a_boolean",
                    params={"value": getattr(self, name)},
                )
        if self.cap is not None and self.target is not None and self.cap < self.target:
            raise GameError(
                "cap",
                f"the cap ({self.cap}) cannot be lower than the target ({self.target})",
                code="cap_below_target",
                params={"cap": self.cap, "target": self.target},
            )
        if self.target is None and self.hand_limit is None and not self.time_limit:
            raise GameError(
                "target",
                "a game needs a target, a hand limit or a clock to end",
                code="no_ending",
            )
        try:
            scheme = DoublingScheme(self.doubling)
        except ValueError:
            raise GameError(
                "doubling",
                f"{self.doubling!r} is not a doubling scheme "
                f"({', '.join(s.value for s in DoublingScheme)})",
                code="unknown_scheme",
                params={"value": self.doubling},
            ) from None
        object.__setattr__(self, "doubling", scheme)  # "2-4-8" is taken as the enum


class EndedBy(StrEnum):
    """How a game ended: a pair reached the target, the hand limit, or the round's time."""

    TARGET = "target"
    HANDS = "hands"
    TIME = "time"


@dataclass(frozen=True, slots=True)
class GameReport:
    """What a table reports for its game (rules.md 11.2).

    ``first_points``/``second_points``: each pair's game points (0 .. cap);
    ``ended_by``: an :class:`EndedBy` (or its value, ``"target"``...); ``hands_played``;
    ``hands``: the optional hand-by-hand record, one :class:`HandRecord` per hand.
    Nothing is checked when a report is built: :func:`check_game` does that.
    """

    first_points: int
    second_points: int
    ended_by: EndedBy | str
    hands_played: int
    hands: tuple[HandRecord, ...] | None = None


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """The result of a checked game: the winner (``"first"``, ``"second"``, or ``None``
    for a draw) and each pair's capped points."""

    winner: str | None
    first_points: int
    second_points: int
    ended_by: EndedBy
    hands_played: int

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    @property
    def first_difference(self) -> int:
        """The first pair's point difference: its points minus the second pair's."""
        return self.first_points - self.second_points

    @property
    def second_difference(self) -> int:
        """The second pair's point difference: its points minus the first pair's."""
        return self.second_points - self.first_points

    def points_of(self, pair: str) -> int:
        """The capped points of ``"first"`` or ``"second"``."""
        if pair not in PAIRS:
            raise ValueError(f"a pair at the table is 'first' or 'second', not {pair!r}")
        return self.first_points if pair == FIRST else self.second_points

    def difference_of(self, pair: str) -> int:
        """The point difference of ``"first"`` or ``"second"``."""
        self.points_of(pair)  # checks the name
        return self.first_difference if pair == FIRST else self.second_difference


def _check_points(name: str, value, cap: int | None) -> None:
    if not _is_int(value):
        raise GameError(
            name, f"points must be a whole number, not {value!r}",
            code="not_an_integer", params={"value": value},
        )  # fmt: skip
    if value < 0:
        raise GameError(
            name, f"points cannot be negative ({value})",
            code="negative_points", params={"points": value},
        )  # fmt: skip
    if cap is not None and value > cap:
        raise GameError(
            name,
            f"{value} points is above the cap of {cap}: points above the cap are not counted",
            code="above_cap",
            params={"points": value, "cap": cap},
        )


def check_game(report: GameReport, settings: GameSettings | None = None) -> GameOutcome:
    """Check a table's report against the settings; return its :class:`GameOutcome`.

    Raises :class:`GameError` (with the field concerned and a stable code) for the first
    problem found, in this order: each pair's points (whole, not negative, not above the
    cap); how the game ended; the number of hands (at least one, not above the hand
    limit); both pairs at or over the target; an ending the settings switched off; ended by
    the target without a pair reaching it; ended by the hand limit before reaching it;
    then the hand-by-hand record, if given (:func:`~engine.free_deal.hands.check_record`).
    """
    settings = GameSettings() if settings is None else settings
    target, limit, cap = settings.target, settings.hand_limit, settings.cap
    _check_points("first_points", report.first_points, cap)
    _check_points("second_points", report.second_points, cap)
    try:
        ended_by = EndedBy(report.ended_by)
    except ValueError:
        raise GameError(
            "ended_by",
            f"{report.ended_by!r} is not a way for a game to end (target, hands or time)",
            code="unknown_ending",
            params={"value": report.ended_by},
        ) from None
    played = report.hands_played
    if not _is_int(played):
        raise GameError(
            "hands_played", f"hands played must be a whole number, not {played!r}",
            code="not_an_integer", params={"value": played},
        )  # fmt: skip
    if played < 1:
        raise GameError(
            "hands_played", f"a game has at least one hand, not {played}",
            code="no_hands", params={"hands_played": played},
        )  # fmt: skip
    if limit is not None and played > limit:
        raise GameError(
            "hands_played",
            f"{played} hands played, more than the limit of {limit}",
            code="above_hand_limit",
            params={"hands_played": played, "hand_limit": limit},
        )
    first, second = report.first_points, report.second_points
    # The game ends on the hand that takes a pair to the target, and only one pair scores
    # on a hand: the other pair cannot be there too.
    if target is not None and first >= target and second >= target:
        raise GameError(
            "points",
            f"both pairs are at or over the target of {target} ({first} and {second}): "
            "the game ends when the first of them gets there",
            code="both_reached_target",
            params={"first_points": first, "second_points": second, "target": target},
        )
    switched_off = {
        EndedBy.TARGET: target is None,
        EndedBy.HANDS: limit is None,
        EndedBy.TIME: not settings.time_limit,
    }
    if switched_off[ended_by]:
        what = {EndedBy.TARGET: "no target", EndedBy.HANDS: "no hand limit",
                EndedBy.TIME: "no round clock"}[ended_by]  # fmt: skip
        raise GameError(
            "ended_by",
            f"the game cannot end by {ended_by.value}: this championship has {what}",
            code="ending_off",
            params={"ended_by": ended_by.value},
        )
    if ended_by is EndedBy.TARGET and max(first, second) < target:
        raise GameError(
            "ended_by",
            f"ended by the target, but neither pair reached {target} ({first} and {second})",
            code="target_not_reached",
            params={"first_points": first, "second_points": second, "target": target},
        )
    if ended_by is EndedBy.HANDS and played != limit:
        raise GameError(
            "hands_played",
            f"ended by the hand limit of {limit}, but {played} hands were played",
            code="hands_not_at_limit",
            params={"hands_played": played, "hand_limit": limit},
        )
    if report.hands is not None:
        check_record(
            tuple(report.hands),
            first_points=first,
            second_points=second,
            hands_played=played,
            scheme=settings.doubling,
            sant_vicenc=settings.sant_vicenc,
            target=target,
            cap=cap,
        )
    winner = FIRST if first > second else SECOND if second > first else None
    return GameOutcome(winner, first, second, ended_by, played)
