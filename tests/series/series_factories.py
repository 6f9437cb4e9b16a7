"""Factories of the series tests: finished championships whose final places are written
directly (``FinalPlace``), as the core keeps them when a championship finishes."""

from __future__ import annotations

import itertools

from formats.abarrotada.services import add_player
from series import services as series_services
from series.models import Series, SeriesChampionship
from tournaments import services
from tournaments.models import Championship, FinalPlace, Player

_names = itertools.count(1)
CLUB = "Casal"


def finished(director, entrants, places=None, *, public=True, name=None) -> Championship:
    """A finished championship of ``entrants`` (each a pair's two player names; or, all of
    them, one name each: an individual championship) placed ``places`` (default 1, 2, 3...)."""
    individual = all(isinstance(players, str) for players in entrants)
    settings = {"format": "abarrotada", "rounds_planned": 2} if individual else {}
    championship = services.create_championship(
        director, name=name or f"Championship {next(_names)}", results_public=public,
        **settings)
    teams = []
    for number, players in enumerate(entrants, start=1):
        if individual:
            teams.append(add_player(championship, name=players, club=CLUB))
        else:
            teams.append(services.add_team(championship, name=f"Entrant {number}", club=CLUB,
                                           player1=players[0], player2=players[1]))
    Championship.objects.filter(pk=championship.pk).update(
        status=Championship.Status.FINISHED)
    championship.refresh_from_db()
    places = places or list(range(1, len(teams) + 1))
    FinalPlace.objects.bulk_create(FinalPlace(championship=championship, team=team, place=place)
                                   for team, place in zip(teams, places, strict=True))
    return championship


def series_of(director, championships, **settings) -> Series:
    settings.setdefault("name", f"Series {next(_names)}")
    series = series_services.create_series(director, **settings)
    for championship in championships:
        series_services.add_championship(series, championship, by=director)
    return series


def player(name: str) -> Player:
    return Player.objects.get(name=name, club=CLUB)


def positions(series: Series) -> list[tuple[int, int]]:
    return list(SeriesChampionship.objects.filter(series=series).order_by("position")
                .values_list("championship_id", "position"))


def draft(director) -> Championship:
    return services.create_championship(director, name=f"Championship {next(_names)}")
