"""The CSV files of every format: UTF-8 with a byte-order mark (so that spreadsheets open
accents right), comma-separated, numbers written as numbers (a decimal point, never in
quotes), and text that could run as a formula made plain (``text.csv_text``)."""

from __future__ import annotations

import csv
import io

from scoring.exports.text import csv_text

BOM = "\ufeff"


def csv_bytes(header: list[str], rows) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([csv_text(str(h)) for h in header])
    for row in rows:
        writer.writerow(["" if value is None else csv_text(value) for value in row])
    return (BOM + out.getvalue()).encode("utf-8")
