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
    with_section,
)
from scoring.exports.csv_files import csv_bytes


def ranking_csv(scope) -> bytes:
    # The place as shown ("4="): a CSV cell has no number format to say it is shared.
    sections = data.has_sections(scope.championship)
    rows = ([*([line.section_name] if sections else []), line.place,
             *ranking_values(line)[1:]] for line in data.ranking(scope))
    return csv_bytes(with_section(ranking_header(), sections), rows)


def games_csv(scope) -> bytes:
    sections = data.has_sections(scope.championship)
    return csv_bytes(with_section(games_header(), sections),
                     ([*([line.section] if sections else []), *games_values(line)]
                      for line in data.games(scope)))
