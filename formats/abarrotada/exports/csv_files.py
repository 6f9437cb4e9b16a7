"""CSV of an individual championship's ranking and results, as the pairs' CSV files are
written (``scoring.exports.csv_files.csv_bytes``); the columns are the workbook's."""

from __future__ import annotations

from formats.abarrotada.exports import data
from formats.abarrotada.exports.workbook import (
    ranking_header,
    ranking_values,
    results_header,
    results_rows,
)
from scoring.exports.csv_files import csv_bytes


def ranking_csv(scope) -> bytes:
    lines = data.ranking(scope)
    return csv_bytes(ranking_header(), (ranking_values(line) for line in lines))


def results_csv(scope) -> bytes:
    return csv_bytes(results_header(), results_rows(scope))
