"""The names of a full backup, checked as the forms and the API check them before anything
is written: championship and team names by ``tournaments.names`` (stored in NFC with spaces
collapsed; no bidirectional override, zero-width or control character; the model's length;
no two teams of the same name, whatever their case and spaces), usernames by the user
model's own validators. A file is not a way round them: a name a form would refuse is
refused here, naming its path (``teams[3].name``).
"""

from __future__ import annotations

import unicodedata

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from scoring.archive.errors import ArchiveError
from scoring.archive.format import USER, backup_layout
from scoring.archive.validation import CheckedArchive
from tournaments.models import AuditEvent, Championship, Team
from tournaments.names import NameProblem, clean_name, team_name_key
from tournaments.services.teams import TEAM_FIELDS

# Names a championship and a team must have (the forms require them).
# A pair's second player is required by ``rules`` (an individual entrant has none).
_REQUIRED = {Championship: ("name",), Team: ("name", "player1")}


def check_names(checked: CheckedArchive) -> None:
    """Refuse a name the forms would refuse; store the others as the forms store them."""
    _names(checked.championship, Championship, ("name", "venue"), "championship")
    seen: dict[str, int] = {}
    for i, team in enumerate(checked.rows["teams"]):
        _names(team, Team, TEAM_FIELDS, f"teams[{i}]")
        key = team_name_key(team["name"])
        if key in seen:
            path = f"teams[{i}].name"
            raise ArchiveError(
                _("%(path)s: the same name as teams[%(other)s] (names that differ only in "
                  "case or spaces are the same name).") % {"path": path, "other": seen[key]},
                path=path,
            )
        seen[key] = i
    for i, event in enumerate(checked.rows["audit_events"]):
        # Whom an action was about: a co-director's username.
        _names(event, AuditEvent, ("detail",), f"audit_events[{i}]")
    for i, name in enumerate(checked.directors):
        _username(name, f"directors[{i}]")
    for spec in backup_layout().tables:
        users = [name for name, target in spec.refs.items() if target == USER]
        for i, row in enumerate(checked.rows[spec.key]):
            for name in users:
                if row[name] is not None:
                    _username(row[name], f"{spec.key}[{i}].{name}")


def _names(row: dict, model, fields, path: str) -> None:
    for field in fields:
        here = f"{path}.{field}"
        try:
            value = clean_name(row[field])
        except NameProblem as problem:
            raise ArchiveError(f"{here}: {problem.message}", path=here) from None
        limit = model._meta.get_field(field).max_length
        if len(value) > limit:
            raise ArchiveError(_("%(path)s: longer than %(max)s characters.")
                               % {"path": here, "max": limit}, path=here)
        if not value and field in _REQUIRED.get(model, ()):
            raise ArchiveError(_("%(path)s: must not be empty.") % {"path": here}, path=here)
        row[field] = value


def _username(value: str, path: str) -> None:
    """A username as this installation's accounts may have: what the sign-up and admin
    forms allow (the user model's validators), in the form they store it (NFKC)."""
    try:
        clean_name(value)  # the clearest words for a hidden character
    except NameProblem as problem:
        raise ArchiveError(f"{path}: {problem.message}", path=path) from None
    User = get_user_model()
    try:
        User._meta.get_field(User.USERNAME_FIELD).run_validators(value)
    except ValidationError as error:
        raise ArchiveError(f"{path}: {' '.join(error.messages)}", path=path) from None
    if unicodedata.normalize("NFKC", value) != value:
        raise ArchiveError(_("%(path)s: not written as usernames are stored here (Unicode "
                             "NFKC).") % {"path": path}, path=path)
