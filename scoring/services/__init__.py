"""Operations that change results: one function per operation, each in one transaction.

Nothing is ever updated in place: a submission, a confirmation, a dispute, a director's
entry and an adjustment each add a row recording who made it, when, and from where
(:class:`Origin`). Every operation that can change which result counts notes the deal for
rescoring (``deal_changed``) in the same transaction; the deal's stored scores are rebuilt
after the commit, in the background, and readers score a noted deal from its results until
then (``rescoring``). ``recompute_championship`` rebuilds every score from scratch.

A duplicate pairs' deal result is an entry of the results core (``results``): entering,
confirming, disputing, PINs and the director's confirmation are its lifecycle, asked with
the pairs' ``DEAL_RESULTS``; those operations are the format's
(``formats.duplicate_pairs.services``), and this package keeps what every format's results
use.

Concurrency: an operation locks only its own table's row (``results.locks``), so the
tables of a round write in parallel; one-entry-per-key is a unique constraint. SQLite is
configured with IMMEDIATE transactions, which serialise writers anyway. The PIN lockout
lives in the database (:class:`~scoring.models.PinAttempt`) so that it holds across
several web processes.

Modules: ``values`` (what a result is, errors, origins), ``checks`` (locks and checks),
``pins`` (the core's PIN lockout at a pairs' table), ``publication`` (closing a round,
publishing the results), ``rescoring`` (stored scores), ``places`` (what a director's
request names, found inside the place its URL names: every format's director services use
it).

Errors that a user can fix or should read raise :class:`ScoringError` with a translated
message; form validation errors raise Django's ``ValidationError`` naming the field.
"""


from scoring.services.pins import (
    PIN_FAILURE_WINDOW,
    PIN_LOCKOUT,
    PIN_MAX_FAILURES,
    pin_locked_until,
)
from scoring.services.publication import (
    close_round,
    publish_results,
    set_results_public,
    unpublish_results,
)
from scoring.services.rescoring import (
    deal_changed,
    rebuild_deals,
    rebuild_stale_deals,
    recompute_championship,
)
from scoring.services.values import (
    ADJUSTMENT_VALUES,
    KEY_LENGTH,
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
    "ADJUSTMENT_VALUES", "KEY_LENGTH", "PIN_FAILURE_WINDOW", "PIN_LOCKOUT", "PIN_MAX_FAILURES",
    "TOTAL_POINTS", "Origin", "PinRefused", "ResultData", "ScoringError", "check_result_values",
    "client_ip", "close_round", "parse_adjusted_value",
    "pin_locked_until", "publish_results", "recompute_championship", "rebuild_deals",
    "rebuild_stale_deals", "deal_changed",
    "set_results_public", "unpublish_results",
]
