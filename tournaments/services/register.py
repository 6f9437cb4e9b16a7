"""The register of players (rules.md 13.1): every entrant names its players from it.

An entrant's players are linked when it is registered, imported or changed
(:func:`link_entrants`): a licence number finds its player first; otherwise the player of
exactly that name and club; otherwise a new player is registered. So registering
"Maria Costa, Club X" twice names one player, never two. Names that differ in spelling or
club stay apart until the director merges them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tournaments.models import EntrantPlayer, Player, Team
from tournaments.names import search_key


def entrant_names(team: Team) -> list[tuple[int, str]]:
    """The entrant's players as typed, by position: a pair's two, an individual's one."""
    return [(position, name) for position, name in ((1, team.player1), (2, team.player2))
            if name]


def link_entrants(teams: Iterable[Team], licences: Mapping[int, str] | None = None) -> None:
    """Link each entrant's players to the register (see the module doc).

    ``licences`` gives an individual entrant's licence number by team id. A position whose
    linked player still has the name and club typed keeps its link (a director's choice of
    player survives an edit of something else); the others are linked again.
    """
    teams = list(teams)
    licences = {team_id: licence for team_id, licence in (licences or {}).items() if licence}
    linked = {(entry.team_id, entry.position): entry
              for entry in EntrantPlayer.objects.filter(team__in=teams).select_related("player")}
    wanted = []
    for team in teams:
        for position, name in entrant_names(team):
            entry = linked.pop((team.pk, position), None)
            player = entry.player if entry else None
            licence = licences.get(team.pk, "") if position == 1 else ""
            if (player is not None and player.name == name and player.club == team.club
                    and (not licence or player.licence == licence)):
                continue
            if entry is not None:
                entry.delete()
            wanted.append((team, position, name, licence))
    # Positions no longer named (a pair's second player removed).
    for entry in linked.values():
        entry.delete()
    if not wanted:
        return
    by_licence = {player.licence: player for player in Player.objects.filter(
        licence__in={licence for *_, licence in wanted if licence})}
    by_name: dict[tuple[str, str], Player] = {}
    for player in (Player.objects.filter(name__in={name for _, _, name, _ in wanted},
                                         merged_into__isnull=True).order_by("id")):
        by_name.setdefault((player.name, player.club), player)
    links = []
    for team, position, name, licence in wanted:
        player = by_licence.get(licence) if licence else None
        if player is None and not licence:
            player = by_name.get((name, team.club))
        if player is None:
            player = Player.objects.create(name=name, club=team.club, licence=licence,
                                           search_name=search_key(name))
            if licence:
                by_licence[licence] = player
            else:
                by_name[(name, team.club)] = player
        links.append(EntrantPlayer(team=team, player=player, position=position))
    EntrantPlayer.objects.bulk_create(links)
