"""How many rows each table holds, read in one query.

Tests that check "nothing was written" count every table before and after each case: with
the ORM, one query per model, each built and compiled afresh (some 60 a count, 2 counts a
case), which was most of what those tests cost. Here every table's ``COUNT(*)`` is a
subquery of one ``SELECT``: the same numbers (whole tables, as a model's base manager counts
them), one round trip.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection
from django.db.models import Model


def count_rows(models: Iterable[type[Model]], key=lambda model: model._meta.label) -> dict:
    """``{key(model): rows in its table}`` for ``models``, in one query on the default
    database."""
    models = list(models)
    if not models:
        return {}
    quote = connection.ops.quote_name
    sql = "SELECT " + ", ".join(
        f"(SELECT COUNT(*) FROM {quote(model._meta.db_table)})" for model in models)
    with connection.cursor() as cursor:
        cursor.execute(sql)
        row = cursor.fetchone()
    return {key(model): count for model, count in zip(models, row, strict=True)}
