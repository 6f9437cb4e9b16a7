"""What changes a duplicate pairs' results (rules.md 6.1 and 6.5): one function per
operation, each asking the results core (``results``) with the pairs' entry kind.

Modules: ``deal_results`` (``DEAL_RESULTS``, a deal's result at a pairs' table, and what a
team does through its link: enter, confirm, dispute, confirm with the other team's PIN),
``director`` (the director's entry, confirmation and adjusted scores). What every format's
results use (values, errors, origins, locks, the PIN lockout, rescoring, closing a round,
publishing) is the core's, in ``scoring.services``.
"""

from formats.duplicate_pairs.services.deal_results import (
    DEAL_RESULTS,
    confirm_entry,
    confirm_with_pin,
    dispute_entry,
    earlier_submission,
    submit_result,
)
from formats.duplicate_pairs.services.director import (
    clear_adjustment,
    director_confirm_entry,
    director_enter_result,
    set_adjustment,
)

__all__ = [
    "DEAL_RESULTS", "clear_adjustment", "confirm_entry", "confirm_with_pin",
    "director_confirm_entry", "director_enter_result", "dispute_entry", "earlier_submission",
    "set_adjustment", "submit_result",
]
