"""CSV of the free-deal ranking and games, as the duplicate CSV files are written
(``scoring.exports.csv_files.csv_bytes``: UTF-8 with a byte-order mark, numbers as numbers,
text that could run as a formula made plain); the columns are the workbook's."""

from __future__ import annotations

from formats.free_deal.exports import data
from formats.free_deal.exports.workbook import (
    games_header,
    games_values,
    ranking_header,
    ranking_values,
)
from scoring.exports.csv_files import csv_bytes


def ranking_csv(scope) -> bytes:
    # The place as shown ("4="): a CSV cell has no number format to say it is shared.
    rows = ([line.place, *ranking_values(line)[1:]] for line in data.ranking(scope))
    return csv_bytes(ranking_header(), rows)


def games_csv(scope) -> bytes:
    return csv_bytes(games_header(), (games_values(line) for line in data.games(scope)))
