"""The cross-group comparison, per game (rules.md 12.3).

Pairs of different groups are compared by **match points per game**, then **point difference
per game**, then **points per game**, so that groups of different sizes compare fairly; then
by a draw by the director.  The figures are exact fractions.  The same comparison orders the
group winners (and runners-up...) when the bracket is seeded, picks the repechage pairs, and
orders within a group place the pairs that did not go through in the final ranking (12.4,
where equal figures share instead of drawing).

Policy: a pair with no game has 0 per game on every figure.

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction

from .errors import DrawNeeded
from .ranking import GroupLine, sorted_ids

__all__ = ["order_across_groups", "per_game", "tied_blocks"]


def per_game(line: GroupLine) -> tuple[Fraction, Fraction, Fraction]:
    """Match points, point difference and points per game (0s with no game)."""
    if not line.games:
        return Fraction(0), Fraction(0), Fraction(0)
    return (Fraction(line.match_points, line.games), Fraction(line.difference, line.games),
            Fraction(line.points_for, line.games))  # fmt: skip


def tied_blocks(lines: Sequence[GroupLine]) -> list[list[GroupLine]]:
    """``lines`` best first by :func:`per_game`, in blocks of equal figures."""
    blocks: dict[tuple, list[GroupLine]] = {}
    for line in lines:
        blocks.setdefault(per_game(line), []).append(line)
    return [blocks[key] for key in sorted(blocks, reverse=True)]


def order_across_groups(lines: Sequence[GroupLine], *, draw: Sequence[Hashable] = (),
                        needed: int | None = None, field: str = "draw") -> list[Hashable]:  # fmt: skip
    """The pairs of ``lines`` best first by the per-game comparison, ties by ``draw``.

    Only the first ``needed`` places matter (all by default): a tie lying wholly beyond them
    is left in pair-id order, while one that reaches into them and that the draw does not
    settle raises :class:`DrawNeeded` with its pairs.
    """
    needed = len(lines) if needed is None else needed
    drawn = {pair: index for index, pair in enumerate(draw)}
    ordered: list[Hashable] = []
    for block in tied_blocks(lines):
        pairs = [line.pair for line in block]
        if len(pairs) > 1 and len(ordered) < needed:
            if not all(pair in drawn for pair in pairs):
                raise DrawNeeded(field, pairs)
            pairs.sort(key=drawn.__getitem__)
        else:
            pairs = sorted_ids(pairs)
        ordered.extend(pairs)
    return ordered
