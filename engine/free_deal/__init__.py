"""Free-deal pair tournaments (*partides lliures*, Swiss system): rules.md section 11.

Pure Python, no Django.  One module per job, each with its policies in its docstring:

- :mod:`.game` -- a game and its settings: ``GameSettings`` (target, hand limit, clock, cap,
  doubling scheme, Sant Vicenç), ``EndedBy``, ``GameReport`` (what a table reports),
  ``check_game`` (refuses a report that cannot be right) and ``GameOutcome`` (the winner and
  each pair's capped points and point difference);
- :mod:`.hands` -- the optional hand-by-hand record: ``HandRecord``, ``running_totals`` (the
  score pad), ``hand_multiplier``, ``check_record`` (possible hands, adding up); the table's
  two pairs ``FIRST`` and ``SECOND``;
- :mod:`.errors` -- ``GameError`` (field, English message, stable code and params) and its
  ``CODES``;
- :mod:`.ranking` -- match points (``MatchPoints``), ``Bye``, ``PairLine`` (games, wins,
  draws, losses, byes, match points, points for and against, difference, Buchholz),
  ``METRICS``/``TIE_BREAKS``, ``RankingSettings``, ``pair_lines``, ``rank_lines``,
  ``rank_pairs`` and ``PlacedPair`` (shared places ``4=``);
- :mod:`.pairing` -- the Swiss: ``drawn_first_round``, ``seeded_first_round``,
  ``swiss_round``, ``next_round``, ``pairing_history``, ``Table``, ``RoundPairing``,
  ``PairingImpossible``;
- :mod:`.knockout` -- the knockout stage: ``seed_order``, ``build_bracket``, ``advance``,
  ``tie_winner``, ``Bracket``, ``Tie``.

Names are resolved lazily from their modules, so importing this package stays cheap.
"""

from __future__ import annotations

from engine.lazy import lazy_exports

_EXPORTS = {
    "engine.free_deal.errors": ["GameError", "CODES"],
    "engine.free_deal.hands": [
        "FIRST", "SECOND", "PAIRS", "MAX_EXCESS", "HandRecord", "check_record",
        "hand_multiplier", "running_totals",
    ],
    "engine.free_deal.game": [
        "GameSettings", "EndedBy", "GameReport", "GameOutcome", "check_game", "TARGET_RANGE",
        "HAND_LIMIT_RANGE", "CAP_RANGE",
    ],
    "engine.free_deal.ranking": [
        "MatchPoints", "Bye", "PairLine", "PlacedPair", "Metric", "METRICS", "TIE_BREAKS",
        "RankingSettings", "pair_lines", "rank_lines", "rank_pairs",
    ],
    "engine.free_deal.pairing": [
        "Table", "RoundPairing", "PairingImpossible", "drawn_first_round",
        "seeded_first_round", "swiss_round", "next_round", "pairing_history",
    ],
    "engine.free_deal.knockout": [
        "BRACKET_SIZES", "BEST_OF", "Tie", "Bracket", "seed_order", "build_bracket",
        "advance", "tie_winner",
    ],
}  # fmt: skip
__getattr__, __dir__, __all__ = lazy_exports(__name__, _EXPORTS, globals())
