"""Text that a spreadsheet must not run as a formula.

A team called ``=HYPERLINK(...)`` or ``+34 600…`` would be run by Excel or LibreOffice as a
formula when a cell starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return. In
the workbook such text is stored as a plain string cell, marked as text ("quote prefix"),
so the spreadsheet shows it as written; in CSV, which has no cell types, it gets a leading
apostrophe, the spreadsheets' own sign for "this is text".

A CSV cell does not only start where the file's own fields start. Our files separate fields
with ``,``, but Catalan and Spanish spreadsheets open CSV with ``;`` between fields, and a
reading with either separator that does not follow our quoting starts a cell after any
``,`` or ``;`` inside a field, and after a line break inside a quoted field: the name
``Penya;=HYPERLINK(...)`` is harmless read with ``,`` and a formula read with ``;``. So the
apostrophe also goes before a formula start that follows a separator or a line break
(past any spaces or quotes, which a reading may drop). Numbers are never touched: a
negative score stays a number.
"""

from __future__ import annotations

import re

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

#: Where some reading of a CSV field may start a cell that a spreadsheet runs as a formula:
#: the field's start, or a separator (",", ";") or line break inside it, then any spaces or
#: quotes, then a formula start (looked ahead at, not taken: the apostrophe goes before it).
_FORMULA_CELL = re.compile(r"(?:^|[,;\r\n])[ \"]*(?=[=+\-@\t\r])")


def looks_like_formula(value) -> bool:
    return isinstance(value, str) and value.startswith(FORMULA_STARTS)


def csv_text(value):
    """A CSV field: numbers unchanged; text that any ``,`` or ``;`` reading could start a
    formula cell with gets an apostrophe before each such start."""
    if not isinstance(value, str):
        return value
    return _FORMULA_CELL.sub(lambda found: found.group(0) + "'", value)
