"""Reads of the games of two pairs that the core keeps (``scoring.models.GameEntry``): each
table's latest entry and its state, the game that counts at each table, an entry's history,
and what is missing before a round can close. Any format whose tables play one game of two
pairs reads them here (free-deal pairs, groups then knockout). A fixed number of queries
each, whatever the number of tables."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Exists, OuterRef
from django.utils.translation import gettext as _

from scoring.models import GameEntry, GameReview
from tournaments.models import Championship, Round, Table

EMPTY, PENDING, CONFIRMED, DISPUTED = "empty", "pending", "confirmed", "disputed"


@dataclass(frozen=True)
class CountedGame:
    round_number: int
    table_id: int
    first_id: int
    second_id: int
    first_points: int
    second_points: int
    ended_by: str = ""  # GameEntry.EndedBy, for the exports
    hands_played: int = 0
    table_number: int = 0  # for a pair's scorecard


@dataclass
class TableGame:
    """A table of a round, its latest entry and what state that entry is in."""

    table: Table
    latest: GameEntry | None
    state: str
    disputed_by: int | None = None
    #: For the director's page (``heard.add_heard``): when the table was last heard from,
    #: and its wrong PINs and lockout.
    heard: datetime | None = None
    pins: object | None = None


def _confirmed_subquery():
    return Exists(GameReview.objects.filter(entry=OuterRef("pk"),
                                            verdict=GameReview.Verdict.CONFIRM))


def counted_games(championship: Championship, *, up_to: int | None = None) -> list[CountedGame]:
    """The game that counts at every table: its latest confirmed entry (one query)."""
    rows = (
        GameEntry.objects.filter(table__round__championship=championship)
        .filter(_confirmed_subquery())
        .order_by("table_id", "-id")
        .values_list("table_id", "table__round__number", "table__ns_team_id",
                     "table__ew_team_id", "first_points", "second_points", "ended_by",
                     "hands_played", "table__number")
    )
    if up_to is not None:
        rows = rows.filter(table__round__number__lte=up_to)
    games: dict[int, CountedGame] = {}
    for table_id, number, first, second, *result in rows:
        if table_id not in games:  # the newest confirmed entry comes first
            games[table_id] = CountedGame(number, table_id, first, second, *result)
    return list(games.values())


def round_games(round_: Round) -> list[TableGame]:
    """Every table of the round with its latest entry and its state (two queries)."""
    tables = list(round_.tables.select_related("ns_team", "ew_team").order_by("number"))
    entries = (GameEntry.objects.filter(table__round=round_).order_by("table_id", "-id")
               .prefetch_related("reviews"))
    latest: dict[int, GameEntry] = {}
    for entry in entries:
        latest.setdefault(entry.table_id, entry)
    return [_table_game(table, latest.get(table.pk)) for table in tables]


def table_game(table: Table) -> TableGame:
    entry = (GameEntry.objects.filter(table=table).order_by("-id")
             .prefetch_related("reviews").first())
    return _table_game(table, entry)


def _table_game(table: Table, entry: GameEntry | None) -> TableGame:
    if entry is None:
        return TableGame(table, None, EMPTY)
    reviews = list(entry.reviews.all())
    if any(r.verdict == GameReview.Verdict.CONFIRM for r in reviews):
        return TableGame(table, entry, CONFIRMED)
    dispute = next((r for r in reviews if r.verdict == GameReview.Verdict.DISPUTE), None)
    if dispute is not None:
        return TableGame(table, entry, DISPUTED, disputed_by=dispute.by_team_id)
    return TableGame(table, entry, PENDING)


def game_history(table: Table) -> list[GameEntry]:
    """Every entry of the table's game, oldest first, with who made it and its reviews."""
    return list(table.game_entries.select_related("by_team", "by_director")
                .prefetch_related("reviews__by_team", "reviews__by_director").order_by("id"))


def entry_state(entry: GameEntry) -> str:
    """The state of one entry by its own reviews (one query): confirmed, disputed or
    pending, whether or not a newer entry supersedes it."""
    return _table_game(None, entry).state


def missing_results(round_: Round, games: list[TableGame] | None = None) -> list[str]:
    """Each table whose game is not confirmed, as a line for the director (from ``games``,
    the round's :func:`round_games`, when already read)."""
    labels = {EMPTY: _("not entered"), PENDING: _("waiting for confirmation"),
              DISPUTED: _("entered, but the other side disputes it")}
    return [
        _("Table %(table)s: %(status)s") % {"table": game.table.number,
                                            "status": labels[game.state]}
        for game in (games if games is not None else round_games(round_))
        if game.state != CONFIRMED and game.table.bye_team_id is None
    ]
