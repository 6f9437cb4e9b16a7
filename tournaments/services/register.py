"""The register of players (rules.md 13.1): every entrant names its players from it.

An entrant's players are linked when it is registered, imported or changed
(:func:`link_entrants`): a licence number finds its player first; otherwise the player of
exactly that name and club; otherwise a new player is registered. So registering
"Maria Costa, Club X" twice names one player, never two. Names that differ in spelling or
club stay apart until the director picks the player (``chosen``) or merges them
(``tournaments.services.merges``).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import EntrantPlayer, Player, Team
from tournaments.models.players import LICENCE_PATTERN
from tournaments.names import NameProblem, clean_name, search_key
from tournaments.services.common import ServiceError


def entrant_names(team: Team) -> list[tuple[int, str]]:
    """The entrant's players as typed, by position: a pair's two, an individual's one."""
    return [(position, name) for position, name in ((1, team.player1), (2, team.player2))
            if name]


def position_field(position: int) -> str:
    """The form field a position's player is typed in (a pair's; an individual's is its
    ``name``, whose form has no such field, so the message shows above the form)."""
    return f"player{position}"


def unchanged_positions(team: Team, values: Mapping[str, str]) -> set[tuple[int, int]]:
    """The positions of ``team`` (as it was before an edit) whose typed name and club
    ``values`` keep: their links stay whatever the register holds (rules.md 13.1)."""
    if values.get("club", team.club) != team.club:
        return set()
    return {(team.pk, position) for position, name in entrant_names(team)
            if values.get(f"player{position}", name) == name}


def _chosen_players(chosen: Mapping[tuple[int, int], int | None]) -> dict[int, Player]:
    """The players ``chosen`` names, checked: each must exist and be on the register."""
    ids = {player_id for player_id in chosen.values() if player_id is not None}
    players = {player.pk: player for player in Player.objects.filter(pk__in=ids)}
    for (_team, position), player_id in sorted(chosen.items()):
        if player_id is None:
            continue
        player = players.get(player_id)
        if player is None:
            raise ServiceError(_("No player %(id)s in the register.") % {"id": player_id},
                               field=position_field(position))
        if player.merged_into_id is not None:
            raise ServiceError(_("%(player)s was merged into another player; choose that "
                                 "player instead.") % {"player": player},
                               field=position_field(position))
    return players


def link_entrants(teams: Iterable[Team], licences: Mapping[int, str] | None = None, *,
                  chosen: Mapping[tuple[int, int], int | None] | None = None,
                  keep: Collection[tuple[int, int]] = ()) -> None:
    """Link each entrant's players to the register (see the module doc).

    ``licences`` gives an individual entrant's licence number by team id. ``chosen`` is the
    director's pick by ``(team id, position)``: a register player's id, or ``None`` for a new
    player; a missing or merged-away player is refused (``ServiceError`` naming the
    position's field) before anything is written. ``keep`` lists the positions whose typed
    name and club an edit did not change: their links stay (a director's pick survives an
    edit of something else). Any other position whose linked player still has the name and
    club typed keeps its link too; the rest are linked again.
    """
    teams = list(teams)
    chosen = dict(chosen or {})
    chosen_players = _chosen_players(chosen)
    licences = {team_id: licence for team_id, licence in (licences or {}).items() if licence}
    keep = set(keep)
    linked = {(entry.team_id, entry.position): entry
              for entry in EntrantPlayer.objects.filter(team__in=teams).select_related("player")}
    wanted = []
    for team in teams:
        for position, name in entrant_names(team):
            entry = linked.pop((team.pk, position), None)
            player = entry.player if entry else None
            licence = licences.get(team.pk, "") if position == 1 else ""
            picked = (team.pk, position) in chosen
            if player is not None and not picked and (
                    (team.pk, position) in keep
                    or (player.name == name and player.club == team.club
                        and (not licence or player.licence == licence))):
                continue
            if entry is not None:
                if picked and entry.player_id == chosen[(team.pk, position)]:
                    continue
                entry.delete()
            wanted.append((team, position, name, licence))
    # Positions no longer named (a pair's second player removed).
    for entry in linked.values():
        entry.delete()
    if not wanted:
        return
    by_licence = {player.licence: player for player in Player.objects.filter(
        licence__in={item[3] for item in wanted if item[3]})}
    by_name: dict[tuple[str, str], Player] = {}
    for player in (Player.objects.filter(name__in={item[2] for item in wanted},
                                         merged_into__isnull=True).order_by("id")):
        by_name.setdefault((player.name, player.club), player)
    links = []
    for team, position, name, licence in wanted:
        key = (team.pk, position)
        if key in chosen:
            player = _picked(chosen[key], chosen_players, name, team.club, licence,
                             by_licence, position)
        else:
            player = by_licence.get(licence) if licence else None
            if player is None and not licence:
                player = by_name.get((name, team.club))
            if player is None:
                player = _new_player(name, team.club, licence)
                if licence:
                    by_licence[licence] = player
                else:
                    by_name[(name, team.club)] = player
        links.append(EntrantPlayer(team=team, player=player, position=position))
    EntrantPlayer.objects.bulk_create(links)


def _new_player(name: str, club: str, licence: str) -> Player:
    return Player.objects.create(name=name, club=club, licence=licence,
                                 search_name=search_key(name)[:120])


def _picked(player_id, chosen_players, name, club, licence, by_licence, position) -> Player:
    """The player the director picked (``None``: a new one). A licence typed goes to the
    picked player when no other player holds it and the picked one has none."""
    holder = by_licence.get(licence) if licence else None
    if player_id is None:
        if holder is not None:
            raise ServiceError(_("Licence number %(licence)s is already %(player)s's.")
                               % {"licence": licence, "player": holder}, field="licence")
        player = _new_player(name, club, licence)
        if licence:
            by_licence[licence] = player
        return player
    player = chosen_players[player_id]
    if licence and holder is None and not player.licence:
        player.licence = licence
        player.save(update_fields=["licence"])
        by_licence[licence] = player
    return player


@transaction.atomic
def edit_player(player: Player, *, name: str, club: str = "", licence: str = "") -> Player:
    """Correct a register player's name, club or licence number. The entrants keep the names
    as typed (their printouts); the register's name is the one shown across championships.
    Refused, naming the field, with nothing written: an empty or unreadable name, a licence
    not of the pattern or another player's, a player merged away (edit the player kept)."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.merged_into_id is not None:
        raise ServiceError(_("This player was merged into another; edit the player kept."))
    values = {}
    for field, value in (("name", name), ("club", club)):
        try:
            values[field] = clean_name(value)
        except NameProblem as problem:
            raise ServiceError(problem.message, field=field) from None
        limit = Player._meta.get_field(field).max_length
        if len(values[field]) > limit:
            raise ServiceError(_("At most %(count)s characters.") % {"count": limit},
                               field=field)
    if not values["name"]:
        raise ServiceError(_("This field is required."), field="name")
    licence = " ".join(str(licence or "").split())
    if not re.match(LICENCE_PATTERN, licence):
        raise ServiceError(_("Licence number: at most 20 letters, digits, dots, slashes, "
                             "dashes or spaces."), field="licence")
    holder = (Player.objects.filter(licence=licence).exclude(pk=player.pk).first()
              if licence else None)
    if holder is not None:
        raise ServiceError(_("Licence number %(licence)s is already %(player)s's.")
                           % {"licence": licence, "player": holder}, field="licence")
    player.name, player.club, player.licence = values["name"], values["club"], licence
    player.search_name = search_key(player.name)[:120]
    player.save(update_fields=["name", "club", "licence", "search_name"])
    return player
