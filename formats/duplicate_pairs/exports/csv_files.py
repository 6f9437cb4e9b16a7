"""The CSV files of duplicate pairs: the ranking and the results (``scoring.exports.csv_files``
writes them)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from formats import format_of
from formats.duplicate_pairs.exports import data
from scoring.exports.csv_files import csv_bytes
from scoring.models import ResultEntry
from scoring.numbers import score_number


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
