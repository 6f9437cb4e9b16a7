"""Teams: registering them (one by one or from a file), withdrawing and reinstating them,
and their private links and PINs."""

from __future__ import annotations

import hmac
import itertools

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import live
from live.scopes import link_event
from tournaments import audit
from tournaments.importing import (
    FileProblem,
    RowError,
    read_team_rows,
    read_upload,
    team_template_csv,
    team_template_xlsx,
)
from tournaments.limits import MAX_TEAM_NUMBER
from tournaments.models import AuditEvent, Championship, Round, Team, new_link_secret, new_pin
from tournaments.names import NameProblem, clean_name, team_name_key
from tournaments.services import register, withdrawals
from tournaments.services.common import ServiceError, check_not_finished, lock_championship

TEAM_FIELDS = ("name", "club", "player1", "player2")


def clean_team_values(values: dict) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The values as stored (tournaments.names) and the problems of the ones that cannot
    be, as (field, message) pairs."""
    cleaned, problems = {}, []
    for field in TEAM_FIELDS:
        value = values.get(field, "")
        try:
            cleaned[field] = clean_name(value)
        except NameProblem as problem:
            cleaned[field] = " ".join(str(value).split())
            problems.append((field, problem.message))
    return cleaned, problems


def team_problems(
    championship: Championship,
    values: dict[str, str],
    number: int | None,
    exclude_pk: int | None = None,
) -> list[tuple[str, str]]:
    """The problems of one team's values, as (field, message) pairs."""
    problems = []
    for field in ("name", "player1", "player2"):
        if not values[field]:
            problems.append((field, _("This field is required.")))
    for field in TEAM_FIELDS:
        limit = Team._meta.get_field(field).max_length
        if len(values[field]) > limit:
            problems.append(
                (field, _("At most %(limit)s characters (it has %(count)s).")
                 % {"limit": limit, "count": len(values[field])})
            )
    others = championship.teams.all()
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    if number is not None:
        if number < 1:
            problems.append(("number", _("The number must be 1 or more.")))
        elif number > MAX_TEAM_NUMBER:
            problems.append(("number", _("The number must be at most %(limit)s.")
                             % {"limit": MAX_TEAM_NUMBER}))
        else:
            clash = others.filter(number=number).first()
            if clash:
                problems.append(
                    ("number", _("Number %(number)s is already used by “%(team)s”.")
                     % {"number": number, "team": clash.name})
                )
    if values["name"]:
        # Compared in Python: the rule (tournaments.names) ignores case and spaces, and a
        # championship has a few hundred teams at most. The championship's key is loaded
        # too: the related manager reads it from each row, one query a team if deferred.
        key = team_name_key(values["name"])
        clash = next((team for team in others.only("pk", "number", "name", "championship")
                      if team_name_key(team.name) == key), None)
        if clash:
            problems.append(
                ("name", _("Pair %(number)s already has this name.") % {"number": clash.number})
            )
    return problems


def check_can_add_teams(championship: Championship) -> None:
    """Refuse (``ServiceError``) a new entrant when the championship can take none: it is
    finished, its round robin is drawn, or its next Swiss round is already paired."""
    check_not_finished(championship)
    if not championship.is_swiss and championship.rounds.exists():
        raise ServiceError(
            _("The round robin schedule already exists, so no pair can join. "
              "Discard the drafted rounds first to add pairs.")
        )
    # A Swiss team joins before the next round is paired, with no score (rules.md 7).
    drafted = championship.rounds.filter(status=Round.Status.DRAFTED).order_by("number").first()
    if championship.is_swiss and drafted is not None:
        raise ServiceError(
            _("Round %(number)s is already paired, so no one can join it. Discard the drafted "
              "round first, register the newcomers, then pair the round again.")
            % {"number": drafted.number}
        )


def next_team_number(championship: Championship) -> int:
    """The lowest number no team of the championship uses."""
    taken = set(championship.teams.values_list("number", flat=True))
    return next(n for n in itertools.count(1) if n not in taken)


@transaction.atomic
def add_team(championship: Championship, *, number: int | None = None,
             chosen: dict[int, int | None] | None = None, **values) -> Team:
    """Register a team; without ``number`` it takes the next free one. ``chosen`` is the
    director's pick of register player by position (``register.link_entrants``)."""
    championship = lock_championship(championship)
    check_can_add_teams(championship)
    cleaned, problems = clean_team_values(values)
    problems += team_problems(championship, cleaned, number)
    if problems:
        field, message = problems[0]
        raise ServiceError(message, field=field)
    if number is None:
        number = next_team_number(championship)
    team = Team.objects.create(championship=championship, number=number, **cleaned)
    register.link_entrants([team], chosen=_by_team(team, chosen))
    return team


@transaction.atomic
def update_team(team: Team, *, number: int | None = None,
                chosen: dict[int, int | None] | None = None, **values) -> Team:
    """Change a team's number, name, club or players (``chosen`` as in :func:`add_team`)."""
    team = Team.objects.select_for_update().get(pk=team.pk)
    check_not_finished(team.championship)
    cleaned, problems = clean_team_values(values)
    number = team.number if number is None else number
    problems += team_problems(team.championship, cleaned, number, exclude_pk=team.pk)
    if problems:
        field, message = problems[0]
        raise ServiceError(message, field=field)
    keep = register.unchanged_positions(team, cleaned)
    team.number = number
    for field, value in cleaned.items():
        setattr(team, field, value)
    team.save()
    register.link_entrants([team], chosen=_by_team(team, chosen), keep=keep)
    return team


def _by_team(team: Team, chosen: dict[int, int | None] | None) -> dict:
    return {(team.pk, position): player_id for position, player_id in (chosen or {}).items()}


@transaction.atomic
def withdraw_team(team: Team, *, by=None, origin=None) -> list[int]:
    """Withdraw a team (rules.md 6.5, policy — withdrawal): it keeps its scores, its link
    stops writing, later Swiss rounds leave it out, and in every round not yet released its
    opponent scores a bye instead (each bye an ``AuditEvent``; see ``withdrawals``).

    Returns the numbers of the drafted rounds in which it was placed (a table, whose
    opponent now has a bye, or the round's own bye, now cancelled).
    """
    check_not_finished(team.championship)
    changes = withdrawals.planned_changes(team.championship_id, withdrawing=team)
    from formats import format_of  # late: the formats import the services

    # Before its own byes are cancelled; the format knows where it places an entrant.
    drafted = format_of(team.championship).placed_rounds(team, status=Round.Status.DRAFTED)
    Team.objects.filter(pk=team.pk).update(withdrawn=True)
    team.withdrawn = True
    audit.record(AuditEvent.Action.TEAM_WITHDRAWN, team.championship_id, by=by, origin=origin,
                 team=team)
    withdrawals.apply_changes(team.championship_id, changes, by=by, origin=origin)
    format_of(team.championship).team_withdrawn(team, by=by, origin=origin)
    return drafted


@transaction.atomic
def reinstate_team(team: Team, *, by=None, origin=None) -> Team:
    """The team plays again: in the rounds not yet released its opponents' byes are taken
    back (and its own bye, if it had one, restored). Released rounds keep their byes."""
    check_not_finished(team.championship)
    changes = withdrawals.planned_changes(team.championship_id, reinstating=team)
    Team.objects.filter(pk=team.pk).update(withdrawn=False)
    team.withdrawn = False
    audit.record(AuditEvent.Action.TEAM_REINSTATED, team.championship_id, by=by, origin=origin,
                 team=team)
    withdrawals.apply_changes(team.championship_id, changes, by=by, origin=origin)
    from formats import format_of  # late: the formats import the services

    format_of(team.championship).team_reinstated(team, by=by, origin=origin)
    return team


@transaction.atomic
def reissue_link(team: Team, *, by=None, origin=None) -> Team:
    """Give the team a new private link; the old one stops working at once, and so do the
    live-update streams opened from it (``live.scopes``)."""
    team.link_secret = new_link_secret()
    team.save(update_fields=["link_secret"])
    live.publish(link_event(team.championship_id, team.pk, team.link_secret))
    audit.record(AuditEvent.Action.LINK_REISSUED, team.championship_id, by=by, origin=origin,
                 team=team)
    return team


@transaction.atomic
def reissue_pin(team: Team, *, by=None, origin=None) -> Team:
    """Give the team a new PIN, different from the old one."""
    pin = new_pin()
    while pin == team.pin:
        pin = new_pin()
    team.pin = pin
    team.save(update_fields=["pin"])
    audit.record(AuditEvent.Action.PIN_REISSUED, team.championship_id, by=by, origin=origin,
                 team=team)
    return team


def check_pin(team: Team, pin) -> bool:
    """Whether ``pin`` is the team's PIN, compared in constant time. (Counting failed
    attempts and locking out is the caller's job.)"""
    given = str(pin if pin is not None else "").strip()
    return hmac.compare_digest(team.pin.encode(), given.encode())


# --- Team import ---------------------------------------------------------------------------


def team_import_template(kind: str, columns: tuple[str, ...] | None = None
                         ) -> tuple[bytes, str, str]:
    """The empty team list (or ``columns``: the championship format's entrants') to fill in:
    ``(content, content type, file name)``."""
    if kind == "csv":
        return team_template_csv(columns), "text/csv; charset=utf-8", "teams.csv"
    if kind == "xlsx":
        return (
            team_template_xlsx(columns),
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "teams.xlsx",
        )
    raise ValueError(f"unknown template kind {kind!r}")


@transaction.atomic
def import_teams(championship: Championship, uploaded_file) -> list[Team]:
    """Add the teams listed in a CSV or XLSX file (columns: number, name, club, player1,
    player2; ``number`` may be left empty for the next free one).

    All or nothing: if any row is bad, nothing is saved and the :class:`ServiceError` lists
    every problem, row by row.
    """
    championship = lock_championship(championship)
    check_can_add_teams(championship)
    name = getattr(uploaded_file, "name", "") or ""
    try:
        rows = read_team_rows(name, read_upload(uploaded_file))
    except FileProblem as problem:
        raise ServiceError(problem.message, field="file") from None

    errors: list[RowError] = []
    existing_numbers = {t.number: t.name for t in championship.teams.all()}
    existing_names = {team_name_key(t.name): t.number for t in championship.teams.all()}
    seen_numbers: dict[int, int] = {}
    seen_names: dict[str, int] = {}
    parsed: list[tuple[int, int | None, dict[str, str]]] = []
    from formats import format_of  # late: the formats import the services

    fmt = format_of(championship)
    sections: dict[int, str] = {}  # row -> section name, for a format with sections
    for row in rows:
        section = " ".join(row.values.get("section", "").split())
        if section:
            problem = fmt.team_section_problem(championship, section)
            if problem:
                errors.append(RowError(row.row, "section", problem))
            sections[row.row] = section
        values, name_problems = clean_team_values(row.values)
        errors += [RowError(row.row, field, message) for field, message in name_problems]
        raw_number = row.values.get("number", "").strip()
        number = None
        if raw_number:
            try:
                number = int(raw_number)
            except ValueError:
                errors.append(RowError(row.row, "number", _(
                    "“%(value)s” is not a whole number.") % {"value": raw_number}))
            else:
                if number < 1:
                    errors.append(RowError(row.row, "number", _("The number must be 1 or more.")))
                elif number > MAX_TEAM_NUMBER:
                    errors.append(RowError(row.row, "number", _(
                        "The number must be at most %(limit)s.") % {"limit": MAX_TEAM_NUMBER}))
                elif number in existing_numbers:
                    errors.append(RowError(row.row, "number", _(
                        "Number %(number)s is already used by “%(team)s”.")
                        % {"number": number, "team": existing_numbers[number]}))
                elif number in seen_numbers:
                    errors.append(RowError(row.row, "number", _(
                        "Number %(number)s is also in row %(other)s.")
                        % {"number": number, "other": seen_numbers[number]}))
                else:
                    seen_numbers[number] = row.row
        for field in ("name", "player1", "player2"):
            if not values[field]:
                errors.append(RowError(row.row, field, _("This field is required.")))
        for field in TEAM_FIELDS:
            limit = Team._meta.get_field(field).max_length
            if len(values[field]) > limit:
                errors.append(RowError(row.row, field, _(
                    "At most %(limit)s characters (it has %(count)s).")
                    % {"limit": limit, "count": len(values[field])}))
        key = team_name_key(values["name"])
        if key and not any(field == "name" for field, _message in name_problems):
            if key in existing_names:
                errors.append(RowError(row.row, "name", _(
                    "Pair %(number)s already has this name.") % {"number": existing_names[key]}))
            elif key in seen_names:
                errors.append(RowError(row.row, "name", _(
                    "The same name is also in row %(other)s.") % {"other": seen_names[key]}))
            else:
                seen_names[key] = row.row
        parsed.append((row.row, number, values))

    if errors:
        raise ServiceError(
            ngettext("Nothing was imported: %(count)s problem in the file.",
                     "Nothing was imported: %(count)s problems in the file.", len(errors))
            % {"count": len(errors)},
            field="file",
            errors=errors,
        )

    # Rows without a number take the lowest free numbers, in file order, skipping every
    # number in use (including those given elsewhere in the file).
    taken = set(existing_numbers) | set(seen_numbers)
    free_numbers = (n for n in itertools.count(1) if n not in taken)
    teams = []
    rows_of = []
    for row_number, number, values in parsed:
        if number is None:
            number = next(free_numbers)
        teams.append(Team(championship=championship, number=number, **values))
        rows_of.append(row_number)
    # Each team needs its own secrets (bulk_create would use the field defaults once each).
    for team in teams:
        team.link_secret = new_link_secret()
        team.pin = new_pin()
    created = Team.objects.bulk_create(teams)
    register.link_entrants(created)
    if sections:
        fmt.place_teams(championship, {team.pk: sections[row] for team, row
                                       in zip(created, rows_of, strict=True) if row in sections})
    return created

