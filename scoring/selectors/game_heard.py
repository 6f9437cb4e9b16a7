"""When each table of a round of games was last heard from, for the director's games page: a
pair's phone entering, confirming or disputing the game, or typing a PIN, right or wrong
(the duplicate grid's "last heard", ``formats.duplicate_pairs.grid``); the director's own
results are not the table speaking. With each table's wrong PINs and lockout, as the
duplicate grid shows them. Three queries, whatever the number of tables."""

from __future__ import annotations

from django.db.models import Max

from scoring.models import GameEntry, GameReview
from scoring.selectors.pins import pin_activity
from tournaments.models import Round


def add_heard(round_: Round, games: list) -> list:
    """Set ``heard`` (a datetime or ``None``) and ``pins`` (a ``PinSummary`` or ``None``) on
    each of the round's ``TableGame`` rows (``scoring.selectors.games.round_games``); returns them."""
    heard: dict = {}
    for rows in (
        GameEntry.objects.filter(table__round=round_, by_team__isnull=False)
        .values("table_id").annotate(at=Max("created_at")).values_list("table_id", "at"),
        GameReview.objects.filter(entry__table__round=round_, by_team__isnull=False)
        .values("entry__table_id").annotate(at=Max("created_at"))
        .values_list("entry__table_id", "at"),
    ):
        for table_id, at in rows:
            _later(heard, table_id, at)
    pins = pin_activity(game.table.pk for game in games)
    for table_id, at in pins.last_attempt.items():
        _later(heard, table_id, at)
    for game in games:
        game.heard = heard.get(game.table.pk)
        game.pins = pins.summaries.get(game.table.pk)
    return games


def _later(heard: dict, table_id: int, at) -> None:
    if at is not None and (table_id not in heard or at > heard[table_id]):
        heard[table_id] = at
