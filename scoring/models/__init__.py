"""Results as entered at the table, their reviews, adjustments, and derived scores.

Nothing here is ever updated in place: every submission, confirmation, dispute, director
override and adjustment is a new row that records who made it, when and from where.
The result that counts for a table and deal is the latest confirmed entry; scores are
derived from the stored rows and can always be recomputed (``recompute_scores``).

The models are split by concern: ``records`` (the abstract rows every format's entries and
reviews are made of), ``results`` (a duplicate deal's results and scores), ``games`` (a table's
game of two pairs), ``knockout`` (a knockout bracket); their names are importable from here.
"""

# Export jobs live with the exports (scoring/exports/models.py); imported here so that Django
# finds the model of the app.
# The API's own tables (tokens, idempotent answers, throttle counters).
from scoring.api_models import ApiToken, IdempotentRequest, ThrottleCount  # noqa: F401
from scoring.exports.models import ExportJob  # noqa: F401
from scoring.models.games import GameEntry, GameReview
from scoring.models.knockout import (
    KNOCKOUT_ENTRY_STATES,
    KnockoutEntry,
    KnockoutGame,
    KnockoutReview,
    KnockoutScore,
    KnockoutTie,
)
from scoring.models.records import (
    Entry,
    PinAttemptRecord,
    Provenance,
    Review,
    review_meta,
)
from scoring.models.results import (
    Adjustment,
    DealScore,
    PinAttempt,
    ResultEntry,
    ResultReview,
    ScoreRefresh,
)

__all__ = [
    "Adjustment",
    "ApiToken",
    "DealScore",
    "Entry",
    "ExportJob",
    "GameEntry",
    "GameReview",
    "IdempotentRequest",
    "KNOCKOUT_ENTRY_STATES",
    "KnockoutEntry",
    "KnockoutGame",
    "KnockoutReview",
    "KnockoutScore",
    "KnockoutTie",
    "PinAttempt",
    "PinAttemptRecord",
    "Provenance",
    "ResultEntry",
    "ResultReview",
    "Review",
    "ScoreRefresh",
    "ThrottleCount",
    "review_meta",
]
