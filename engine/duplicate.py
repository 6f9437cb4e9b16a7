"""Duplicate scoring of one deal (rules.md sections 6.2, 6.3 and 6.5).

Every table of a round plays the same deal with the same dealer, so results are compared
only between tables that held the same cards in the same direction.  For one deal:

1. each table reports the NS points, whether the contract was Botifarra, whether the
   defenders said contro, and any rule breach (:class:`TableResult`);
2. each side gets a *deal score*: its points minus 36, doubled if that side announced
   something (Botifarra for the trump makers, contro for the defenders);
3. per direction, each side gets a *final score* ``1 + (p - min) / (max - min)`` over the
   valid results, computed with exact :class:`~fractions.Fraction` arithmetic
   (:func:`score_deal`).

The policies (every choice rules.md leaves to us) are set out, in one place, in
:mod:`engine.final_scores`.

This module gathers duplicate scoring from two modules, and keeps every name importable from
here: ``table_results`` (:class:`TableResult`, :class:`Breach`, :func:`side_deal_score`) and
``final_scores`` (:func:`score_deal`, :class:`TableScore`, :func:`show_score`,
:func:`adjusted_value` and the policy constants).

This module is pure Python: no Django, database or HTTP.
"""

from __future__ import annotations

from .final_scores import (
    ALL_EQUAL_SCORE,
    AVERAGE,
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    BREACH_SCORE,
    BYE_SCORE,
    MAX_FINAL,
    MIN_FINAL,
    NO_COMPARISON_SCORE,
    TOP_SCORE,
    TableScore,
    adjusted_value,
    score_deal,
    show_score,
)
from .table_results import TOTAL_POINTS, Breach, TableResult, side_deal_score

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
    "TOTAL_POINTS",
    "Breach",
    "TableResult",
    "TableScore",
    "adjusted_value",
    "score_deal",
    "show_score",
    "side_deal_score",
]
