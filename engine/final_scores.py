"""Final scores of one deal (rules.md sections 6.3 and 6.5).

Per direction, each side's final score is ``1 + (p - min) / (max - min)`` over the valid
results, computed with exact :class:`~fractions.Fraction` arithmetic by :func:`score_deal`,
one :class:`TableScore` per table; a director's adjusted score replaces a side's final.
:func:`show_score` shows an exact score rounded.

Policies
========

Every choice that rules.md leaves to us, or that may become a tournament setting, is defined
in this module, once, as a named constant or function:

- **all equal** (:data:`ALL_EQUAL_SCORE`): if every valid deal score in a direction is the
  same (including a single valid table), each of them scores 3/2.
- **no one to compare with** (:data:`NO_COMPARISON_SCORE`): the opponents of a breaching
  side score the average of the finals of the valid sides in their direction; if there are
  none, they score 3/2.
- **bye** (:data:`BYE_SCORE`): a team without an opponent scores 3/2 per deal of the round.
- **rounding** (:func:`show_score`): exact values are kept everywhere; only display rounds,
  to 2 decimals, halves away from zero (so 1.125 shows as ``1.13`` and -1.125 as ``-1.13``).
- **adjusted scores** (:func:`adjusted_value`): a director's adjusted score is any exact
  value in [0, 2]; :data:`AVERAGE`, :data:`AVERAGE_PLUS` and :data:`AVERAGE_MINUS` are the
  usual ones.  How adjustments interact with the others:

  * An adjusted score **replaces** that side's final score, whatever the table's result
    (breach or not).  The entered result, if any, is kept: its deal scores are still reported.
  * The **pool** of a direction D is the set of tables that have a valid result (no breach)
    and whose D side is **not** adjusted.  Only the pool sets ``min``/``max`` and only the
    pool's finals enter the average given to the opponents of a breaching side.  Adjusting
    one side of a table does not take the other side out of its own direction's pool.
  * An adjustment may name a table that has **no result** (the deal was not played there).
    Its deal scores are ``None``.  A side of such a table that the director did not adjust
    stays **not played**: its final is ``None``, it does not score and does not count in
    the standings (rules.md 6.5).  Adjusting only one side is therefore allowed and means
    exactly that.
  * A table that has no result and no adjustment is simply not passed in.

- **tie-break deal scores** (:meth:`TableScore.counted_deal_score`): the standings'
  second tie-break sums deal scores; a side's deal score counts only when its final was
  computed from it (valid result, side not adjusted).  Otherwise it counts as 0.

The standings' tie-break order lives in :mod:`engine.standings` (``TIE_BREAKS``).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from numbers import Rational

from .seats import Side
from .table_results import Breach, TableResult

__all__ = [
    "ALL_EQUAL_SCORE",
    "AVERAGE",
    "AVERAGE_MINUS",
    "AVERAGE_PLUS",
    "BYE_SCORE",
    "BREACH_SCORE",
    "MAX_FINAL",
    "MIN_FINAL",
    "NO_COMPARISON_SCORE",
    "TOP_SCORE",
    "TableScore",
    "adjusted_value",
    "score_deal",
    "show_score",
]


# --- Constants and policies (see the module docstring) ----------------------------------

#: The usual adjusted scores a director gives.
AVERAGE = Fraction(3, 2)
AVERAGE_PLUS = Fraction(8, 5)
AVERAGE_MINUS = Fraction(7, 5)

#: Policy: every valid result scores this when all deal scores of a direction are equal.
ALL_EQUAL_SCORE = Fraction(3, 2)
#: Policy: the opponents of a breaching side score this when no valid side compares.
NO_COMPARISON_SCORE = Fraction(3, 2)
#: Policy: a team with a bye scores this for each deal of the round.
BYE_SCORE = Fraction(3, 2)
#: What a side that broke the rules scores on the deal.
BREACH_SCORE = Fraction(0)
#: The best final score (a "top", counted by the standings' third tie-break).
TOP_SCORE = Fraction(2)
#: The range allowed for any final score, adjusted ones included.
MIN_FINAL = Fraction(0)
MAX_FINAL = Fraction(2)


def adjusted_value(value: Fraction | int | Decimal) -> Fraction:
    """Check a director's adjusted score and return it as an exact Fraction.

    Accepts ``int``, ``Fraction`` and ``Decimal`` (all exact); floats are refused because
    0.1-style values are not exact.  Raises ``ValueError`` outside [0, 2].
    """
    if isinstance(value, bool) or not isinstance(value, Rational | Decimal):
        raise TypeError(
            f"adjusted score must be an exact number (int, Fraction or Decimal), "
            f"not {type(value).__name__}"
        )
    exact = Fraction(value)
    if not MIN_FINAL <= exact <= MAX_FINAL:
        raise ValueError(f"adjusted score must lie in [0, 2], got {exact}")
    return exact


def show_score(value: Fraction | int | Decimal) -> str:
    """Show an exact score with 2 decimals, halves rounded away from zero.

    ``show_score(Fraction(9, 8)) == '1.13'``; also used for totals
    (``Fraction(185, 8)`` -> ``'23.13'``).  Negative values mirror positive ones
    (``-1.125`` -> ``'-1.13'``) and a value that rounds to zero shows as ``'0.00'``.
    """
    if isinstance(value, bool) or not isinstance(value, Rational | Decimal):
        raise TypeError(f"show_score needs an exact number, not {type(value).__name__}")
    exact = Fraction(value)
    magnitude = abs(exact)
    # Hundredths, rounded half up on the magnitude: floor(100 * m + 1/2), in integers.
    num, den = magnitude.numerator * 100, magnitude.denominator
    hundredths = (2 * num + den) // (2 * den)
    sign = "-" if exact < 0 and hundredths else ""
    return f"{sign}{hundredths // 100}.{hundredths % 100:02d}"


@dataclass(frozen=True, slots=True)
class TableScore:
    """The scores of one table on one deal.

    Deal scores are ``None`` when the table has no result (an unplayed deal the director
    adjusted).  A final is ``None`` only for an unadjusted side of such a table: that side
    has not played the deal and does not score.  ``ns_adjusted``/``ew_adjusted`` tell
    whether the final is a director's adjusted score.
    """

    key: Hashable
    ns_deal_score: int | None
    ew_deal_score: int | None
    ns_final: Fraction | None
    ew_final: Fraction | None
    ns_adjusted: bool = False
    ew_adjusted: bool = False
    breach: Breach = Breach.NONE

    @property
    def played(self) -> bool:
        """Whether the table has a result for the deal."""
        return self.ns_deal_score is not None

    def final(self, side: Side) -> Fraction | None:
        """The final score of ``side``."""
        return self.ns_final if side is Side.NS else self.ew_final

    def deal_score(self, side: Side) -> int | None:
        """The deal score of ``side`` (``None`` when the table has no result)."""
        return self.ns_deal_score if side is Side.NS else self.ew_deal_score

    def adjusted(self, side: Side) -> bool:
        """Whether the final of ``side`` is a director's adjusted score."""
        return self.ns_adjusted if side is Side.NS else self.ew_adjusted

    def counted_deal_score(self, side: Side) -> int:
        """The deal score that counts for the standings' tie-break (policy, see module doc).

        It counts only when the final was computed from it: a valid result and the side
        not adjusted.  Otherwise 0.
        """
        score = self.deal_score(side)
        if score is None or self.breach is not Breach.NONE or self.adjusted(side):
            return 0
        return score


# --- Scoring one deal ------------------------------------------------------------------


def _normalise_adjustments(
    adjustments: Mapping[Hashable, Mapping[Side, Fraction]],
) -> dict[Hashable, dict[Side, Fraction]]:
    clean: dict[Hashable, dict[Side, Fraction]] = {}
    for key, sides in adjustments.items():
        per_side: dict[Side, Fraction] = {}
        for side, value in sides.items():
            try:
                side = Side(side)
            except ValueError:
                raise ValueError(
                    f"adjustment for table {key!r}: side must be NS or EW, got {side!r}"
                ) from None
            try:
                per_side[side] = adjusted_value(value)
            except ValueError as exc:
                raise ValueError(f"adjustment for table {key!r}, {side}: {exc}") from None
        if per_side:
            clean[key] = per_side
    return clean


def direction_finals(
    scores: list[int],
) -> tuple[dict[int, Fraction], Fraction]:
    """Finals of a direction's pool, by deal score, and the average given to breach victims.

    ``final = 1 + (p - min) / (max - min)``.  Each distinct deal score gets one Fraction
    (many tables share a score), and the average is computed in integers over a common
    denominator: ``1 + sum(p - min) / (k * (max - min))``.
    """
    if not scores:
        return {}, NO_COMPARISON_SCORE
    low, high = min(scores), max(scores)
    spread = high - low
    if spread == 0:
        return {low: ALL_EQUAL_SCORE}, ALL_EQUAL_SCORE
    finals = {p: Fraction(spread + p - low, spread) for p in set(scores)}
    count = len(scores)
    excess = sum(scores) - count * low
    return finals, Fraction(count * spread + excess, count * spread)


def score_deal(
    results: Sequence[TableResult],
    adjustments: Mapping[Hashable, Mapping[Side, Fraction]] | None = None,
) -> dict[Hashable, TableScore]:
    """Score one deal at every table (rules.md 6.3 and 6.5).

    ``results`` holds one :class:`TableResult` per table that played the deal.
    ``adjustments`` maps a table key to the director's adjusted finals by side; the key
    may belong to a table without a result.  See the module docstring for the policies.
    Returns a :class:`TableScore` for every table that has a result or an adjustment.
    """
    adjusted = _normalise_adjustments(adjustments or {})
    trump_sides = set()
    seen: set[Hashable] = set()
    for result in results:
        if not isinstance(result, TableResult):
            raise TypeError(f"results must be TableResult, got {type(result).__name__}")
        if result.key in seen:
            raise ValueError(f"two results for table {result.key!r} on one deal")
        seen.add(result.key)
        trump_sides.add(result.trump_side)
    if len(trump_sides) > 1:
        raise ValueError("results of one deal disagree on the trump side (same dealer everywhere)")

    deal_scores = [result.deal_scores for result in results]
    ns_pool: list[int] = []
    ew_pool: list[int] = []
    for result, (ns, ew) in zip(results, deal_scores, strict=True):
        if result.breach is not Breach.NONE:
            continue
        table_adjusted = adjusted.get(result.key) if adjusted else None
        if not table_adjusted:
            ns_pool.append(ns)
            ew_pool.append(ew)
            continue
        if Side.NS not in table_adjusted:
            ns_pool.append(ns)
        if Side.EW not in table_adjusted:
            ew_pool.append(ew)
    ns_finals, ns_average = direction_finals(ns_pool)
    ew_finals, ew_average = direction_finals(ew_pool)

    scores: dict[Hashable, TableScore] = {}
    for result, (ns, ew) in zip(results, deal_scores, strict=True):
        table_adjusted = adjusted.get(result.key) if adjusted else None
        breach = result.breach
        if breach is Breach.NONE:
            ns_final = ns_finals.get(ns)
            ew_final = ew_finals.get(ew)
        elif breach is Breach.BOTH:
            ns_final = ew_final = BREACH_SCORE
        elif breach is Breach.NS:
            ns_final, ew_final = BREACH_SCORE, ew_average
        else:
            ns_final, ew_final = ns_average, BREACH_SCORE
        if table_adjusted:
            ns_adj = table_adjusted.get(Side.NS)
            ew_adj = table_adjusted.get(Side.EW)
        else:  # the usual case; skips two enum-keyed look-ups per table
            ns_adj = ew_adj = None
        scores[result.key] = TableScore(
            key=result.key,
            ns_deal_score=ns,
            ew_deal_score=ew,
            ns_final=ns_final if ns_adj is None else ns_adj,
            ew_final=ew_final if ew_adj is None else ew_adj,
            ns_adjusted=ns_adj is not None,
            ew_adjusted=ew_adj is not None,
            breach=breach,
        )

    # Adjusted tables without a result: the unadjusted side has not played.
    for key, sides in adjusted.items():
        if key in seen:
            continue
        scores[key] = TableScore(
            key=key,
            ns_deal_score=None,
            ew_deal_score=None,
            ns_final=sides.get(Side.NS),
            ew_final=sides.get(Side.EW),
            ns_adjusted=Side.NS in sides,
            ew_adjusted=Side.EW in sides,
        )
    return scores
