"""Finished championships with final places, series and ratings, for the player pages' tests
(built through the services where they exist, the derived rows directly)."""

from __future__ import annotations

import datetime
import itertools

from series.models import Series, SeriesChampionship
from tournaments import services
from tournaments.models import Championship, FinalPlace, Player, PlayerRating

_numbers = itertools.count(1)


def finished(director, pairs, places, *, public=True, name=None, day=None, club="Club") -> Championship:
    """A finished championship of ``pairs`` (``(player1, player2)`` each) placed ``places``
    (one per pair, 1, 2, 2, 4...), its results public or not."""
    number = next(_numbers)
    championship = services.create_championship(
        director, name=name or f"Open {number}",
        starts_on=day or datetime.date(2026, 1, 1) + datetime.timedelta(days=number))
    for first, second in pairs:
        services.add_team(championship, name=f"{first} & {second}", club=club,
                          player1=first, player2=second)
    Championship.objects.filter(pk=championship.pk).update(
        status=Championship.Status.FINISHED, results_public=public)
    FinalPlace.objects.bulk_create(
        FinalPlace(championship=championship, team=team, place=place)
        for team, place in zip(championship.teams.order_by("number"), places, strict=True))
    championship.refresh_from_db()
    return championship


def in_series(name, *championships, public=True, **settings) -> Series:
    series = Series.objects.create(name=name, results_public=public, **settings)
    for position, championship in enumerate(championships, start=1):
        SeriesChampionship.objects.create(series=series, championship=championship,
                                          position=position)
    return series


def rated(player: Player, *steps) -> None:
    """Ratings of ``player``: ``(championship, sequence, shown)`` each."""
    for championship, sequence, shown in steps:
        PlayerRating.objects.create(player=player, championship=championship,
                                    sequence=sequence, mu=shown + 10, sigma=10 / 3,
                                    shown=shown)


def player(name: str, club: str = "Club") -> Player:
    return Player.objects.get(name=name, club=club)
