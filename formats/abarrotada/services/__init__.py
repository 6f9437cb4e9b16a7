"""Writes of the individual format (rules.md 10): one function per operation, each in one
transaction.

As in ``scoring.services``: nothing is updated in place (an entry, a confirmation, a dispute
and a director's report each add a row with who, when and from where); each report
operation locks only its own table's row, so the tables of a round write in parallel; one
entry per idempotency key is a unique constraint.

Modules: ``settings`` (the form: four or three a table), ``seating`` (drafting the next
round: tables, seats, sit-outs and deals), ``reports`` (entering, confirming and disputing a
deal; the director's report). Refusals raise ``ScoringError`` (reports; ``ReportRefused``
naming the field) or ``ServiceError`` (settings, seating) with a translated message.
"""

from formats.abarrotada.rules import ReportRefused, ReportValues
from formats.abarrotada.services.players import add_player
from formats.abarrotada.services.reports import (
    confirm_report,
    director_confirm_report,
    director_set_report,
    dispute_report,
    submit_report,
)
from formats.abarrotada.services.seating import seat_next_round
from formats.abarrotada.services.settings import form_of, save_settings, settings_of

__all__ = [
    "ReportRefused",
    "ReportValues",
    "add_player",
    "confirm_report",
    "director_confirm_report",
    "director_set_report",
    "dispute_report",
    "form_of",
    "save_settings",
    "seat_next_round",
    "settings_of",
    "submit_report",
]
