"""The Botifarra engine: pure Python, no Django, database or HTTP.

Everything the rest of Duplicada uses is exported here (rules.md sections 1-8):

- seats: ``Seat``, ``Side``
- cards: ``Suit``, ``Card``, ``ALL_CARDS``, ``Contract``, ``Hand``, ``Deal`` and the localised
  names ``suit_name``, ``rank_name``, ``card_name``, ``contract_name``
- deal notation: ``parse_deal``, ``parse_seat_hands``, ``format_deal``, ``parse_hand``, ``format_hand``,
  ``DealNotationError``
- deal generation: ``DEAL_COUNT``, ``new_deal_key``, ``key_commitment``, ``generate_deal``
- rules of play: ``Variant``, ``Rule``, ``legal_cards``, ``trick_winner``, ``beats``,
  ``validate_play``, ``PlayOutcome``, ``IllegalCard``, ``PlayRecordError``, ``random_legal_play``
- duplicate scoring: ``Breach``, ``TableResult``, ``TableScore``, ``side_deal_score``,
  ``score_deal``, ``show_score`` and the policy constants ``AVERAGE``, ``AVERAGE_PLUS``,
  ``AVERAGE_MINUS``, ``BYE_SCORE``
- ordinary scoring: ``DoublingScheme``, ``ordinary_score``
- standings: ``StandingLine``, ``Placed``, ``rank_standings``
- double-dummy analysis (rules.md 8.1): ``solve``, ``double_dummy_table``, ``par``, ``Par``,
  ``optimal_line``, ``Position``, ``Solver``; random play-outs: ``random_playouts``
- movements: ``Match``, ``RoundPlan``, ``round_robin``, ``swiss_round``, ``swiss_first_round``,
  ``PairingImpossible``, ``dealer_for``, ``round_deal_numbers``, ``trump_side``
- free-deal pair tournaments (rules.md section 11: games, ranking, Swiss pairing, knockout):
  the package :mod:`engine.free_deal`, whose names are exported from there, not here
- individual play, *abarrotada* (rules.md section 10: four- and three-player forms, deals,
  rules of play, duplicate scoring by seat, movements): the package :mod:`engine.abarrotada`
- series (rules.md 13.2: points tables, a championship's series points, the series ranking):
  ``PointsTable``, ``default_table``, ``entrants_table``, ``typed_table``, ``place_points``,
  ``championship_points``, ``series_ranking``, ``ChampionshipResult``, ``SeriesResult``,
  ``SeriesLine``, ``SeriesError``, ``DEFAULT_POINTS``
- groups then knockout (rules.md section 12: groups, their round robins, group rankings,
  repechage, the seeded bracket, the final ranking): the package :mod:`engine.groups`
- players' ratings across championships (rules.md 13.3, OpenSkill's Plackett–Luce model):
  ``Rating``, ``RankedMatch``, ``RatingHistory``, ``RatingStep``, ``RatingError``,
  ``INITIAL_RATING``, ``rebuild_ratings``, ``update_ratings``, ``shown_rating``

Names are resolved lazily from their modules, so importing ``engine`` stays cheap.
"""

from __future__ import annotations

from engine.lazy import lazy_exports

_EXPORTS = {
    "engine.seats": ["Seat", "Side"],
    "engine.cards": [
        "Suit", "Card", "ALL_CARDS", "Contract", "Hand", "Deal",
        "suit_name", "rank_name", "card_name", "contract_name", "LANGUAGES",
    ],
    "engine.notation": [
        "parse_deal", "format_deal", "parse_hand", "format_hand", "parse_card", "format_card",
        "parse_seat_hands", "DealNotationError",
    ],
    "engine.dealing": [
        "DEAL_COUNT", "KEY_SIZE", "new_deal_key", "key_commitment", "generate_deal",
        "rank_deal", "unrank_deal",
    ],
    "engine.play": [
        "Variant", "Rule", "legal_cards", "trick_winner", "validate_play", "PlayOutcome",
        "IllegalCard", "PlayRecordError", "random_legal_play", "beats",
    ],
    "engine.duplicate": [
        "Breach", "TableResult", "TableScore", "side_deal_score", "score_deal", "show_score",
        "adjusted_value", "AVERAGE", "AVERAGE_PLUS", "AVERAGE_MINUS", "BYE_SCORE",
        "ALL_EQUAL_SCORE", "NO_COMPARISON_SCORE", "BREACH_SCORE", "TOP_SCORE",
    ],
    "engine.solver": ["solve", "double_dummy_table", "Solver", "position_value"],
    "engine.positions": ["Position"],
    "engine.hand_records": ["par", "Par", "optimal_line"],
    "engine.playouts": ["random_playouts"],
    "engine.ordinary": ["DoublingScheme", "ordinary_score", "multiplier"],
    "engine.standings": [
        "StandingLine", "Placed", "rank_standings", "Tally", "accumulate", "TIE_BREAKS",
    ],
    "engine.movements": [
        "Match", "RoundPlan", "round_robin", "swiss_round", "swiss_first_round",
        "PairingImpossible", "dealer_for", "round_deal_numbers", "trump_side", "round_of_deal",
        "dealer_for_deal",
    ],
    "engine.ratings": [
        "Rating", "RankedMatch", "RatingHistory", "RatingStep", "RatingError", "RATING_CODES",
        "INITIAL_RATING", "rebuild_ratings", "update_ratings", "shown_rating",
    ],
    "engine.series": [
        "DEFAULT_POINTS", "ChampionshipResult", "PointsTable", "SeriesError", "SeriesLine",
        "SeriesResult", "championship_points", "default_table", "entrants_table",
        "place_points", "series_ranking", "typed_table",
    ],
}
__getattr__, __dir__, __all__ = lazy_exports(__name__, _EXPORTS, globals())
