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
from tournaments.services.common import ServiceError, _lock
from tournaments.services.teams import (
    _check_can_add_teams,
    _clean_team_values,
    _next_team_number,
    _team_problems,
)

LICENCE = re.compile(r"^[A-Za-z0-9./ -]{0,20}$")


def player_problems(championship: Championship, values: dict, number: int | None,
                    exclude_pk: int | None = None) -> tuple[dict, list[tuple[str, str]]]:
    """The values as stored and their problems as (field, message) pairs: the pairs' rules
    for a name and a number, and the licence's own."""
    name = values.get("name", "")
    cleaned, problems = _clean_team_values({"name": name, "club": values.get("club", ""),
                                            "player1": name, "player2": "-"})
    cleaned["player2"] = ""
    problems = [(f, m) for f, m in problems if f in ("name", "club")]
    found = _team_problems(championship, {**cleaned, "player2": "-"}, number, exclude_pk)
    for field, message in found:
        if field == "name" and message != _("This field is required."):
            continue  # said below, of a player
        if field in ("name", "club", "number"):
            problems.append((field, message))
    if cleaned["name"]:
        key = team_name_key(cleaned["name"])
        others = championship.teams.exclude(pk=exclude_pk) if exclude_pk else championship.teams
        clash = next((t for t in others.only("pk", "number", "name")
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
               number: int | None = None) -> Team:
    """Register a player; without ``number`` it takes the next free one."""
    championship = _lock(championship)
    _check_can_add_teams(championship)
    cleaned, problems = player_problems(
        championship, {"name": name, "club": club, "licence": licence}, number)
    if problems:
        field, message = problems[0]
        raise ServiceError(message, field=field)
    licence = cleaned.pop("licence")
    if number is None:
        number = _next_team_number(championship)
    player = Team.objects.create(championship=championship, number=number, **cleaned)
    if licence:
        PlayerDetails.objects.create(player=player, licence=licence)
    return player
