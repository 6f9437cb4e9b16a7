"""The register of players (rules.md 13.1): every entrant names its players from it.

An entrant's players are linked when it is registered, imported or changed
(:func:`link_entrants`): a licence number finds its player first; otherwise the player of
exactly that name and club; otherwise a new player is registered. So registering
"Maria Costa, Club X" twice names one player, never two. Names that differ in spelling or
club stay apart until the director merges them.

A championship imported from another installation names its players as that installation's
register knew them (``Named``: the archive's register entries, ``docs/archive.md``); the
same policy links them here, and what the director should look at is returned
(:class:`Link`, :func:`likely_duplicates`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

from tournaments.models import EntrantPlayer, Player, Team
from tournaments.names import search_key

#: How a position was linked: to the player of its licence, of its exact name and club, or
#: to a player registered for it.
BY_LICENCE, BY_NAME, REGISTERED = "licence", "name", "registered"


class Named(NamedTuple):
    """Who a position names, when not (only) the names typed on the entrant: an imported
    championship's register entry (the player's name, club and licence there)."""

    name: str
    club: str
    licence: str = ""


class Link(NamedTuple):
    """A position (re)linked by :func:`link_entrants`: the player and how it was found;
    ``name`` is the name looked for (a licence's player may be registered under another)."""

    team: Team
    position: int
    player: Player
    how: str
    name: str


def entrant_names(team: Team) -> list[tuple[int, str]]:
    """The entrant's players as typed, by position: a pair's two, an individual's one."""
    return [(position, name) for position, name in ((1, team.player1), (2, team.player2))
            if name]


def link_entrants(teams: Iterable[Team], licences: Mapping[int, str] | None = None, *,
                  named: Mapping[tuple[int, int], Named] | None = None) -> list[Link]:
    """Link each entrant's players to the register (see the module doc); returns the
    positions (re)linked, each with how its player was found.

    ``licences`` gives an individual entrant's licence number by team id. ``named`` gives,
    by (team id, position), the player as another register knew them (an import): that
    name, club and licence are looked for instead of the names typed. A position whose
    linked player still has the name and club typed keeps its link (a director's choice of
    player survives an edit of something else); the others are linked again (:func:`_find`).
    """
    teams = list(teams)
    licences = {team_id: licence for team_id, licence in (licences or {}).items() if licence}
    named = named or {}
    linked = {(entry.team_id, entry.position): entry
              for entry in EntrantPlayer.objects.filter(team__in=teams).select_related("player")}
    wanted = []
    for team in teams:
        for position, name in entrant_names(team):
            entry = linked.pop((team.pk, position), None)
            player = entry.player if entry else None
            licence = licences.get(team.pk, "") if position == 1 else ""
            club = team.club
            if (team.pk, position) in named:
                name, club, licence = named[(team.pk, position)]
            if (player is not None and player.name == name and player.club == club
                    and (not licence or player.licence == licence)):
                continue
            if entry is not None:
                entry.delete()
            wanted.append((team, position, name, licence, club))
    # Positions no longer named (a pair's second player removed).
    for entry in linked.values():
        entry.delete()
    if not wanted:
        return []
    by_licence = _by_licence({item[3] for item in wanted if item[3]})
    by_name: dict[tuple[str, str], Player] = {}
    for player in (Player.objects.filter(name__in={item[2] for item in wanted},
                                         merged_into__isnull=True).order_by("id")):
        by_name.setdefault((player.name, player.club), player)
    links, done = [], []
    for team, position, name, licence, club in wanted:
        player, how = _find(name, club, licence, by_licence, by_name)
        links.append(EntrantPlayer(team=team, player=player, position=position))
        done.append(Link(team, position, player, how, name))
    EntrantPlayer.objects.bulk_create(links)
    return done


def _find(name: str, club: str, licence: str, by_licence: dict[str, Player],
          by_name: dict[tuple[str, str], Player]) -> tuple[Player, str]:
    """The player a position names, and how it was found: a licence finds the player of
    that licence (the player kept, if it was merged), whatever the name; a licence no player
    has yet falls back to the exact name and club, whose player takes the licence if they
    had none (a player of another licence is someone else); else a new player is
    registered, with the licence. ``by_licence`` and ``by_name`` learn what is decided."""
    player = by_licence.get(licence) if licence else None
    if player is not None:
        return player, BY_LICENCE
    player = by_name.get((name, club))
    if player is not None and licence:
        if player.licence:
            player = None
        else:
            player.licence = licence
            player.save(update_fields=["licence"])
            by_licence[licence] = player
    if player is not None:
        return player, BY_NAME
    player = Player.objects.create(name=name, club=club, licence=licence,
                                   search_name=search_key(name))
    if licence:
        by_licence[licence] = player
    by_name.setdefault((name, club), player)
    return player, REGISTERED


def _by_licence(licences: set[str]) -> dict[str, Player]:
    """The players of these licences; a merged duplicate's licence names the player kept."""
    found = {player.licence: player for player in Player.objects.filter(licence__in=licences)}
    merged = {p.merged_into_id for p in found.values() if p.merged_into_id is not None}
    if merged:
        kept = _kept_players(merged)
        found = {licence: kept.get(player.merged_into_id, player) if player.merged_into_id
                 else player for licence, player in found.items()}
    return found


def _kept_players(ids: set[int]) -> dict[int, Player]:
    """Each merged player's id -> the player at the end of its chain of merges."""
    players = {p.pk: p for p in Player.objects.filter(pk__in=ids)}
    while pending := {p.merged_into_id for p in players.values()
                      if p.merged_into_id is not None and p.merged_into_id not in players}:
        players.update({p.pk: p for p in Player.objects.filter(pk__in=pending)})

    def end(player: Player) -> Player:
        seen = set()
        while player.merged_into_id is not None and player.pk not in seen:
            seen.add(player.pk)
            player = players[player.merged_into_id]
        return player

    return {pk: end(player) for pk, player in players.items()}


def likely_duplicates(players: Iterable[Player]) -> list[Player]:
    """Those of ``players`` that another player of the register (not merged away) may be:
    the same name once case, accents and spaces are ignored (``search_key``), another
    spelling or club (rules.md 13.1: shown to the director, never merged silently)."""
    players = list(players)
    keys = {player.search_name for player in players}
    counts: dict[str, int] = {}
    for key in Player.objects.filter(search_name__in=keys, merged_into__isnull=True
                                     ).values_list("search_name", flat=True):
        counts[key] = counts.get(key, 0) + 1
    return [player for player in players if counts.get(player.search_name, 0) > 1]
