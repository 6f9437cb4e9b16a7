"""Individual Botifarra, *abarrotada*: every player for himself (rules.md section 10).

Pure Python, no Django.  One module per job:

- :mod:`.forms` -- ``Form`` (four players and 48 cards, or three and 36), ``SHORT_DECK``,
  ``DEAL_POINTS``;
- :mod:`.dealing` -- ``generate_individual_deal`` (the pairs' construction and commitment;
  the 36-card deck in the three-player form), ``THREE_DEAL_COUNT``;
- :mod:`.play` -- the rules of play (10.1): ``legal_cards``, ``trick_winner``,
  ``validate_record`` and what it returns, ``IndividualPlay``;
- :mod:`.scoring` -- duplicate scoring by seat (10.2): ``TableReport``, ``check_report``,
  ``deal_scores``, ``ordinary_score``, ``score_individual_deal``, ``SeatScore``, ``MAX_DELEGATIONS``,
  ``trump_maker``;
- :mod:`.movements` -- seatings (10.3): ``first_round``, ``next_round``, ``Seating``;
- :mod:`.grouping` -- a later round's tables (10.3): ``group_tables``, ``round_cost``;
- :mod:`.ranking` -- free-deal evenings (10.4): ``rank_players``, ``PlayerLine``;
- :mod:`.errors` -- ``IndividualError`` (field, English message, code, params) and ``CODES``.

Names are resolved lazily from their modules, so importing this package stays cheap.
"""

from __future__ import annotations

from engine.lazy import lazy_exports

_EXPORTS = {
    "engine.abarrotada.forms": ["Form", "SHORT_DECK", "DEAL_POINTS"],
    "engine.abarrotada.errors": ["IndividualError", "CODES"],
    "engine.abarrotada.dealing": ["THREE_DEAL_COUNT", "generate_individual_deal", "unrank_three"],
    "engine.abarrotada.play": ["IndividualPlay", "legal_cards", "trick_winner", "validate_record"],
    "engine.abarrotada.scoring": [
        "MAX_DELEGATIONS", "SeatScore", "TableReport", "check_report", "check_scores", "deal_scores",
        "ordinary_score",
        "score_individual_deal", "trump_maker",
    ],
    "engine.abarrotada.movements": ["Seating", "first_round", "next_round", "meetings"],
    "engine.abarrotada.grouping": ["group_tables", "round_cost"],
    "engine.abarrotada.ranking": ["PlayerLine", "rank_players"],
}  # fmt: skip
__getattr__, __dir__, __all__ = lazy_exports(__name__, _EXPORTS, globals())
