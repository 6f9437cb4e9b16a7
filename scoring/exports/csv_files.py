"""The CSV files of every format: UTF-8 with a byte-order mark (so that spreadsheets open
accents right), numbers written as numbers (never in quotes), and text that could run as a
formula made plain (``text.csv_text``).

Separated as the reader's spreadsheet expects in the file's language: in Catalan and Spanish
(a decimal comma) with ``;`` and ``4,5``, as Excel and LibreOffice set up for those languages
read a CSV; in English with ``,`` and ``4.5``. Every format's CSV goes through
:func:`csv_bytes`."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from django.utils.formats import get_format

from scoring.exports.text import csv_text

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
