"""Operations that change championships, teams, rounds, tables and deals.

One function per operation, each inside a transaction. A refused operation raises
:class:`ServiceError` with a translated message (naming the field when there is one) and
writes nothing; views show the message.

Movements (rules.md 7):

- **Round robin**: :func:`generate_schedule` creates every round at once (drafted, with its
  tables, bye and deals). Teams withdrawn after that keep their place in the schedule; the
  director decides what to do (adjusted scores, or swapping another team in by hand).
- **Swiss**: :func:`generate_next_round` pairs one round at a time from the current ranking
  (``tournaments.ranking``); round 1 is a seeded draw from the deal key. Withdrawn teams are
  not paired.

Deals (rules.md 8): a round's deals are created with the round, from the championship's
secret key, and may be replaced by imported ones until the round is released.
"""

from __future__ import annotations

import hmac
import itertools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from tournaments import audit, ranking
from tournaments.importing import (
    FileProblem,
    RowError,
    read_deal_lines,
    read_team_rows,
    team_template_csv,
    team_template_xlsx,
    translate_deal_problem,
)
from tournaments.models import (
    AuditEvent,
    Championship,
    Deal,
    Round,
    Table,
    Team,
    new_link_secret,
    new_pin,
)


class ServiceError(Exception):
    """An operation was refused. ``message`` is translated; ``field`` names the form field
    it concerns, if any; ``errors`` lists row-by-row problems of an import."""

    def __init__(self, message: str, field: str | None = None, errors: Iterable = ()) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.errors: list[RowError] = list(errors)

    def __str__(self) -> str:
        return self.message


# Settings that decide how the championship is played; they lock once round 1 is released.
LOCKED_SETTINGS = ("deals_per_match", "variant", "doubling", "movement", "rounds_planned")
# Settings that shape the rounds and deals already drafted: they cannot change while any
# round exists (discard the drafted rounds first).
SHAPE_SETTINGS = ("deals_per_match", "movement")
CHAMPIONSHIP_FIELDS = (
    "name",
    "venue",
    "starts_on",
    "ends_on",
    "results_public",
    *LOCKED_SETTINGS,
)

TEAM_FIELDS = ("name", "club", "player1", "player2")


def _lock(championship: Championship) -> Championship:
    """Re-read the championship row under a lock, so that two directors acting at once
    are serialised (a no-op on SQLite, whose writers are serialised anyway)."""
    return Championship.objects.select_for_update().get(pk=championship.pk)


def _field_label(model, field: str) -> str:
    return str(model._meta.get_field(field).verbose_name)


def _not_finished(championship: Championship) -> None:
    if championship.status == Championship.Status.FINISHED:
        raise ServiceError(_("The championship is finished; it can no longer be changed."))


def settings_locked(championship: Championship) -> bool:
    """Whether round 1 has been released (or later), which freezes the game settings."""
    return championship.rounds.exclude(status=Round.Status.DRAFTED).exists()


# --- Championships -------------------------------------------------------------------------


def _clean_championship(values: dict) -> dict:
    values = dict(values)
    for key in ("name", "venue"):
        if key in values:
            values[key] = (values[key] or "").strip()
    if "name" in values and not values["name"]:
        raise ServiceError(_("The name is required."), field="name")
    dpm = values.get("deals_per_match")
    if dpm is not None and not (isinstance(dpm, int) and 1 <= dpm <= 12):
        raise ServiceError(
            _("Deals per match must be a whole number from 1 to 12."), field="deals_per_match"
        )
    choices = {
        "variant": Championship.Variant.values,
        "doubling": Championship.Doubling.values,
        "movement": Championship.Movement.values,
    }
    for field, allowed in choices.items():
        if field in values and values[field] not in allowed:
            raise ServiceError(
                _("“%(value)s” is not a valid choice for %(field)s.")
                % {"value": values[field], "field": _field_label(Championship, field)},
                field=field,
            )
    rounds = values.get("rounds_planned")
    if rounds is not None and (not isinstance(rounds, int) or rounds < 1):
        raise ServiceError(
            _("The number of rounds must be a whole number of at least 1."),
            field="rounds_planned",
        )
    return values


def _check_championship(championship: Championship) -> None:
    if championship.is_swiss and not championship.rounds_planned:
        raise ServiceError(
            _("A Swiss championship needs the number of rounds."), field="rounds_planned"
        )
    if (
        championship.starts_on
        and championship.ends_on
        and championship.ends_on < championship.starts_on
    ):
        raise ServiceError(_("The last day cannot be before the first day."), field="ends_on")


@transaction.atomic
def create_championship(director, **settings) -> Championship:
    """Create a championship directed by ``director``, with a fresh secret deal key.

    ``settings`` are any of :data:`CHAMPIONSHIP_FIELDS`. The key's commitment is public from
    now on; the key itself is revealed when the championship finishes.
    """
    unknown = set(settings) - set(CHAMPIONSHIP_FIELDS)
    if unknown:
        raise TypeError(f"unknown championship settings: {sorted(unknown)}")
    values = _clean_championship(settings)
    if not values.get("name"):
        raise ServiceError(_("The name is required."), field="name")
    if not values.get("movement") == Championship.Movement.SWISS:
        values["rounds_planned"] = None
    key = engine.new_deal_key()
    championship = Championship(
        **values, deal_key=key.hex(), key_commitment=engine.key_commitment(key)
    )
    _check_championship(championship)
    championship.save()
    championship.directors.add(director)
    return championship


@transaction.atomic
def update_championship(championship: Championship, **changes) -> Championship:
    """Change a championship's details and settings.

    The name, venue, dates and whether results are public can always change. The game
    settings (:data:`LOCKED_SETTINGS`) lock once round 1 is released; deals per match and
    the movement cannot change while rounds exist at all, since the drafted rounds were
    built from them.
    """
    unknown = set(changes) - set(CHAMPIONSHIP_FIELDS)
    if unknown:
        raise TypeError(f"unknown championship settings: {sorted(unknown)}")
    championship = _lock(championship)
    changes = _clean_championship(changes)
    if changes.get("movement", championship.movement) != Championship.Movement.SWISS:
        changes["rounds_planned"] = None
    changed = {f for f, v in changes.items() if getattr(championship, f) != v}

    locked = settings_locked(championship) or championship.status != Championship.Status.DRAFT
    for field in LOCKED_SETTINGS:
        if field in changed and locked:
            raise ServiceError(
                _("%(field)s can no longer change: round 1 has been released.")
                % {"field": _field_label(Championship, field).capitalize()},
                field=field,
            )
    if championship.rounds.exists():
        for field in SHAPE_SETTINGS:
            if field in changed:
                raise ServiceError(
                    _("%(field)s cannot change while rounds are drafted; discard them first.")
                    % {"field": _field_label(Championship, field).capitalize()},
                    field=field,
                )
    for field, value in changes.items():
        setattr(championship, field, value)
    _check_championship(championship)
    championship.save()
    return championship


@transaction.atomic
def add_director(championship: Championship, username: str):
    """Let the user called ``username`` direct the championship too."""
    User = get_user_model()
    user = User.objects.filter(**{User.USERNAME_FIELD: (username or "").strip()}).first()
    if user is None or not user.is_active:
        raise ServiceError(
            _("There is no active user called “%(name)s”.") % {"name": username}, field="username"
        )
    championship.directors.add(user)
    return user


@transaction.atomic
def remove_director(championship: Championship, user) -> None:
    championship = _lock(championship)
    if not championship.directors.filter(pk=user.pk).exists():
        return
    if championship.directors.count() <= 1:
        raise ServiceError(_("A championship needs at least one director."))
    championship.directors.remove(user)


@transaction.atomic
def finish_championship(championship: Championship, *, by=None, origin=None) -> Championship:
    """Finish the championship; its deal key is revealed from now on."""
    championship = _lock(championship)
    _not_finished(championship)
    rounds = list(championship.rounds.order_by("number"))
    if not rounds:
        raise ServiceError(_("The championship has no rounds yet."))
    for round_ in rounds:
        if round_.status != Round.Status.CLOSED:
            raise ServiceError(
                _("Round %(number)s is not closed. Close it, or discard it if it will not be played.")
                % {"number": round_.number}
            )
    championship.status = Championship.Status.FINISHED
    championship.save(update_fields=["status"])
    audit.record(AuditEvent.Action.CHAMPIONSHIP_FINISHED, championship, by=by, origin=origin)
    return championship


# --- Teams ---------------------------------------------------------------------------------


def _clean_team_values(values: dict) -> dict[str, str]:
    cleaned = {}
    for field in TEAM_FIELDS:
        value = values.get(field, "")
        cleaned[field] = "" if value is None else " ".join(str(value).split())
    return cleaned


def _team_problems(
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
        else:
            clash = others.filter(number=number).first()
            if clash:
                problems.append(
                    ("number", _("Number %(number)s is already used by “%(team)s”.")
                     % {"number": number, "team": clash.name})
                )
    if values["name"]:
        clash = others.filter(name__iexact=values["name"]).first()
        if clash:
            problems.append(
                ("name", _("Team %(number)s already has this name.") % {"number": clash.number})
            )
    return problems


def _check_can_add_teams(championship: Championship) -> None:
    _not_finished(championship)
    if not championship.is_swiss and championship.rounds.exists():
        raise ServiceError(
            _("The round robin schedule already exists, so no team can join. "
              "Discard the drafted rounds first to add teams.")
        )


def _next_team_number(championship: Championship) -> int:
    """The lowest number no team of the championship uses."""
    taken = set(championship.teams.values_list("number", flat=True))
    return next(n for n in itertools.count(1) if n not in taken)


@transaction.atomic
def add_team(championship: Championship, *, number: int | None = None, **values) -> Team:
    """Register a team; without ``number`` it takes the next free one."""
    championship = _lock(championship)
    _check_can_add_teams(championship)
    cleaned = _clean_team_values(values)
    problems = _team_problems(championship, cleaned, number)
    if problems:
        field, message = problems[0]
        raise ServiceError(message, field=field)
    if number is None:
        number = _next_team_number(championship)
    return Team.objects.create(championship=championship, number=number, **cleaned)


@transaction.atomic
def update_team(team: Team, *, number: int | None = None, **values) -> Team:
    """Change a team's number, name, club or players."""
    team = Team.objects.select_for_update().get(pk=team.pk)
    cleaned = _clean_team_values(values)
    number = team.number if number is None else number
    problems = _team_problems(team.championship, cleaned, number, exclude_pk=team.pk)
    if problems:
        field, message = problems[0]
        raise ServiceError(message, field=field)
    team.number = number
    for field, value in cleaned.items():
        setattr(team, field, value)
    team.save()
    return team


@transaction.atomic
def withdraw_team(team: Team, *, by=None, origin=None) -> list[int]:
    """Withdraw a team: it is not paired in later Swiss rounds.

    Returns the numbers of the drafted rounds in which it still plays, for the director to
    regenerate (Swiss) or rearrange by hand (round robin).
    """
    _not_finished(team.championship)
    Team.objects.filter(pk=team.pk).update(withdrawn=True)
    team.withdrawn = True
    audit.record(AuditEvent.Action.TEAM_WITHDRAWN, team.championship_id, by=by, origin=origin,
                 team=team)
    return _drafted_rounds_of(team)


@transaction.atomic
def reinstate_team(team: Team, *, by=None, origin=None) -> Team:
    _not_finished(team.championship)
    Team.objects.filter(pk=team.pk).update(withdrawn=False)
    team.withdrawn = False
    audit.record(AuditEvent.Action.TEAM_REINSTATED, team.championship_id, by=by, origin=origin,
                 team=team)
    return team


def _drafted_rounds_of(team: Team) -> list[int]:
    drafted = Round.objects.filter(championship_id=team.championship_id, status=Round.Status.DRAFTED)
    numbers = set(drafted.filter(bye_team=team).values_list("number", flat=True))
    numbers |= set(
        drafted.filter(tables__ns_team=team).values_list("number", flat=True)
    )
    numbers |= set(
        drafted.filter(tables__ew_team=team).values_list("number", flat=True)
    )
    return sorted(numbers)


@transaction.atomic
def reissue_link(team: Team, *, by=None, origin=None) -> Team:
    """Give the team a new private link; the old one stops working at once."""
    team.link_secret = new_link_secret()
    team.save(update_fields=["link_secret"])
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


def team_import_template(kind: str) -> tuple[bytes, str, str]:
    """The empty team list to fill in: ``(content, content type, file name)``."""
    if kind == "csv":
        return team_template_csv(), "text/csv; charset=utf-8", "teams.csv"
    if kind == "xlsx":
        return (
            team_template_xlsx(),
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
    championship = _lock(championship)
    _check_can_add_teams(championship)
    name = getattr(uploaded_file, "name", "") or ""
    data = uploaded_file.read() if hasattr(uploaded_file, "read") else bytes(uploaded_file)
    try:
        rows = read_team_rows(name, data)
    except FileProblem as problem:
        raise ServiceError(problem.message, field="file") from None

    errors: list[RowError] = []
    existing_numbers = {t.number: t.name for t in championship.teams.all()}
    existing_names = {t.name.lower(): t.number for t in championship.teams.all()}
    seen_numbers: dict[int, int] = {}
    seen_names: dict[str, int] = {}
    parsed: list[tuple[int, int | None, dict[str, str]]] = []
    for row in rows:
        values = _clean_team_values(row.values)
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
        key = values["name"].lower()
        if key:
            if key in existing_names:
                errors.append(RowError(row.row, "name", _(
                    "Team %(number)s already has this name.") % {"number": existing_names[key]}))
            elif key in seen_names:
                errors.append(RowError(row.row, "name", _(
                    "The same name is also in row %(other)s.") % {"other": seen_names[key]}))
            else:
                seen_names[key] = row.row
        parsed.append((row.row, number, values))

    if errors:
        raise ServiceError(
            _("Nothing was imported: %(count)s problem(s) in the file.") % {"count": len(errors)},
            field="file",
            errors=errors,
        )

    # Rows without a number take the lowest free numbers, in file order, skipping every
    # number in use (including those given elsewhere in the file).
    taken = set(existing_numbers) | set(seen_numbers)
    free_numbers = (n for n in itertools.count(1) if n not in taken)
    teams = []
    for _row, number, values in parsed:
        if number is None:
            number = next(free_numbers)
        teams.append(Team(championship=championship, number=number, **values))
    # Each team needs its own secrets (bulk_create would use the field defaults once each).
    for team in teams:
        team.link_secret = new_link_secret()
        team.pin = new_pin()
    return Team.objects.bulk_create(teams)


# --- Rounds --------------------------------------------------------------------------------


def _deals_for_round(championship: Championship, round_: Round) -> list[Deal]:
    key = championship.key_bytes
    numbers = engine.round_deal_numbers(round_.number, championship.deals_per_match)
    return [
        Deal(
            championship=championship,
            round=round_,
            number=number,
            dealer=engine.dealer_for(position).value,
            cards=engine.format_deal(engine.generate_deal(key, number)),
            source=Deal.Source.GENERATED,
        )
        for position, number in enumerate(numbers, start=1)
    ]


def _check_plan(plan, team_ids: set[int]) -> None:
    """A round plan must place every team exactly once (a safety net around the engine)."""
    placed = plan.teams()
    if len(placed) != len(set(placed)) or set(placed) != team_ids:
        raise AssertionError("the pairing does not place every team exactly once")


def _create_rounds(championship: Championship, first_number: int, plans: list) -> list[Round]:
    """Create drafted rounds from engine plans (of team ids), with tables and deals."""
    rounds = Round.objects.bulk_create(
        [
            Round(championship=championship, number=first_number + i, bye_team_id=plan.bye)
            for i, plan in enumerate(plans)
        ]
    )
    tables = []
    deals = []
    for round_, plan in zip(rounds, plans, strict=True):
        tables.extend(
            Table(round=round_, number=n, ns_team_id=match.ns, ew_team_id=match.ew)
            for n, match in enumerate(plan.matches, start=1)
        )
        deals.extend(_deals_for_round(championship, round_))
    Table.objects.bulk_create(tables)
    Deal.objects.bulk_create(deals)
    return rounds


@transaction.atomic
def generate_schedule(championship: Championship) -> list[Round]:
    """Round robin: create every round of the schedule (drafted), from the active teams in
    number order. N - 1 rounds for N teams, or N rounds with a bye each when N is odd."""
    championship = _lock(championship)
    _not_finished(championship)
    if championship.is_swiss:
        raise ServiceError(_("A Swiss championship is paired one round at a time."))
    if championship.rounds.exists():
        raise ServiceError(_("The round robin schedule already exists."))
    team_ids = list(championship.teams.filter(withdrawn=False).order_by("number").values_list("pk", flat=True))
    if len(team_ids) < 2:
        raise ServiceError(_("At least two teams are needed to generate rounds."))
    plans = engine.round_robin(team_ids)
    for plan in plans:
        _check_plan(plan, set(team_ids))
    return _create_rounds(championship, 1, plans)


def _swiss_history(championship: Championship):
    met: set[frozenset] = set()
    ns_count: Counter = Counter()
    ew_count: Counter = Counter()
    for ns, ew in Table.objects.filter(round__championship=championship).values_list(
        "ns_team_id", "ew_team_id"
    ):
        met.add(frozenset((ns, ew)))
        ns_count[ns] += 1
        ew_count[ew] += 1
    had_bye = set(
        championship.rounds.exclude(bye_team=None).values_list("bye_team_id", flat=True)
    )
    return met, ns_count, ew_count, had_bye


@transaction.atomic
def generate_next_round(championship: Championship) -> list[Round]:
    """Generate what comes next: the whole schedule of a round robin, or the next Swiss round.

    Swiss: round 1 is a seeded draw (the seed is the secret deal key, so the draw is fixed
    and cannot be predicted); later rounds pair the current ranking, once every earlier
    round is closed. Returns the rounds created.
    """
    championship = _lock(championship)
    _not_finished(championship)
    if not championship.is_swiss:
        return generate_schedule(championship)
    last = championship.rounds.order_by("-number").first()
    number = last.number + 1 if last else 1
    if championship.rounds_planned and number > championship.rounds_planned:
        raise ServiceError(
            _("All %(count)s rounds have been generated.") % {"count": championship.rounds_planned}
        )
    if last is not None and last.status != Round.Status.CLOSED:
        raise ServiceError(
            _("Close round %(number)s before pairing the next one.") % {"number": last.number}
        )
    active = [team for team in ranking.current_ranking(championship) if not team.withdrawn]
    team_ids = [team.pk for team in active]
    if len(team_ids) < 2:
        raise ServiceError(_("At least two teams are needed to generate rounds."))
    try:
        if number == 1:
            plan = engine.swiss_first_round(team_ids, seed=championship.key_bytes)
        else:
            met, ns_count, ew_count, had_bye = _swiss_history(championship)
            plan = engine.swiss_round(team_ids, met, ns_count, ew_count, had_bye)
    except engine.PairingImpossible:
        raise ServiceError(
            _("No pairing avoids a rematch: every possible round would repeat a match.")
        ) from None
    _check_plan(plan, set(team_ids))
    try:
        with transaction.atomic():
            return _create_rounds(championship, number, [plan])
    except IntegrityError:  # another director generated the same round at the same moment
        raise ServiceError(_("Round %(number)s already exists.") % {"number": number}) from None


@transaction.atomic
def discard_drafted_rounds(championship: Championship) -> int:
    """Delete every drafted round (with its tables and deals); returns how many.

    Released rounds are never deleted. For a round robin this shortens the schedule (or,
    before round 1 is released, allows teams to change and the schedule to be regenerated).
    """
    championship = _lock(championship)
    _not_finished(championship)
    drafted = championship.rounds.filter(status=Round.Status.DRAFTED)
    count = drafted.count()
    # Deals and tables go with their rounds (CASCADE).
    drafted.delete()
    return count


def _lock_round(round_: Round) -> Round:
    return Round.objects.select_for_update().select_related("championship").get(pk=round_.pk)


def _require_drafted(round_: Round) -> None:
    if round_.status != Round.Status.DRAFTED:
        raise ServiceError(
            _("Round %(number)s has been released; its tables and deals can no longer change.")
            % {"number": round_.number}
        )


@transaction.atomic
def release_round(round_: Round, *, by=None, origin=None) -> Round:
    """Release a drafted round: play starts and its tables may enter results.

    Rounds are released in order. The deals' cards stay secret to players and the public
    until the round is closed.
    """
    # The championship first, then the round: the same order as every other service, so
    # that two directors acting at once cannot deadlock.
    championship = _lock(round_.championship)
    round_ = _lock_round(round_)
    _not_finished(championship)
    if round_.status != Round.Status.DRAFTED:
        raise ServiceError(_("Round %(number)s is already released.") % {"number": round_.number})
    earlier = championship.rounds.filter(number__lt=round_.number, status=Round.Status.DRAFTED)
    if earlier.exists():
        raise ServiceError(
            _("Release round %(number)s first.") % {"number": earlier.order_by("number")[0].number}
        )
    if not round_.tables.exists():
        raise ServiceError(_("Round %(number)s has no tables.") % {"number": round_.number})
    if round_.deals.count() != championship.deals_per_match:
        raise ServiceError(
            _("Round %(number)s does not have its %(count)s deals.")
            % {"number": round_.number, "count": championship.deals_per_match}
        )
    round_.status = Round.Status.RELEASED
    round_.released_at = timezone.now()
    round_.save(update_fields=["status", "released_at"])
    audit.record(AuditEvent.Action.ROUND_RELEASED, championship, by=by, origin=origin,
                 round_number=round_.number)
    if championship.status == Championship.Status.DRAFT:
        championship.status = Championship.Status.RUNNING
        championship.save(update_fields=["status"])
    round_.championship = championship
    return round_


@transaction.atomic
def close_round(round_: Round, *, by=None, origin=None) -> Round:
    """Close a released round: its deals become public. Rounds close in order."""
    round_ = _lock_round(round_)
    _not_finished(round_.championship)
    if round_.status == Round.Status.DRAFTED:
        raise ServiceError(_("Round %(number)s has not been released.") % {"number": round_.number})
    if round_.status == Round.Status.CLOSED:
        raise ServiceError(_("Round %(number)s is already closed.") % {"number": round_.number})
    earlier = round_.championship.rounds.filter(number__lt=round_.number).exclude(
        status=Round.Status.CLOSED
    )
    if earlier.exists():
        raise ServiceError(
            _("Close round %(number)s first.") % {"number": earlier.order_by("number")[0].number}
        )
    round_.status = Round.Status.CLOSED
    round_.closed_at = timezone.now()
    round_.save(update_fields=["status", "closed_at"])
    audit.record(AuditEvent.Action.ROUND_CLOSED, round_.championship_id, by=by, origin=origin,
                 round_number=round_.number)
    return round_


@transaction.atomic
def reopen_round(round_: Round, *, by=None, origin=None) -> Round:
    """Reopen the last closed round (e.g. to correct a result).

    The round is in play again, so its deals and results are hidden from players and the
    public until it closes once more (anyone who looked meanwhile has seen them, of course).
    """
    round_ = _lock_round(round_)
    _not_finished(round_.championship)
    if round_.status != Round.Status.CLOSED:
        raise ServiceError(_("Round %(number)s is not closed.") % {"number": round_.number})
    if round_.championship.rounds.filter(
        number__gt=round_.number, status=Round.Status.CLOSED
    ).exists():
        raise ServiceError(_("Only the last closed round can be reopened."))
    round_.status = Round.Status.RELEASED
    round_.closed_at = None
    round_.save(update_fields=["status", "closed_at"])
    audit.record(AuditEvent.Action.ROUND_REOPENED, round_.championship_id, by=by, origin=origin,
                 round_number=round_.number)
    return round_


# --- Changing a drafted round by hand ------------------------------------------------------


@dataclass(frozen=True)
class _Layout:
    tables: dict[int, tuple[int, int]]  # table number -> (ns team id, ew team id)
    bye: int | None


def _layout(round_: Round) -> _Layout:
    tables = {
        number: (ns, ew)
        for number, ns, ew in round_.tables.values_list("number", "ns_team_id", "ew_team_id")
    }
    return _Layout(tables, round_.bye_team_id)


def _write_layout(round_: Round, old: _Layout, new: _Layout) -> None:
    """Store the new layout. Changed tables are deleted and created again: swapping two
    teams between rows in place would break the one-team-per-seat unique constraints
    midway, and a drafted round's tables have no results attached yet."""
    changed = [n for n, teams in new.tables.items() if old.tables.get(n) != teams]
    round_.tables.filter(number__in=changed).delete()
    Table.objects.bulk_create(
        Table(round=round_, number=n, ns_team_id=new.tables[n][0], ew_team_id=new.tables[n][1])
        for n in changed
    )
    if old.bye != new.bye:
        round_.bye_team_id = new.bye
        round_.save(update_fields=["bye_team"])


def _rematch_warnings(round_: Round, pairs: Iterable[tuple[int, int]]) -> list[str]:
    pairs = [frozenset(p) for p in pairs]
    if not pairs:
        return []
    wanted = set(pairs)
    names = dict(round_.championship.teams.values_list("pk", "name"))
    warnings = []
    others = Table.objects.filter(round__championship=round_.championship).exclude(round=round_)
    for number, ns, ew in others.values_list("round__number", "ns_team_id", "ew_team_id").order_by(
        "round__number"
    ):
        if frozenset((ns, ew)) in wanted:
            warnings.append(
                _("%(a)s and %(b)s also meet in round %(number)s.")
                % {"a": names[ns], "b": names[ew], "number": number}
            )
    return warnings


@transaction.atomic
def swap_teams(round_: Round, team_a: Team, team_b: Team) -> list[str]:
    """Exchange the places of two teams in a drafted round (seats, tables or the bye).

    One of the two may be a team that does not play this round (e.g. in place of a
    withdrawn team). Returns warnings about matches this creates that also occur in another
    round; the swap is made anyway.
    """
    round_ = _lock_round(round_)
    _not_finished(round_.championship)
    _require_drafted(round_)
    for team in (team_a, team_b):
        if team.championship_id != round_.championship_id:
            raise ServiceError(_("The team is not in this championship."), field="team_a")
    if team_a.pk == team_b.pk:
        raise ServiceError(_("Choose two different teams."), field="team_b")
    old = _layout(round_)
    placed = {t for teams in old.tables.values() for t in teams} | {old.bye}
    if team_a.pk not in placed and team_b.pk not in placed:
        raise ServiceError(_("Neither team plays in this round."), field="team_a")
    swap = {team_a.pk: team_b.pk, team_b.pk: team_a.pk}
    new = _Layout(
        {n: (swap.get(ns, ns), swap.get(ew, ew)) for n, (ns, ew) in old.tables.items()},
        swap.get(old.bye, old.bye) if old.bye is not None else None,
    )
    _write_layout(round_, old, new)
    touched = [pair for n, pair in new.tables.items() if pair != old.tables[n]]
    return _rematch_warnings(round_, touched)


@transaction.atomic
def swap_tables(round_: Round, table_a: int, table_b: int) -> None:
    """Exchange the matches at two table numbers of a drafted round."""
    round_ = _lock_round(round_)
    _not_finished(round_.championship)
    _require_drafted(round_)
    old = _layout(round_)
    for field, number in (("table_a", table_a), ("table_b", table_b)):
        if number not in old.tables:
            raise ServiceError(
                _("Round %(round)s has no table %(table)s.")
                % {"round": round_.number, "table": number},
                field=field,
            )
    if table_a == table_b:
        raise ServiceError(_("Choose two different tables."), field="table_b")
    tables = dict(old.tables)
    tables[table_a], tables[table_b] = old.tables[table_b], old.tables[table_a]
    _write_layout(round_, old, _Layout(tables, old.bye))


# --- Deals ---------------------------------------------------------------------------------


@transaction.atomic
def import_deals(target: Championship | Round, text: str) -> list[Deal]:
    """Replace generated deals with deals dealt by hand.

    ``text`` has one deal per line: its number, a space, then the deal in rules.md
    notation, e.g. ``5 N:9RS.A82..RC654 ...``. Empty lines and lines starting with ``#``
    are ignored. ``target`` is a round (only its deals may be listed) or the championship
    (deals of any drafted round). Each deal must already exist (its round is generated)
    and its round must still be drafted. All or nothing: on any problem nothing is saved
    and the :class:`ServiceError` lists every problem, line by line.
    """
    if isinstance(target, Round):
        round_filter = {"round": target}
        championship = _lock(target.championship)
    else:
        round_filter = {}
        championship = _lock(target)
    _not_finished(championship)
    lines, errors = read_deal_lines(text or "")
    deals = {
        deal.number: deal
        for deal in Deal.objects.select_for_update()
        .filter(championship=championship, **round_filter)
        .select_related("round")
    }
    seen: dict[int, int] = {}
    updates: list[Deal] = []
    for line in lines:
        deal = deals.get(line.number)
        if deal is None:
            if isinstance(target, Round):
                numbers = sorted(deals)
                message = _("deal %(number)s is not in round %(round)s (its deals are %(first)s–%(last)s).") % {
                    "number": line.number,
                    "round": target.number,
                    "first": numbers[0] if numbers else "-",
                    "last": numbers[-1] if numbers else "-",
                }
            else:
                message = _("there is no deal %(number)s: generate its round first.") % {
                    "number": line.number
                }
            errors.append(RowError(line.line, "", message))
            continue
        if line.number in seen:
            errors.append(RowError(line.line, "", _(
                "deal %(number)s is also on line %(other)s.") % {
                    "number": line.number, "other": seen[line.number]}))
            continue
        seen[line.number] = line.line
        if deal.round.status != Round.Status.DRAFTED:
            errors.append(RowError(line.line, "", _(
                "round %(round)s has been released, so deal %(number)s can no longer be replaced.")
                % {"round": deal.round.number, "number": line.number}))
            continue
        try:
            parsed = engine.parse_deal(line.text)
        except engine.DealNotationError as problem:
            for item in problem.problems:
                errors.append(RowError(line.line, "", _("deal %(number)s: %(problem)s") % {
                    "number": line.number, "problem": translate_deal_problem(item)}))
            continue
        deal.cards = engine.format_deal(parsed)
        deal.source = Deal.Source.IMPORTED
        updates.append(deal)
    if not lines and not errors:
        raise ServiceError(_("No deals found: write one deal per line."), field="text")
    errors.sort(key=lambda error: error.row or 0)
    if errors:
        raise ServiceError(
            _("Nothing was imported: %(count)s problem(s).") % {"count": len(errors)},
            field="text",
            errors=[RowError(e.row, e.field, e.message, is_line=True) for e in errors],
        )
    Deal.objects.bulk_update(updates, ["cards", "source"])
    return sorted(updates, key=lambda deal: deal.number)


@transaction.atomic
def restore_generated_deals(round_: Round) -> int:
    """Replace a drafted round's imported deals by the ones generated from the key."""
    round_ = _lock_round(round_)
    _require_drafted(round_)
    fresh = {d.number: d for d in _deals_for_round(round_.championship, round_)}
    deals = list(round_.deals.filter(source=Deal.Source.IMPORTED))
    for deal in deals:
        deal.cards = fresh[deal.number].cards
        deal.source = Deal.Source.GENERATED
    Deal.objects.bulk_update(deals, ["cards", "source"])
    return len(deals)
