"""Ratings (rules.md 13.3): rebuilt from scratch whenever a final place or the register changes.

:func:`request_rebuild` is what every operation that changes final places or merges
players calls: the rebuild runs once its transaction commits, in the background
(``tournaments.ratings_refresh``). :func:`rebuild_ratings` is the rebuild:

1. the finished championships that have no final places yet get theirs
   (``places.keep_missing_places``);
2. the final places and the players of every finished championship are read, with no
   transaction held open: results are entered and teams registered meanwhile;
3. the championships are rated in order (``engine.ratings.rebuild_ratings``): by date (the
   last day, else the first, else the day it finished), those of one date in the order they
   finished, then by id;
4. every ``PlayerRating`` row is replaced in one short transaction. A rebuild whose
   inputs changed while it computed does not write: the change asked for a rebuild of its
   own, which reads it. Two rebuilds writing at once cannot mix: the last one wins whole.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime

from django.db import IntegrityError, transaction
from django.db.models import Count, Max
from django.utils import timezone

from engine import ratings as engine_ratings
from tournaments import ratings_refresh
from tournaments.models import (
    Championship,
    EntrantPlayer,
    FinalPlace,
    Player,
    PlayerMerge,
    PlayerRating,
)

logger = logging.getLogger(__name__)

#: Rows sent to the database at a time.
BATCH = 2000


def request_rebuild() -> None:
    """Ask for the ratings to be rebuilt after the current transaction commits."""
    ratings_refresh.request()


@dataclass(frozen=True)
class Rated:
    """A finished championship as the rebuild orders it: its id and when it counts."""

    championship_id: int
    day: date
    finished_at: datetime | None


def championship_order() -> list[int]:
    """The finished championships' ids in rating order (rules.md 13.3): by date (its last
    day, else its first, else the day it finished), then by when it finished, then by id.
    One query."""
    rows = Championship.objects.filter(status=Championship.Status.FINISHED).values_list(
        "pk", "ends_on", "starts_on", "finished_at")
    rated = []
    for pk, ends_on, starts_on, finished_at in rows:
        day = ends_on or starts_on or (timezone.localdate(finished_at) if finished_at
                                       else date.min)
        rated.append(Rated(pk, day, finished_at))
    never = timezone.make_aware(datetime(1970, 1, 1))
    rated.sort(key=lambda r: (r.day, r.finished_at or never, r.championship_id))
    return [r.championship_id for r in rated]


def kept_player() -> Callable[[int], int]:
    """Each player's key in the ratings: the player kept for a merged one (following a
    chain of merges), else the player. One query."""
    merged = dict(Player.objects.exclude(merged_into=None).values_list("pk", "merged_into"))

    def kept(pk: int) -> int:
        seen = set()
        while pk in merged and pk not in seen:
            seen.add(pk)
            pk = merged[pk]
        return pk

    return kept


def read_matches(order: list[int]) -> list[engine_ratings.RankedMatch]:
    """Each championship of ``order`` as a ranked match of its entrants' kept players, in
    that order. Two queries. An entrant with no player in the register is left out, and a
    player met again in one championship (two entries merged since) counts once, for the
    higher place: the places are counted again over the entrants left (1, 2, 2, 4)."""
    wanted = set(order)
    finished = Championship.Status.FINISHED
    places: dict[int, list[tuple[int, int]]] = {pk: [] for pk in order}
    for championship_id, team_id, place in (
            FinalPlace.objects.filter(championship__status=finished)
            .order_by("championship_id", "place", "team_id")
            .values_list("championship_id", "team_id", "place")):
        if championship_id in wanted:
            places[championship_id].append((team_id, place))
    players: dict[int, list[int]] = {}
    kept = kept_player()
    for team_id, player_id in (
            EntrantPlayer.objects.filter(team__championship__status=finished)
            .order_by("team_id", "position").values_list("team_id", "player_id")):
        players.setdefault(team_id, []).append(kept(player_id))
    return [_match(pk, places[pk], players) for pk in order]


def _match(championship_id: int, places: list[tuple[int, int]],
           players: dict[int, list[int]]) -> engine_ratings.RankedMatch:
    seen: set[int] = set()
    kept: list[tuple[tuple[int, ...], int]] = []
    for team_id, place in places:
        entrant = []
        for player in players.get(team_id, ()):
            if player not in seen:
                seen.add(player)
                entrant.append(player)
        if entrant:
            kept.append((tuple(entrant), place))
    # Standard competition ranking again: one more than the entrants kept above.
    entrants, counted = [], []
    for index, (entrant, place) in enumerate(kept):
        shared = index and kept[index - 1][1] == place
        counted.append(counted[-1] if shared else index + 1)
        entrants.append(entrant)
    return engine_ratings.RankedMatch(entrants, counted, key=championship_id)


def inputs_stamp() -> tuple:
    """What the ratings are made of, in a few figures that change whenever it does (rows
    added, removed or replaced, players merged or unmerged, championships finished)."""
    finished = Championship.Status.FINISHED
    return (
        tuple(FinalPlace.objects.aggregate(n=Count("pk"), last=Max("pk")).values()),
        tuple(EntrantPlayer.objects.filter(team__championship__status=finished)
              .aggregate(n=Count("pk"), last=Max("pk")).values()),
        tuple(PlayerMerge.objects.aggregate(n=Count("pk"), last=Max("pk"),
                                            undone=Count("undone_at")).values()),
        tuple(Championship.objects.filter(status=finished)
              .aggregate(n=Count("pk"), last=Max("finished_at")).values()),
    )


def rating_rows(order: list[int], history: engine_ratings.RatingHistory
                ) -> list[PlayerRating]:
    """One row per player and championship they played, ``sequence`` the championship's
    place in the order (1 the earliest)."""
    sequence = {pk: index for index, pk in enumerate(order, start=1)}
    return [PlayerRating(player_id=player, championship_id=step.key,
                         sequence=sequence[step.key], mu=step.rating.mu,
                         sigma=step.rating.sigma, shown=engine_ratings.shown_rating(step.rating))
            for player, steps in history.steps.items() for step in steps]


def before_write() -> None:
    """Called between the computation and the write (a seam for the tests that show the
    computation holds no lock)."""


def rebuild_ratings() -> int | None:
    """Rebuild every player's ratings from scratch (see the module doc); returns how many
    rows were written, or ``None`` when the inputs changed meanwhile and nothing was."""
    from tournaments.services.places import keep_missing_places

    keep_missing_places()
    stamp = inputs_stamp()
    order = championship_order()
    history = engine_ratings.rebuild_ratings(read_matches(order))
    rows = rating_rows(order, history)
    before_write()
    for attempt in (1, 2):
        try:
            return _write(rows, stamp)
        except IntegrityError:
            # A rebuild writing at the same moment, or a player removed meanwhile: once more,
            # after it committed (the inputs check then says whether ours still stands).
            if attempt == 2:
                raise
            logger.info("Writing the ratings collided with another write; trying again")
    return None


@transaction.atomic
def _write(rows: list[PlayerRating], stamp: tuple) -> int | None:
    if inputs_stamp() != stamp:
        return None  # the change that moved them asked for its own rebuild
    PlayerRating.objects.all().delete()
    PlayerRating.objects.bulk_create(rows, batch_size=BATCH)
    return len(rows)
