"""Movements: who meets whom in each round, who deals, which deals (rules.md section 7).

- :func:`round_robin` schedules every pair of teams once, with balanced directions.
- :func:`swiss_first_round` and :func:`swiss_round` pair a Swiss event round by round.
- :func:`dealer_for`, :func:`trump_side` and :func:`round_deal_numbers` place the deals.

Teams are any hashable, orderable values (typically ids).  This module is pure Python.

Swiss policies are set out, in one place, in :mod:`engine.swiss`.

This module gathers the movements from four modules, and keeps every name importable from
here: ``dealers`` (dealers, trump sides, deal numbers), ``rounds`` (:class:`Match`,
:class:`RoundPlan`, :func:`round_robin`), ``swiss_draw`` (:func:`swiss_first_round`) and
``swiss`` (:func:`swiss_round`, :class:`PairingImpossible`).
"""

from __future__ import annotations

from .dealers import dealer_for, dealer_for_deal, round_deal_numbers, round_of_deal, trump_side
from .rounds import Match, RoundPlan, round_robin
from .swiss import PairingImpossible, swiss_round
from .swiss_draw import swiss_first_round

__all__ = [
    "Match",
    "PairingImpossible",
    "RoundPlan",
    "dealer_for",
    "dealer_for_deal",
    "round_deal_numbers",
    "round_of_deal",
    "round_robin",
    "swiss_first_round",
    "swiss_round",
    "trump_side",
]
