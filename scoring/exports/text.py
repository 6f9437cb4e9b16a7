"""Text that a spreadsheet must not run as a formula.

A team called ``=HYPERLINK(...)`` or ``+34 600…`` would be run by Excel or LibreOffice as a
formula when a cell starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return. In
the workbook such text is stored as a plain string cell, marked as text ("quote prefix"),
so the spreadsheet shows it as written; in CSV, which has no cell types, it gets a leading
apostrophe, the spreadsheets' own sign for "this is text".
"""

from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def looks_like_formula(value) -> bool:
    return isinstance(value, str) and value.startswith(FORMULA_STARTS)


def csv_text(value):
    """A CSV field: numbers unchanged; text that could run as a formula made plain."""
    if looks_like_formula(value):
        return "'" + value
    return value
