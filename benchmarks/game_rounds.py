"""A round of table games played for a benchmark (free-deal pairs, groups then knockout):
every table's game drawn, checked by the format's rules and stored confirmed in bulk, then the
round closed. Entering games one at a time, as captains do, is timed by the benchmarks
themselves; this only fills an event quickly."""

from __future__ import annotations

from collections.abc import Callable


def play_confirmed(director, round_, draw: Callable[[], object],
                   check: Callable[[object], None]) -> None:
    """Each table of ``round_`` in number order gets ``draw()``'s game, which ``check`` (the
    format's rules) must accept, entered by its first pair and confirmed by the second; the
    round is then closed by ``director``."""
    from scoring.models import GameEntry, GameReview
    from tournaments import services

    entries = []
    for table in round_.tables.order_by("number"):
        values = draw()
        check(values)
        entries.append(GameEntry(table=table, by_team_id=table.ns_team_id,
                                 **values.entry_fields()))
    entries = GameEntry.objects.bulk_create(entries)
    GameReview.objects.bulk_create(
        GameReview(entry=e, verdict="confirm", by_team_id=e.table.ew_team_id) for e in entries)
    services.close_round(round_, by=director)
