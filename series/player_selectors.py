"""A player's page (rules.md 13.4): every finished championship they played that the reader
may see, with place, partners and series points, and their rating history.

What the public sees is what published results already show: a championship counts when it
is finished and its results are public; a director also sees the finished championships
they direct. Series points are shown for the public series only. The ratings are computed
from every finished championship (``tournaments.services.ratings``), so the current rating
is the latest whatever it came from; the history lists the steps of the championships the
reader may see.

A page is read in a fixed number of queries, however many championships the player played.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db.models import Q
from django.http import Http404

from engine import series as rules
from formats import format_of
from series.models import SeriesChampionship
from series.points import points_table
from tournaments.models import Championship, EntrantPlayer, FinalPlace, Player, PlayerRating

#: How many merges a redirect follows (a merge of a merge...); more is a broken register.
MERGE_HOPS = 20


def shown_championships(user=None) -> Q:
    """The championships whose places a reader may see (a filter on ``Championship``):
    finished with public results; a director's own finished ones too."""
    visible = Q(results_public=True)
    if user is not None and user.is_authenticated:
        visible |= Q(pk__in=Championship.objects.filter(directors=user).values("pk"))
    return Q(status=Championship.Status.FINISHED) & visible


def kept_player(pk: int) -> tuple[Player, bool]:
    """The player ``pk``, or the player it was merged into (following merges), and whether
    it was merged away (the page then redirects). 404 for an unknown player."""
    player = Player.objects.filter(pk=pk).first()
    if player is None:
        raise Http404("No such player")
    merged = False
    for _hop in range(MERGE_HOPS):
        if player.merged_into_id is None:
            return player, merged
        merged = True
        player = Player.objects.get(pk=player.merged_into_id)
    raise Http404("No such player")


@dataclass(frozen=True, slots=True)
class Partner:
    id: int
    name: str


@dataclass(frozen=True, slots=True)
class SeriesPoints:
    """The points a championship gave the player in one public series."""

    series_id: int
    series_name: str
    points: Decimal


@dataclass(frozen=True, slots=True)
class PlayedChampionship:
    id: int
    name: str
    date: date | None
    format_label: str
    entrant: str
    place: int | None
    shared: bool
    entrants: int
    partners: tuple[Partner, ...]
    series: tuple[SeriesPoints, ...]
    rating: float | None

    @property
    def place_label(self) -> str:
        """The place as the standings show it ("3=" when shared); empty when unknown."""
        if self.place is None:
            return ""
        return f"{self.place}=" if self.shared else str(self.place)


@dataclass(frozen=True, slots=True)
class RatingStep:
    """The rating shown after one of the championships listed."""

    championship_id: int
    name: str
    date: date | None
    rating: float


@dataclass(frozen=True, slots=True)
class PlayerPage:
    player: Player
    championships: tuple[PlayedChampionship, ...]  # the latest first
    ratings: tuple[RatingStep, ...]  # in the order they were rated
    current_rating: float | None


def championship_date(championship: Championship) -> date | None:
    if championship.ends_on or championship.starts_on:
        return championship.ends_on or championship.starts_on
    return championship.finished_at.date() if championship.finished_at else None


def _placings(championship_ids: list[int]) -> dict[int, list[tuple[int, int]]]:
    """Each championship's final ranking as ``(team id, place)`` (one query)."""
    placings: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for championship_id, team_id, place in FinalPlace.objects.filter(
            championship_id__in=championship_ids).values_list(
            "championship_id", "team_id", "place"):
        placings[championship_id].append((team_id, place))
    return placings


def _series_points(championship_ids: list[int], placings, team_of: dict[int, int]
                   ) -> dict[int, tuple[SeriesPoints, ...]]:
    """The points each championship gave the player's entrant in each public series that
    holds it (one query): the series' table over the championship's final places, shared
    places sharing their points (``engine.series.championship_points``)."""
    found: dict[int, list[SeriesPoints]] = defaultdict(list)
    entries = (SeriesChampionship.objects.filter(championship_id__in=championship_ids,
                                                 series__results_public=True)
               .select_related("series").order_by("series__name", "series_id"))
    for entry in entries:
        ranking = placings.get(entry.championship_id)
        if not ranking:
            continue
        try:
            results = rules.championship_points(
                [((team_id,), place) for team_id, place in ranking],
                points_table(entry.series))
        except rules.SeriesError:
            continue  # an incomplete ranking gives no points (the series says why)
        result = results.get(team_of[entry.championship_id])
        if result is not None:
            found[entry.championship_id].append(
                SeriesPoints(entry.series_id, entry.series.name, result.points))
    return {key: tuple(value) for key, value in found.items()}


def player_page(player: Player, user=None) -> PlayerPage:
    """The page of ``player`` (one kept on the register) as ``user`` may see it; 404 when
    they played no championship the reader may see."""
    entries = list(EntrantPlayer.objects.filter(
        player=player, team__championship__in=Championship.objects.filter(
            shown_championships(user)))
        .select_related("team__championship", "team__final_place"))
    if not entries:
        raise Http404("No visible championship")
    team_of = {entry.team.championship_id: entry.team_id for entry in entries}
    championship_ids = list(team_of)
    partners: dict[int, list[Partner]] = defaultdict(list)
    for other in (EntrantPlayer.objects.filter(team_id__in=team_of.values())
                  .exclude(player=player).select_related("player").order_by("position")):
        partners[other.team_id].append(Partner(other.player_id, other.player.name))
    placings = _placings(championship_ids)
    points = _series_points(championship_ids, placings, team_of)
    ratings = list(PlayerRating.objects.filter(player=player).order_by("sequence")
                   .values_list("championship_id", "shown"))
    rating_after = dict(ratings)
    played = []
    for entry in entries:
        team, championship = entry.team, entry.team.championship
        final = getattr(team, "final_place", None)
        place = final.place if final is not None else None
        ranking = placings.get(championship.pk, [])
        shared = place is not None and sum(1 for _t, p in ranking if p == place) > 1
        played.append(PlayedChampionship(
            id=championship.pk, name=championship.name, date=championship_date(championship),
            format_label=str(format_of(championship).label), entrant=team.name,
            place=place, shared=shared, entrants=len(ranking),
            partners=tuple(partners.get(team.pk, ())), series=points.get(championship.pk, ()),
            rating=rating_after.get(championship.pk)))
    by_id = {item.id: item for item in played}
    steps = tuple(RatingStep(championship_id, by_id[championship_id].name,
                             by_id[championship_id].date, shown)
                  for championship_id, shown in ratings if championship_id in by_id)
    played.sort(key=lambda item: (item.date or date.min, item.id), reverse=True)
    return PlayerPage(player=player, championships=tuple(played), ratings=steps,
                      current_rating=ratings[-1][1] if ratings else None)
