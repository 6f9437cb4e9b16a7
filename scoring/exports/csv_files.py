"""CSV of the ranking and of the results: UTF-8 with a byte-order mark (so that spreadsheets
open accents right), numbers written as numbers (never in quotes), and text that could run as
a formula made plain (``text.csv_text``).

Separated as the reader's spreadsheet expects in the file's language: in Catalan and Spanish
(a decimal comma) with ``;`` and ``4,5``, as Excel and LibreOffice set up for those languages
read a CSV; in English with ``,`` and ``4.5``. Every format's CSV goes through
:func:`csv_bytes`."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from django.utils.formats import get_format
from django.utils.translation import gettext as _

from formats import format_of
from scoring.exports import data
from scoring.exports.text import csv_text
from scoring.models import ResultEntry
from scoring.numbers import score_number

BOM = "\ufeff"


def csv_bytes(header: list[str], rows) -> bytes:
    """The CSV file of ``rows`` under ``header``, in the active language's separators."""
    decimal_comma = get_format("DECIMAL_SEPARATOR") == ","
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if decimal_comma else ",", lineterminator="\r\n")
    writer.writerow([csv_text(str(h)) for h in header])
    for row in rows:
        writer.writerow([_field(value, decimal_comma) for value in row])
    return (BOM + out.getvalue()).encode("utf-8")


def _field(value, decimal_comma: bool):
    if value is None:
        return ""
    if decimal_comma and isinstance(value, float | Decimal):
        return str(value).replace(".", ",")
    return csv_text(value)


def ranking_csv(scope) -> bytes:
    header = [_("Place"), _("No."), format_of(scope.championship).wording.entrant_title,
              _("Players"), _("Club"), _("Total"),
              _("Deals"), _("Sum of deal scores"), _("Tops")]
    rows = (
        [row.label, row.team.number, row.team.name, row.team.players, row.team.club,
         score_number(row.total), row.deals, row.deal_score_sum, row.tops]
        for row in data.ranking(scope)
    )
    return csv_bytes(header, rows)


def results_csv(scope) -> bytes:
    contracts = dict(ResultEntry.Contract.choices)
    breaches = dict(ResultEntry.Breach.choices)

    def flag(value):
        return None if value is None else int(bool(value))

    header = [_("Round"), _("Deal"), _("Table"), _("NS pair"), _("EW pair"), _("Contract"),
              _("Delegated"), _("Contro"), _("Recontro"), _("Rule breach"), _("NS points"),
              _("EW points"), _("NS deal score"), _("EW deal score"), _("NS final"),
              _("EW final"), _("NS adjusted"), _("EW adjusted")]
    rows = []
    for line in data.result_lines(scope):
        entry = line.entry
        rows.append([
            line.round, line.deal, line.table, line.ns_team, line.ew_team,
            str(contracts[entry.contract]) if entry else None,
            flag(entry.delegated) if entry else None,
            flag(entry.contro) if entry else None,
            flag(entry.recontro) if entry else None,
            str(breaches[entry.breach]) if entry else None,
            line.ns_points, line.ew_points, line.ns_deal_score, line.ew_deal_score,
            score_number(line.ns_final), score_number(line.ew_final),
            int(line.ns_adjusted), int(line.ew_adjusted),
        ])
    return csv_bytes(header, rows)
