"""Writes of the individual format (rules.md 10): one function per operation, each in one
transaction.

As in ``scoring.services``: nothing is updated in place (an entry, a confirmation, a dispute
and a director's report each add a row with who, when and from where); each report
operation locks only its own table's row, so the tables of a round write in parallel; one
entry per idempotency key is a unique constraint.

Modules: ``settings`` (the form: four or three a table), ``seating`` (drafting the next
round: tables, seats, sit-outs and deals), ``entries`` (the confirmation flow every entry
shares), ``reports`` (entering, confirming and disputing a deal; the director's report),
``totals`` (the same for a free-deal evening's game totals, rules.md 10.4), ``adjustments`` (the
director's adjusted score of a seat), ``pins``
(confirming with another player's PIN, with the pairs' lockout), ``players``
(registering a player). Refusals raise ``ScoringError`` (reports; ``ReportRefused``
naming the field) or ``ServiceError`` (settings, seating) with a translated message.
"""

from formats.abarrotada.rules import ReportRefused, ReportValues
from formats.abarrotada.services.adjustments import adjust_seat
from formats.abarrotada.services.pins import confirm_report_with_pin, confirm_totals_with_pin
from formats.abarrotada.services.players import add_player
from formats.abarrotada.services.reports import (
    confirm_report,
    director_confirm_report,
    director_set_report,
    dispute_report,
    earlier_report,
    submit_report,
)
from formats.abarrotada.services.seating import seat_next_round
from formats.abarrotada.services.settings import form_of, save_settings, settings_of
from formats.abarrotada.services.totals import (
    TotalsValues,
    confirm_totals,
    director_confirm_totals,
    director_set_totals,
    dispute_totals,
    earlier_totals,
    submit_totals,
)

__all__ = [
    "ReportRefused",
    "ReportValues",
    "TotalsValues",
    "add_player",
    "adjust_seat",
    "confirm_report_with_pin",
    "confirm_totals_with_pin",
    "confirm_report",
    "director_confirm_report",
    "director_set_report",
    "dispute_report",
    "earlier_report",
    "earlier_totals",
    "form_of",
    "save_settings",
    "seat_next_round",
    "settings_of",
    "submit_report",
    "submit_totals",
    "confirm_totals",
    "dispute_totals",
    "director_confirm_totals",
    "director_set_totals",
]
