"""Reads of the series (rules.md 13.2): which series a director directs, and the series
ranking.

:func:`series_ranking` reads, in a fixed number of queries whatever the number of
championships and players, the final places the core kept (``FinalPlace``) of the series'
championships that count, with their players' ids (``EntrantPlayer``) and names (the
register), and hands them to the rules (``engine.series.series_ranking``) in series order:
the series order is also what "the most recent championship" means in the tie-break.

Which championships count:

- a finished one, ranked by its final places;
- with ``updates = rounds``, also a running one, ranked after its closed rounds: its format
  ranks it (``Format.final_places``; a format that cannot yet is left out until it
  finishes). That asks the format, a few queries of its own per running championship;
- on the public page only those whose results are public; the series' directors see all.

A championship whose places the rules refuse (a player named in two of its entrants, say)
is left out and listed in :attr:`SeriesRanking.problems` for the director, rather than
taking the whole ranking down.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, QuerySet
from django.http import Http404

from engine import series as rules
from formats import format_of
from series.models import Series, SeriesChampionship
from series.points import points_table
from tournaments.models import Championship, EntrantPlayer, FinalPlace, Player, Round

# --- Which series ---------------------------------------------------------------------------


def directed_series(user) -> QuerySet[Series]:
    """The series ``user`` directs (none for an anonymous user), newest first."""
    if not user.is_authenticated:
        return Series.objects.none()
    return Series.objects.filter(directors=user)


#: How many public series the home page lists.
HOME_SERIES = 10


def newest_public_series(limit: int = HOME_SERIES) -> list[Series]:
    """The newest ``limit`` series whose ranking is public, each with ``championship_count``
    (its championships, counted in the same query)."""
    return list(Series.objects.filter(results_public=True)
                .annotate(championship_count=Count("entries"))
                .order_by("-created_at", "-id")[:limit])


def series_for_director(user, pk: int) -> Series:
    """The series ``pk`` if ``user`` directs it; otherwise 404 (others cannot tell it
    exists)."""
    series = directed_series(user).filter(pk=pk).first()
    if series is None:
        raise Http404("No such series")
    return series


def is_series_director(user, series: Series) -> bool:
    return bool(user.is_authenticated and series.directors.filter(pk=user.pk).exists())


def series_for_reader(user, pk: int) -> tuple[Series, bool]:
    """The series ``pk`` and whether ``user`` directs it; 404 for anyone else until its
    ranking is public."""
    series = Series.objects.filter(pk=pk).first()
    if series is None:
        raise Http404("No such series")
    director = is_series_director(user, series)
    if not (director or series.results_public):
        raise Http404("No such series")
    return series, director


def public_series(pk: int) -> Series:
    """The series ``pk`` once its ranking is public; 404 before, for everyone (its public
    files, which count only public championships whoever asks)."""
    series = Series.objects.filter(pk=pk, results_public=True).first()
    if series is None:
        raise Http404("No such series")
    return series


def entries(series: Series) -> list[SeriesChampionship]:
    """The series' championships in series order."""
    return list(SeriesChampionship.objects.filter(series=series)
                .select_related("championship").order_by("position"))


#: What the ranking reads of each championship (its pages show no more).
RANKING_FIELDS = ("position", "championship__name", "championship__status",
                  "championship__results_public", "championship__format")


def addable_championships(user, series: Series) -> QuerySet[Championship]:
    """The championships ``user`` directs that are not in the series yet."""
    return (Championship.objects.filter(directors=user)
            .exclude(series_entries__series=series).order_by("-created_at", "-id"))


# --- The ranking ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Column:
    """One championship of the series: its place in the series (from 1), and how it
    counts: ``"finished"``, ``"rounds"`` (running, after its closed rounds), or not
    (``"waiting"``: not finished yet; ``"unpublished"``: results not public; ``"refused"``:
    places the rules refuse)."""

    position: int
    championship: Championship
    state: str

    @property
    def counts(self) -> bool:
        return self.state in ("finished", "rounds")


@dataclass(frozen=True, slots=True)
class Line:
    """A player's line: ``results`` has one item per counting column, the rules' result
    (``engine.series.SeriesResult``: points, place, shared, counted) or None (not
    played)."""

    place: int
    shared: bool
    player_id: int
    name: str
    club: str
    total: Decimal
    results: tuple[rules.SeriesResult | None, ...]
    place_counts: tuple[int, ...]

    @property
    def label(self) -> str:
        return f"{self.place}=" if self.shared else str(self.place)

    @property
    def played(self) -> int:
        return sum(1 for result in self.results if result is not None)


@dataclass(frozen=True, slots=True)
class SeriesRanking:
    series: Series
    columns: tuple[Column, ...]  # every championship of the series, in order
    lines: tuple[Line, ...]
    problems: tuple[str, ...]  # the rules' refusals, for the director (English)

    @property
    def counting(self) -> tuple[Column, ...]:
        return tuple(column for column in self.columns if column.counts)


def _state(series: Series, championship: Championship, director: bool) -> str:
    if not (director or championship.results_public):
        return "unpublished"
    if championship.status == Championship.Status.FINISHED:
        return "finished"
    if (series.updates == Series.Updates.ROUNDS
            and championship.status == Championship.Status.RUNNING):
        return "rounds"
    return "waiting"


def _running_places(championships: list[Championship]) -> dict[int, list[tuple[int, int]]]:
    """Each running championship's places after its closed rounds, as its format ranks
    them; one without a closed round, or whose format cannot rank it yet, is left out."""
    if not championships:
        return {}
    # Read whole: a format may ask any of its settings.
    championships = list(Championship.objects.filter(pk__in=[c.pk for c in championships])
                         .order_by("pk"))
    closed = set(Round.objects.filter(championship__in=championships,
                                      status=Round.Status.CLOSED)
                 .values_list("championship_id", flat=True).distinct())
    places = {}
    for championship in championships:
        if championship.pk not in closed:
            continue
        try:
            places[championship.pk] = list(format_of(championship).final_places(championship))
        except NotImplementedError:
            continue
    return places


def _final_places(finished: list[int], running: list[Championship]
                  ) -> dict[int, list[tuple[list, int]]]:
    """Each championship's ``(players, place)`` per entrant, as the rules take them: the
    finished ones' kept places, the running ones' as their formats rank them now.

    An entrant without a register player still holds its place: a stand-in (minus the
    entrant's id, never a player's) keeps the places of the others right, and is dropped
    from the ranking after (:func:`_lines`)."""
    places: dict[int, list[tuple[list, int]]] = {}
    if finished:
        # In the final places' order: an entrant's players (a row each) come together.
        rows = (FinalPlace.objects.filter(championship_id__in=finished)
                .order_by("championship_id", "place", "team_id")
                .values_list("championship_id", "team_id", "place",
                             "team__register_entries__player_id"))
        last_team = None
        players: list = []
        for championship_id, team_id, place, player_id in rows:
            if team_id != last_team:
                last_team, players = team_id, []
                places.setdefault(championship_id, []).append((players, place))
            players.append(-team_id if player_id is None else player_id)
    running_places = _running_places(running)
    if running_places:
        players_of: dict[int, list] = {}
        for championship_id, ranked in running_places.items():
            places[championship_id] = [(players_of.setdefault(team_id, []), place)
                                       for team_id, place in ranked]
        for team_id, player_id in (EntrantPlayer.objects.filter(team_id__in=players_of)
                                   .order_by("team_id", "position")
                                   .values_list("team_id", "player_id")):
            players_of[team_id].append(player_id)
        for team_id, players in players_of.items():
            if not players:
                players.append(-team_id)
    return places


_REFUSED_INDEX = re.compile(r"^championships\[(\d+)\]")


def series_ranking(series: Series, *, director: bool = False) -> SeriesRanking:
    """The series ranking as ``director`` (every championship) or the public (those whose
    results are public) sees it (module docstring)."""
    read = (SeriesChampionship.objects.filter(series=series).select_related("championship")
            .order_by("position").only(*RANKING_FIELDS))
    columns = [Column(entry.position, entry.championship,
                      _state(series, entry.championship, director)) for entry in read]
    places = _final_places([c.championship.pk for c in columns if c.state == "finished"],
                           [c.championship for c in columns if c.state == "rounds"])
    columns = [c if c.championship.pk in places or not c.counts
               else Column(c.position, c.championship, "waiting") for c in columns]
    counting = [c for c in columns if c.counts]
    finals = [places[c.championship.pk] for c in counting]
    problems = []
    table = points_table(series)
    while True:
        try:
            lines = rules.series_ranking(finals, table, series.best_of)
            break
        except rules.SeriesError as error:
            match = _REFUSED_INDEX.match(error.field)
            if match is None:
                raise
            index = int(match.group(1))
            refused = counting[index]
            problems.append(f"{refused.championship.name}: {error.message}")
            columns = [Column(c.position, c.championship, "refused") if c is refused else c
                       for c in columns]
            del counting[index]
            del finals[index]
    return SeriesRanking(series, tuple(columns), _lines(lines, len(counting)), tuple(problems))


def _lines(lines, columns: int) -> tuple[Line, ...]:
    """The rules' lines with the players' names; stand-ins dropped, and then the places
    counted again without them."""
    kept = [line for line in lines if line.player >= 0]
    names = {pk: (name, club) for pk, name, club in
             Player.objects.filter(pk__in=[line.player for line in kept])
             .values_list("pk", "name", "club")}
    places = [(line.place, line.shared) for line in kept]
    if len(kept) < len(lines):
        keys = [line.key for line in kept]
        places = []
        for index, key in enumerate(keys):
            place = places[-1][0] if index and keys[index - 1] == key else index + 1
            shared = ((index > 0 and keys[index - 1] == key)
                      or (index + 1 < len(keys) and keys[index + 1] == key))
            places.append((place, shared))
    out = []
    for line, (place, shared) in zip(kept, places, strict=True):
        results: list = [None] * columns
        for result in line.results:
            results[result.championship] = result
        name, club = names.get(line.player, ("", ""))
        out.append(Line(place, shared, line.player, name, club, line.total, tuple(results),
                        line.place_counts))
    return tuple(out)
