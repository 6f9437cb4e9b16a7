"""The one lock every result operation takes: its own table's row, then the round as it is.

``FOR NO KEY UPDATE``: inserting a row that refers to this table (which takes a key-share
lock) is not blocked by it, but another operation at this table is. Closing a round locks
every table of it first, so a result and a close arriving together are ordered: the result
is either stored before the round closes or refused after.
"""

from __future__ import annotations

from django.db import connection

from tournaments.models import Round


def lock_table(table_model: type, table_id: int, round_id: int) -> Round:
    """Lock the row ``table_id`` of ``table_model`` (a pairs' table or a table of players),
    then read its round (number, status, championship) as it is now."""
    if connection.features.has_select_for_update:
        # No ORDER BY: the models' default orderings would join (and on PostgreSQL lock)
        # the round's and the championship's rows, which every table shares.
        list(table_model.objects.select_for_update(no_key=True).filter(pk=table_id)
             .order_by().values_list("pk"))
    # (SQLite has no row locks: its IMMEDIATE transactions already serialise writers.)
    return Round.objects.only("id", "number", "status", "championship_id").get(pk=round_id)
