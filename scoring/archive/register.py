"""The register entries of a full backup (rules.md 13.1, ``docs/archive.md``): who each
entrant's players are, so that another installation links them to its own register.

- The export writes the register players the championship's entrants name
  (``register_players``: name, club, licence) and which one each entrant names in which
  position (``entrant_players``); ``validation`` reads and types the two lists as every
  list (a file written before them has neither: its entrants are linked by the names
  typed). :func:`check_register`: their own rules, each refusal naming its path.
- :func:`link_imported`: after the rows are in, each imported entrant's players linked
  through ``tournaments.services.register.link_entrants`` (a licence known here finds its
  player, whatever the name; else the exact name and club; else a new player), and what the
  director should review (:class:`RegisterSummary`).

The archive's register players are never inserted as rows: ids and merges are the
installation's own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from formats.registry import FORMATS
from scoring.archive.errors import ArchiveError, refuse
from scoring.archive.format import ENTRANT_PLAYERS, REGISTER_PLAYERS
from scoring.archive.validation import CheckedArchive
from tournaments.models import Player, Team
from tournaments.models.players import LICENCE_PATTERN
from tournaments.names import NameProblem, clean_name
from tournaments.services import register

_LICENCE = re.compile(LICENCE_PATTERN)


def check_register(checked: CheckedArchive) -> None:
    """Refuse register entries the project could not have written: a name as the forms
    check names (stored as they store it), a licence of other characters, a licence given
    to two players, a position the entrant does not name (a pair names 1 and 2, an
    individual entrant 1), a position named twice, or an individual entrant's licence that
    its format's row says otherwise."""
    players = checked.rows[REGISTER_PLAYERS.key]
    holder: dict[str, int] = {}
    for i, player in enumerate(players):
        path = f"{REGISTER_PLAYERS.key}[{i}]"
        for name, required in (("name", True), ("club", False)):
            try:
                player[name] = clean_name(player[name])
            except NameProblem as problem:
                refuse(f"{path}.{name}", problem.message)
            if required and not player[name]:
                raise ArchiveError(_("%(path)s: must not be empty.") % {"path": f"{path}.{name}"},
                                   path=f"{path}.{name}")
        player["licence"] = " ".join(player["licence"].split())
        licence = player["licence"]
        if not _LICENCE.match(licence):
            refuse(f"{path}.licence", _("Licence number: at most 20 letters, digits, dots, "
                                         "slashes, dashes or spaces."))
        if licence and licence in holder:
            refuse(f"{path}.licence",
                   _("licence %(licence)s is also %(table)s[%(other)s]'s: a licence names "
                     "one player.") % {"licence": licence, "table": REGISTER_PLAYERS.key,
                                       "other": holder[licence]})
        if licence:
            holder[licence] = i
    teams = {team["id"]: team for team in checked.rows["teams"]}
    by_id = {player["id"]: player for player in players}
    licences = _typed_licences(checked)
    seen: dict[tuple[int, int], int] = {}
    for i, entry in enumerate(checked.rows[ENTRANT_PLAYERS.key]):
        path = f"{ENTRANT_PLAYERS.key}[{i}]"
        team = teams[entry["team_id"]]
        named = dict(register.entrant_names(Team(player1=team["player1"],
                                                 player2=team["player2"])))
        if entry["position"] not in named:
            refuse(f"{path}.position",
                   _("entrant id %(team)s names no player %(position)s (its players: "
                     "%(names)s).") % {"team": entry["team_id"], "position": entry["position"],
                                       "names": ", ".join(named.values())})
        key = (entry["team_id"], entry["position"])
        if key in seen:
            refuse(f"{path}.position",
                   _("the same entrant and position as %(table)s[%(other)s].")
                   % {"table": ENTRANT_PLAYERS.key, "other": seen[key]})
        seen[key] = i
        typed = licences.get(entry["team_id"], "") if entry["position"] == 1 else ""
        player_licence = by_id[entry["player_id"]]["licence"]
        if typed and player_licence != typed:
            refuse(f"{path}.player",
                   _("the entrant's licence is %(typed)s, its register player's %(licence)s.")
                   % {"typed": typed, "licence": player_licence or "—"})


def _typed_licences(checked: CheckedArchive) -> dict[int, str]:
    """An individual entrant's licence as its format's rows keep it, by the archive's team
    id (``Format.archived_licences``); none for pairs."""
    fmt = FORMATS.get(checked.championship["format"])
    return fmt.archived_licences(checked) if fmt is not None else {}


@dataclass
class RegisterSummary:
    """What linking an imported championship's players to the register did, and what the
    director should review (rules.md 13.1: never a silent duplicate)."""

    #: Positions linked to a player already here, by licence or by exact name and club.
    by_licence: int = 0
    by_name: int = 0
    #: Players registered for the import.
    registered: int = 0
    #: Registered players with a likely duplicate here (the same name once case, accents
    #: and spaces are ignored; another spelling or club).
    likely_duplicates: list[Player] = field(default_factory=list)
    #: (the name in the archive, the player here) found by licence under another name.
    other_names: list[tuple[str, Player]] = field(default_factory=list)

    @property
    def to_review(self) -> bool:
        return bool(self.likely_duplicates or self.other_names)

    def counts(self) -> dict[str, int]:
        return {"linked_by_licence": self.by_licence, "linked_by_name": self.by_name,
                "registered": self.registered,
                "likely_duplicates": len(self.likely_duplicates),
                "licence_other_name": len(self.other_names)}


def link_imported(checked: CheckedArchive, team_ids: dict[int, int]) -> RegisterSummary:
    """Link the imported entrants' players (``team_ids``: archive id -> new id), by their
    register entries where the file has them, else by the names typed (an individual
    entrant's licence from its format's rows)."""
    players = {row["id"]: row for row in checked.rows[REGISTER_PLAYERS.key]}
    named = {
        (team_ids[entry["team_id"]], entry["position"]): register.Named(
            players[entry["player_id"]]["name"], players[entry["player_id"]]["club"],
            players[entry["player_id"]]["licence"])
        for entry in checked.rows[ENTRANT_PLAYERS.key]
    }
    licences = {team_ids[team_id]: licence
                for team_id, licence in _typed_licences(checked).items()}
    teams = Team.objects.filter(pk__in=team_ids.values()).order_by("pk")
    links = register.link_entrants(teams, licences, named=named)
    summary = RegisterSummary()
    registered: dict[int, Player] = {}
    for link in links:
        if link.how == register.BY_LICENCE:
            summary.by_licence += 1
            if link.player.name != link.name:
                summary.other_names.append((link.name, link.player))
        elif link.how == register.BY_NAME:
            summary.by_name += 1
        else:
            registered[link.player.pk] = link.player
    summary.registered = len(registered)
    summary.likely_duplicates = register.likely_duplicates(registered.values())
    return summary
