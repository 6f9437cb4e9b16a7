"""Registering a player of an individual championship (rules.md 10): a name, a club and an
optional licence number. The player is the championship's entrant row (``Team``) with one
name, so the pairs' checks of names and numbers apply (``tournaments.services.teams``)."""

from __future__ import annotations

import re

from django.db import transaction
from django.utils.translation import gettext as _

from formats.abarrotada.models import PlayerDetails
from tournaments.models import Championship, Team
from tournaments.names import team_name_key
from tournaments.services import register
from tournaments.services.common import ServiceError, lock_championship
from tournaments.services.teams import (
    check_can_add_teams,
    clean_team_values,
    next_team_number,
    team_problems,
)

LICENCE = re.compile(r"^[A-Za-z0-9./ -]{0,20}$")


def player_problems(championship: Championship, values: dict, number: int | None,
                    exclude_pk: int | None = None) -> tuple[dict, list[tuple[str, str]]]:
    """The values as stored and their problems as (field, message) pairs: the pairs' rules
    for a name and a number, and the licence's own."""
    name = values.get("name", "")
    cleaned, problems = clean_team_values({"name": name, "club": values.get("club", ""),
                                            "player1": name, "player2": "-"})
    cleaned["player2"] = ""
    problems = [(f, m) for f, m in problems if f in ("name", "club")]
    found = team_problems(championship, {**cleaned, "player2": "-"}, number, exclude_pk)
    for field, message in found:
        if field == "name" and message != _("This field is required."):
            continue  # said below, of a player
        if field in ("name", "club", "number"):
            problems.append((field, message))
    if cleaned["name"]:
        key = team_name_key(cleaned["name"])
        others = championship.teams.exclude(pk=exclude_pk) if exclude_pk else championship.teams
        clash = next((t for t in others.only("pk", "number", "name", "championship")
                      if team_name_key(t.name) == key), None)
        if clash:
            problems.append(("name", _("Player %(number)s already has this name.")
                             % {"number": clash.number}))
    licence = " ".join(str(values.get("licence", "") or "").split())
    if not LICENCE.match(licence):
        problems.append(("licence", _("Licence number: at most 20 letters, digits, dots, "
                                      "slashes, dashes or spaces.")))
    cleaned["licence"] = licence
    return cleaned, problems


@transaction.atomic
def add_player(championship: Championship, *, name: str, club: str = "", licence: str = "",
               number: int | None = None, chosen: dict[int, int | None] | None = None) -> Team:
    """Register a player; without ``number`` it takes the next free one. ``chosen`` is the
    director's pick of register player (position 1; ``register.link_entrants``)."""
    championship = lock_championship(championship)
    check_can_add_teams(championship)
    cleaned, problems = player_problems(
        championship, {"name": name, "club": club, "licence": licence}, number)
    if problems:
        field, message = problems[0]
        raise ServiceError(message, field=field)
    licence = cleaned.pop("licence")
    if number is None:
        number = next_team_number(championship)
    player = Team.objects.create(championship=championship, number=number, **cleaned)
    if licence:
        PlayerDetails.objects.create(player=player, licence=licence)
    register.link_entrants([player], {player.pk: licence}, chosen=_by_entrant(player, chosen))
    return player


@transaction.atomic
def update_player(player: Team, *, name: str, club: str = "", licence: str = "",
                  number: int | None = None, chosen: dict[int, int | None] | None = None) -> Team:
    """Change a player's number, name, club or licence (``chosen`` as in :func:`add_player`)."""
    player = Team.objects.select_for_update().get(pk=player.pk)
    cleaned, problems = player_problems(
        player.championship, {"name": name, "club": club, "licence": licence},
        player.number if number is None else number, exclude_pk=player.pk)
    if problems:
        field, message = problems[0]
        raise ServiceError(message, field=field)
    licence = cleaned.pop("licence")
    details = PlayerDetails.objects.filter(player=player).first()
    keep = (register.unchanged_positions(player, cleaned)
            if (details.licence if details else "") == licence else set())
    player.number = player.number if number is None else number
    for field, value in cleaned.items():
        setattr(player, field, value)
    player.save()
    PlayerDetails.objects.update_or_create(player=player, defaults={"licence": licence})
    register.link_entrants([player], {player.pk: licence}, chosen=_by_entrant(player, chosen),
                           keep=keep)
    return player


def _by_entrant(player: Team, chosen: dict[int, int | None] | None) -> dict:
    return {(player.pk, position): player_id for position, player_id in (chosen or {}).items()}


#: The columns of a player list (CSV or XLSX), and those it must have.
PLAYER_COLUMNS = ("number", "name", "club", "licence")


@transaction.atomic
def import_players(championship: Championship, uploaded_file) -> list[Team]:
    """Add the players listed in a CSV or XLSX file (columns: number, name, club, licence;
    ``number`` may be left empty for the next free one). All or nothing: if any row is bad,
    nothing is saved and the :class:`ServiceError` lists every problem, row by row."""
    from django.utils.translation import ngettext

    from tournaments.importing import FileProblem, RowError, read_team_rows, read_upload

    championship = lock_championship(championship)
    check_can_add_teams(championship)
    try:
        rows = read_team_rows(getattr(uploaded_file, "name", "") or "",
                              read_upload(uploaded_file), known=PLAYER_COLUMNS,
                              required=("name",))
    except FileProblem as problem:
        raise ServiceError(problem.message, field="file") from None
    errors: list[RowError] = []
    parsed = []
    seen_numbers: dict[int, int] = {}
    seen_names: dict[str, int] = {}
    for row in rows:
        raw = row.values.get("number", "").strip()
        number = None
        if raw:
            try:
                number = int(raw)
            except ValueError:
                errors.append(RowError(row.row, "number", _("“%(value)s” is not a whole "
                                                            "number.") % {"value": raw}))
        cleaned, problems = player_problems(championship, row.values, number)
        errors += [RowError(row.row, field, message) for field, message in problems]
        if number is not None and number in seen_numbers:
            errors.append(RowError(row.row, "number", _("Number %(number)s is also on row "
                                                        "%(row)s.") % {"number": number,
                                                                        "row": seen_numbers[number]}))
        key = team_name_key(cleaned["name"])
        if cleaned["name"] and key in seen_names:
            errors.append(RowError(row.row, "name", _("The same name as row %(row)s.")
                                   % {"row": seen_names[key]}))
        if number is not None:
            seen_numbers.setdefault(number, row.row)
        seen_names.setdefault(key, row.row)
        parsed.append((number, cleaned))
    if not rows:
        raise ServiceError(_("The file lists no players."), field="file")
    if errors:
        raise ServiceError(ngettext("%(count)s row has a problem: nothing was imported.",
                                    "%(count)s rows have problems: nothing was imported.",
                                    len({e.row for e in errors}))
                           % {"count": len({e.row for e in errors})}, field="file",
                           errors=errors)
    players = []
    for number, cleaned in parsed:
        licence = cleaned.pop("licence")
        player = Team.objects.create(championship=championship,
                                     number=number or next_team_number(championship),
                                     **cleaned)
        if licence:
            PlayerDetails.objects.create(player=player, licence=licence)
        players.append((player, licence))
    register.link_entrants([player for player, _licence in players],
                           {player.pk: licence for player, licence in players})
    return [player for player, _licence in players]
