"""Read queries of the scoring app: result states, standings, travellers, scorecards.

Which result counts (design decision, in one place)
====================================================

Every submission, review and adjustment is a row; nothing is updated in place. For one
table and one deal:

- An entry is **confirmed** when it is a director's entry (``by_director_override``) or has
  a ``CONFIRM`` review (by the other team, through its link or its PIN, or by a director).
  It is **disputed** when its latest review is a ``DISPUTE`` and it has no confirmation,
  and **pending** when it has no review at all.
- The **counted entry** (the result that scores) is the latest entry, by id, that is
  confirmed. A newer pending or disputed entry does not displace an earlier confirmed one
  until it is itself confirmed.
- The **adjustment in force** for a side is the latest ``Adjustment`` row of that
  (table, deal, side), unless that row is a ``cleared`` one.
- The **cell status** shown on the director's grid is, in this order of precedence:
  ``adjusted`` if an adjustment is in force for either side; else ``disputed`` if the
  latest entry's latest review is a dispute; else ``pending`` if the latest entry is not
  confirmed; else ``confirmed``; else (no entry at all) ``empty``.

Visibility
==========

- Captains see only their own tables' entries while a round is open (every table of the
  team in a released round: a director may release round N+1 before round N is over).
- Result pages (standings, travellers, scorecards, projector) are public once the director
  publishes them, and then show **closed rounds only**: results of a round still being
  played never leak to other tables. A director of the championship always sees them, live
  (released rounds included).
- **Byes** score :data:`engine.BYE_SCORE` per deal of the round. Each of those deals counts
  in the standings' "deals" column (a deal scored), adds 0 to the sum of deal scores and is
  not a top (``engine.Tally.add_bye``). A bye depends on no result,
  so it counts as soon as its round is released (in the director's live standings); the
  public pages, which show closed rounds only, count it once the round is closed.
"""

from __future__ import annotations

from scoring.selectors.positions import (
    TeamPosition,
    deal_trump_side,
    entry_at_team_table,
    models_q_team,
    open_table_for_deal,
    opponent_id_of,
    opponent_of,
    team_position,
    team_side,
)
from scoring.selectors.scope import RankingScope, ScopeError, ranking_scope
from scoring.selectors.scores import (
    CountedResult,
    ScoreRow,
    counted_results,
    current_scores,
    table_score,
)
from scoring.selectors.standings import (
    StandingRow,
    ranking_for_pairing,
    scored_rounds,
    standings,
)
from scoring.selectors.states import (
    ADJUSTED,
    CONFIRMED,
    DISPUTED,
    EMPTY,
    PENDING,
    STATUSES,
    HistoryItem,
    ResultState,
    adjustments_in_force,
    entry_confirmation,
    entry_is_confirmed,
    entry_reviews,
    entry_state,
    history,
    result_state,
    result_states,
)
from scoring.selectors.travellers import (
    ScorecardLine,
    TravellerLine,
    scorecard,
    show_deal_score,
    show_final,
    traveller,
)

__all__ = [
    "ADJUSTED", "CONFIRMED", "DISPUTED", "EMPTY", "PENDING", "STATUSES",
    "HistoryItem", "ResultState", "ScorecardLine", "StandingRow",
    "TeamPosition", "TravellerLine", "adjustments_in_force",
    "deal_trump_side", "entry_confirmation", "entry_is_confirmed", "entry_reviews",
    "entry_state", "history", "models_q_team", "opponent_of", "ranking_for_pairing",
    "result_state", "result_states", "scored_rounds", "scorecard",
    "show_deal_score", "show_final", "standings", "team_position", "team_side",
    "traveller", "CountedResult", "ScoreRow", "counted_results", "current_scores",
    "table_score", "entry_at_team_table", "open_table_for_deal",
    "RankingScope", "ScopeError", "ranking_scope", "opponent_id_of",
]
