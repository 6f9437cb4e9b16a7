"""Ordinary (non-duplicate) scoring of a deal (rules.md sections 3 and 5).

The side with more than 36 points scores the excess, times a multiplier: Botifarra doubles,
and contro, recontro and Sant Vicenç raise it further according to the doubling scheme the
players agreed (a tournament setting).  Pure Python, no Django.
"""

from __future__ import annotations

from enum import Enum

from .seats import Side

__all__ = [
    "CONTRO",
    "NO_DOUBLE",
    "RECONTRO",
    "SANT_VICENC",
    "DoublingScheme",
    "multiplier",
    "ordinary_score",
]

#: Doubling levels, as passed in ``doubling``.
NO_DOUBLE = 0
CONTRO = 1
RECONTRO = 2
SANT_VICENC = 3

_TOTAL_POINTS = 72
_PAR = _TOTAL_POINTS // 2


class DoublingScheme(Enum):
    """How contro, recontro and Sant Vicenç multiply a deal's score.

    The value names the multipliers of the three levels: ``2-4-8`` doubles at each step.
    """

    TWO_FOUR_EIGHT = "2-4-8"
    TWO_THREE_FIVE = "2-3-5"
    TWO_FOUR_TEN = "2-4-10"

    @property
    def factors(self) -> tuple[int, int, int, int]:
        """Multipliers for no double, contro, recontro and Sant Vicenç."""
        return (1, *(int(part) for part in self.value.split("-")))

    def __str__(self) -> str:
        return self.value


def multiplier(*, botifarra: bool, doubling: int, scheme: DoublingScheme) -> int:
    """The multiplier of a deal: x2 for Botifarra, times the scheme's factor for doubling.

    ``doubling`` is 0 (none), 1 (contro), 2 (recontro) or 3 (Sant Vicenç).  With the 2-4-8
    scheme a Botifarra with Sant Vicenç is x16.
    """
    if isinstance(doubling, bool) or not isinstance(doubling, int):
        raise ValueError(f"doubling must be 0, 1, 2 or 3, got {doubling!r}")
    if not NO_DOUBLE <= doubling <= SANT_VICENC:
        raise ValueError(f"doubling must be 0, 1, 2 or 3, got {doubling}")
    scheme = DoublingScheme(scheme)
    return (2 if botifarra else 1) * scheme.factors[doubling]


def ordinary_score(
    points_ns: int, *, botifarra: bool, doubling: int, scheme: DoublingScheme
) -> tuple[Side | None, int]:
    """Who scores on a deal, and how much: the excess over 36 times the multiplier.

    Returns ``(None, 0)`` for a 36-36 tie.
    """
    if isinstance(points_ns, bool) or not isinstance(points_ns, int):
        raise ValueError(f"points_ns must be an integer, got {points_ns!r}")
    if not 0 <= points_ns <= _TOTAL_POINTS:
        raise ValueError(f"points_ns must lie in 0..72, got {points_ns}")
    factor = multiplier(botifarra=botifarra, doubling=doubling, scheme=scheme)
    excess = points_ns - _PAR
    if excess == 0:
        return None, 0
    winner = Side.NS if excess > 0 else Side.EW
    return winner, abs(excess) * factor
