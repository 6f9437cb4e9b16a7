"""Read queries of the register of players (rules.md 13.1): searching it, a player's
entrants, the likely duplicates, the merges, and the players a director is offered when
typing a name. Each page reads a fixed number of queries whatever the register holds."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Case, Count, IntegerField, Q, QuerySet, Value, When

from tournaments.models import EntrantPlayer, Player, PlayerMerge
from tournaments.names import search_key


def _with_counts(players: QuerySet[Player]) -> QuerySet[Player]:
    """Each player with ``championships``: how many championships name them."""
    return players.annotate(championships=Count("entries__team__championship", distinct=True))


def on_register() -> QuerySet[Player]:
    """The players on the register (not merged away)."""
    return Player.objects.filter(merged_into__isnull=True)


def search_players(query: str) -> QuerySet[Player]:
    """The register's players whose name holds ``query`` (case, accents and extra spaces
    ignored), those starting with it first; every player for an empty query."""
    players = on_register()
    key = search_key(query)[:120]
    if not key:
        return _with_counts(players).order_by("search_name", "club", "pk")
    starts = Case(When(search_name__startswith=key, then=Value(0)), default=Value(1),
                  output_field=IntegerField())
    return (_with_counts(players.filter(search_name__contains=key))
            .order_by(starts, "search_name", "club", "pk"))


def player_entries(player: Player) -> QuerySet[EntrantPlayer]:
    """Every entrant that names ``player``, with its championship, latest first."""
    return (EntrantPlayer.objects.filter(player=player)
            .select_related("team__championship")
            .order_by("-team__championship__starts_on", "-team__championship__created_at",
                      "team__number"))


def duplicate_keys() -> QuerySet:
    """The search keys more than one player on the register shares (likely duplicates:
    the same name once case, accents and extra spaces are ignored), in order."""
    return (on_register().values("search_name").annotate(players=Count("pk"))
            .filter(players__gt=1).order_by("search_name").values_list("search_name",
                                                                       flat=True))


def duplicate_groups(keys: Iterable[str]) -> list[list[Player]]:
    """The players of each search key in ``keys``, with their championship counts."""
    groups: dict[str, list[Player]] = {key: [] for key in keys}
    for player in _with_counts(on_register().filter(search_name__in=list(groups))).order_by(
            "search_name", "club", "pk"):
        groups[player.search_name].append(player)
    return [group for group in groups.values() if len(group) > 1]


def likely_duplicates_of(players: Iterable[Player]) -> list[Player]:
    """Those of ``players`` that share their search key with another player on the register."""
    players = list(players)
    keys = {player.search_name for player in players}
    shared = set(on_register().filter(search_name__in=keys).values("search_name")
                 .annotate(players=Count("pk")).filter(players__gt=1)
                 .values_list("search_name", flat=True))
    return [player for player in players if player.search_name in shared]


def merges() -> QuerySet[PlayerMerge]:
    """Every merge, latest first, with who made and undid it."""
    return PlayerMerge.objects.select_related("kept", "merged", "by_director", "undone_by")


def similar_players(typed: Iterable[tuple[int, str, str, str]]) -> dict[int, list[Player]]:
    """For each typed ``(position, name, club, licence)``, the register's players of the
    same search key (one query for all), with their championship counts."""
    keys = {position: search_key(name)[:120] for position, name, _club, _licence in typed}
    found: dict[str, list[Player]] = {key: [] for key in keys.values() if key}
    if found:
        for player in _with_counts(on_register().filter(search_name__in=list(found))).order_by(
                "search_name", "club", "pk"):
            found[player.search_name].append(player)
    return {position: found.get(key, []) for position, key in keys.items()}


def licence_holders(licences: Iterable[str]) -> set[str]:
    """Which of ``licences`` a player of the register holds."""
    wanted = {licence for licence in licences if licence}
    return set(Player.objects.filter(Q(licence__in=wanted)).values_list("licence", flat=True)
               ) if wanted else set()
