"""Operations that change results: one function per operation, each in one transaction.

Nothing is ever updated in place: a submission, a confirmation, a dispute, a director's
entry and an adjustment each add a row recording who made it, when, and from where
(:class:`Origin`). Every operation that can change which result counts rescores the deal
(:func:`rescore_deal`) in the same transaction, so stored scores always match the stored
results. ``recompute_championship`` rebuilds every score from scratch.

Concurrency: operations lock the round's row first and then the deal's row
(``select_for_update``), always in that order, so concurrent confirmations of one deal are
serialised on PostgreSQL; SQLite is configured with IMMEDIATE transactions, which serialise
writers anyway. The PIN lockout lives in the database (:class:`~scoring.models.PinAttempt`)
so that it holds across several web processes.

Errors that a user can fix or should read raise :class:`ScoringError` with a translated
message; form validation errors raise Django's ``ValidationError`` naming the field.
"""


from scoring.services.captain import (
    confirm_entry,
    confirm_with_pin,
    dispute_entry,
    submit_result,
)
from scoring.services.director import (
    clear_adjustment,
    close_round,
    director_confirm_entry,
    director_enter_result,
    publish_results,
    set_adjustment,
    set_results_public,
    unpublish_results,
)
from scoring.services.pins import (
    PIN_FAILURE_WINDOW,
    PIN_LOCKOUT,
    PIN_MAX_FAILURES,
    pin_locked_until,
)
from scoring.services.rescoring import recompute_championship, rescore_deal
from scoring.services.values import (
    ADJUSTMENT_VALUES,
    TOTAL_POINTS,
    Origin,
    PinRefused,
    ResultData,
    ScoringError,
    check_result_values,
    parse_adjusted_value,
)
from tournaments.audit import client_ip  # the one client-address rule, re-exported

__all__ = [
    "ADJUSTMENT_VALUES", "PIN_FAILURE_WINDOW", "PIN_LOCKOUT", "PIN_MAX_FAILURES", "TOTAL_POINTS",
    "Origin", "PinRefused", "ResultData", "ScoringError", "check_result_values", "client_ip",
    "clear_adjustment", "close_round", "confirm_entry", "confirm_with_pin",
    "director_confirm_entry", "director_enter_result", "dispute_entry", "parse_adjusted_value",
    "pin_locked_until", "publish_results", "recompute_championship", "rescore_deal",
    "set_adjustment", "set_results_public", "submit_result", "unpublish_results",
]
