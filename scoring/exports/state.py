"""What a format's kept public downloads depend on (``Format.export_state``), in marks the
fingerprint of ``public_files`` reads: for each kind of row, how many there are and the
highest id, so that a row added, or one deleted and another added, makes new files.

The games of a table (the core's entries and their reviews, rules.md 8) are the same rows
for every format that plays games rather than deals, and a knockout bracket (rules.md 11.3,
12.4) the same rows for every format that has one, so they are counted here once."""

from __future__ import annotations

from django.db.models import Count, Max, QuerySet

from scoring.models import GameEntry, GameReview, KnockoutGame, KnockoutTie
from tournaments.models import Championship, Table


def row_marks(*querysets: QuerySet) -> list[list]:
    """``[count, highest id]`` of each query, in order; one query each."""
    return [list(rows.aggregate(n=Count("id"), last=Max("id")).values())
            for rows in querysets]


def table_games(championship: Championship) -> tuple[QuerySet, ...]:
    """A championship's games at its tables: the entries, their reviews and the tables."""
    return (GameEntry.objects.filter(table__round__championship=championship),
            GameReview.objects.filter(entry__table__round__championship=championship),
            Table.objects.filter(round__championship=championship))


def knockout_rows(championship: Championship) -> tuple[QuerySet, ...]:
    """A championship's knockout bracket: its ties (storing the bracket adds them) and their
    games (each game, and the winner it sends on)."""
    return (KnockoutTie.objects.filter(championship=championship),
            KnockoutGame.objects.filter(tie__championship=championship))
