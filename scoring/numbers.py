"""How scores are written for readers (one place): on pages and in PDFs with the reader's
decimal mark (Catalan and Spanish 1,77; English 1.77); in spreadsheets and CSV as numbers.

Exact fractions are kept everywhere; only these functions round them (2 decimals, halves
up: ``engine.show_score``, rules.md 6.3).
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction

from django.utils import formats

import engine


def decimal_mark() -> str:
    """The active language's decimal separator (Django's locale formats)."""
    return formats.get_format("DECIMAL_SEPARATOR")


def show_score(value: Fraction | int | Decimal) -> str:
    """An exact score with 2 decimals, in the reader's language: ``1,77`` or ``1.77``."""
    shown = engine.show_score(value)
    mark = decimal_mark()
    return shown if mark == "." else shown.replace(".", mark)


def score_number(value: Fraction | int | Decimal | None) -> Decimal | None:
    """The score as shown (2 decimals, halves up), as a number for a spreadsheet or CSV."""
    return None if value is None else Decimal(engine.show_score(value))


def exact_number(value: Fraction | int | Decimal | None) -> Decimal | None:
    """The exact score as a spreadsheet number, to be shown with 2 decimals by the cell's
    format: a sum a reader makes of such cells matches the ranking's total (8.46), where a
    sum of rounded cells may not (8.45). Divided as a decimal to more digits than a
    spreadsheet keeps, never through a float."""
    if value is None:
        return None
    exact = Fraction(value)
    with localcontext() as context:
        context.prec = 28
        return Decimal(exact.numerator) / Decimal(exact.denominator)
