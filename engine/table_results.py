"""What a table reports for one deal, and the deal score of each side (rules.md sections 6.1
and 6.2).

A :class:`TableResult` holds the NS points, the trump side, whether the contract was
Botifarra, whether the defenders said contro, and any rule breach (:class:`Breach`).  Each
side's deal score is its points minus 36, doubled if that side announced something
(:func:`side_deal_score`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from enum import Enum

from .seats import Side

__all__ = ["TOTAL_POINTS", "Breach", "TableResult", "side_deal_score"]


#: Points in every deal: 12 tricks + 60 card points.
TOTAL_POINTS = 72
#: Half of the points: the par a side's deal score is measured from.
_PAR = TOTAL_POINTS // 2


# --- Results ---------------------------------------------------------------------------


class Breach(Enum):
    """Which side of a table broke the rules on a deal (rules.md 6.1)."""

    NONE = "none"
    NS = "NS"
    EW = "EW"
    BOTH = "both"

    def concerns(self, side: Side) -> bool:
        """Whether ``side`` is one of the sides that broke the rules."""
        return self is Breach.BOTH or self.value == side.value

    def __str__(self) -> str:
        return self.value


def side_deal_score(points: int, *, doubled: bool) -> int:
    """A side's deal score (rules.md 6.2): ``points - 36``, times 2 if the side announced.

    A side "announced" when it made trumps and chose Botifarra, or defended and said contro.
    """
    raw = points - _PAR
    return raw * 2 if doubled else raw


def _check_int(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{name} must lie in {low}..{high}, got {value}")


@dataclass(frozen=True, slots=True)
class TableResult:
    """What one table reports for one deal, reduced to what the scoring needs.

    ``trump_side`` is the dealer's side (it makes trumps).  ``contro`` says the defenders
    doubled; recontro is information only and is not an input.  ``key`` identifies the
    table (any hashable value, e.g. a table id) and ties the result to its score.
    """

    key: Hashable
    points_ns: int
    trump_side: Side
    botifarra: bool
    contro: bool
    breach: Breach = Breach.NONE

    def __post_init__(self) -> None:
        _check_int("points_ns", self.points_ns, 0, TOTAL_POINTS)
        # Accept the stored string forms ('NS', 'both'...) as a convenience.
        try:
            object.__setattr__(self, "trump_side", Side(self.trump_side))
        except ValueError:
            raise ValueError(f"trump_side must be NS or EW, got {self.trump_side!r}") from None
        try:
            object.__setattr__(self, "breach", Breach(self.breach))
        except ValueError:
            raise ValueError(
                f"breach must be one of none, NS, EW, both, got {self.breach!r}"
            ) from None
        for name in ("botifarra", "contro"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, got {getattr(self, name)!r}")

    @property
    def points_ew(self) -> int:
        """EW points: always ``72 - points_ns``."""
        return TOTAL_POINTS - self.points_ns

    @property
    def deal_scores(self) -> tuple[int, int]:
        """The (NS, EW) deal scores (rules.md 6.2).

        The trump makers' score is doubled for Botifarra, the defenders' for contro; a
        doubled Botifarra is therefore x2 for both sides, never x4.
        """
        ns_trumps = self.trump_side is Side.NS
        ns = side_deal_score(self.points_ns, doubled=self.botifarra if ns_trumps else self.contro)
        ew = side_deal_score(
            TOTAL_POINTS - self.points_ns, doubled=self.contro if ns_trumps else self.botifarra
        )
        return ns, ew
