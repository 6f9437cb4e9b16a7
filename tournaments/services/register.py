"""The register of players (rules.md 13.1): every entrant names its players from it.

An entrant's players are linked when it is registered, imported or changed
(:func:`link_entrants`): a licence number finds its player first; otherwise the player of
exactly that name and club; otherwise a new player is registered. So registering
"Maria Costa, Club X" twice names one player, never two. Names that differ in spelling or
club stay apart until the director picks the player (``chosen``) or merges them
(``tournaments.services.merges``).

A championship imported from another installation names its players as that installation's
register knew them (``Named``: the archive's register entries, ``docs/archive.md``); the
same policy links them here, and what the director should look at is returned
(:class:`Link`, :func:`likely_duplicates`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from typing import NamedTuple

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import EntrantPlayer, Player, Team
from tournaments.models.players import LICENCE_PATTERN
from tournaments.names import NameProblem, clean_name, search_key
from tournaments.services.common import ServiceError

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
    if not ids:  # nothing picked (most registrations): no query to build
        return {}
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
                  keep: Collection[tuple[int, int]] = (),
                  named: Mapping[tuple[int, int], Named] | None = None) -> list[Link]:
    """Link each entrant's players to the register (see the module doc); returns the
    positions (re)linked, each with how its player was found.

    ``licences`` gives an individual entrant's licence number by team id. ``chosen`` is the
    director's pick by ``(team id, position)``: a register player's id, or ``None`` for a new
    player; a missing or merged-away player is refused (``ServiceError`` naming the
    position's field) before anything is written. ``keep`` lists the positions whose typed
    name and club an edit did not change: their links stay (a director's pick survives an
    edit of something else). ``named`` gives, by (team id, position), the player as another
    register knew them (an import): that name, club and licence are looked for instead of
    the names typed. Any other position whose linked player still has the name and club
    looked for keeps its link too; the rest are linked again (:func:`_find`).
    """
    teams = list(teams)
    chosen = dict(chosen or {})
    chosen_players = _chosen_players(chosen)
    licences = {team_id: licence for team_id, licence in (licences or {}).items() if licence}
    keep = set(keep)
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
            picked = (team.pk, position) in chosen
            if player is not None and not picked and (
                    (team.pk, position) in keep
                    or (player.name == name and player.club == club
                        and (not licence or player.licence == licence))):
                continue
            if entry is not None:
                if picked and entry.player_id == chosen[(team.pk, position)]:
                    continue
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
        key = (team.pk, position)
        if key in chosen:
            player = _picked(chosen[key], chosen_players, name, club, licence,
                             by_licence, position)
            how = BY_LICENCE if licence and player.licence == licence else BY_NAME
        else:
            player, how = _find(name, club, licence, by_licence, by_name)
        links.append(EntrantPlayer(team=team, player=player, position=position))
        done.append(Link(team, position, player, how, name))
    EntrantPlayer.objects.bulk_create(links)
    return done


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
    player = _new_player(name, club, licence)
    if licence:
        by_licence[licence] = player
    by_name.setdefault((name, club), player)
    return player, REGISTERED


def _by_licence(licences: set[str]) -> dict[str, Player]:
    """The players of these licences; a merged duplicate's licence names the player kept."""
    if not licences:  # a pair's players have none: no query to build
        return {}
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
