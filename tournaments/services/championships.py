"""Championships: creating one, changing its details and settings, and its directors."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

import engine
from tournaments import audit
from tournaments.models import AuditEvent, Championship, Round
from tournaments.names import NameProblem, clean_name
from tournaments.services.common import ServiceError, lock_championship

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
    # Only what the ranking sheet shows (rules.md 13.3): it may change at any time.
    "show_ratings",
    *LOCKED_SETTINGS,
)


def _field_label(model, field: str) -> str:
    return str(model._meta.get_field(field).verbose_name)


def settings_locked(championship: Championship) -> bool:
    """Whether round 1 has been released (or later), which freezes the game settings."""
    return championship.rounds.exclude(status=Round.Status.DRAFTED).exists()


def locked_fields(championship: Championship) -> tuple[str, ...]:
    """The settings that can no longer change (the form disables them; the API refuses
    them): the game settings once round 1 is released or the championship runs, the shape
    of the rounds while drafted rounds exist."""
    if settings_locked(championship) or championship.status != Championship.Status.DRAFT:
        if _rounds_may_change(championship):
            return tuple(f for f in LOCKED_SETTINGS if f != "rounds_planned")
        return LOCKED_SETTINGS
    if championship.rounds.exists():
        return SHAPE_SETTINGS
    return ()


def _clean_championship(values: dict) -> dict:
    values = dict(values)
    for key in ("name", "venue"):
        if key in values:
            try:
                values[key] = clean_name(values[key])
            except NameProblem as problem:
                raise ServiceError(
                    f"{_field_label(Championship, key).capitalize()}: {problem.message}",
                    field=key,
                ) from None
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


def _record_publication(championship: Championship, public: bool, by, origin) -> None:
    audit.record(
        AuditEvent.Action.RESULTS_PUBLISHED if public else AuditEvent.Action.RESULTS_UNPUBLISHED,
        championship, by=by, origin=origin,
    )


@transaction.atomic
def create_championship(director, *, origin=None, format: str = "duplicate_pairs",
                        format_settings: dict | None = None, **settings) -> Championship:
    """Create a championship directed by ``director``, with a fresh secret deal key.

    ``format`` is a key of ``formats.FORMATS`` (duplicate pairs by default); it fixes the
    settings the format does not let a director choose, and ``format_settings`` are its own
    (e.g. the free-deal target), stored in the same transaction. ``settings`` are any of
    :data:`CHAMPIONSHIP_FIELDS`. The key's commitment is public from now on; the key itself
    is revealed when the championship finishes.
    """
    from formats import FORMATS  # late: the formats import the services

    unknown = set(settings) - set(CHAMPIONSHIP_FIELDS)
    if unknown:
        raise TypeError(f"unknown championship settings: {sorted(unknown)}")
    if format not in FORMATS:
        raise ServiceError(_("“%(value)s” is not a valid choice for %(field)s.")
                           % {"value": format, "field": _field_label(Championship, "format")},
                           field="format")
    chosen = FORMATS[format]
    values = _clean_championship({**settings, **chosen.fixed_settings})
    values["format"] = format
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
    chosen.save_settings(championship, format_settings or {}, by=director, origin=origin)
    if championship.results_public:
        # Public from the start: recorded like any later publication.
        _record_publication(championship, True, director, origin)
    return championship


@transaction.atomic
def update_championship(championship: Championship, *, by=None, origin=None,
                        format: str | None = None, format_settings: dict | None = None,
                        **changes) -> Championship:
    """Change a championship's details and settings.

    The name, venue, dates, whether results are public and whether the ranking sheet shows
    the ratings can always change. The game
    settings (:data:`LOCKED_SETTINGS`) lock once round 1 is released; deals per match and
    the movement cannot change while rounds exist at all, since the drafted rounds were
    built from them. The ``format`` is chosen at creation: given again it must be the same.
    """
    unknown = set(changes) - set(CHAMPIONSHIP_FIELDS)
    if unknown:
        raise TypeError(f"unknown championship settings: {sorted(unknown)}")
    from formats import format_of  # late: the formats import the services

    championship = lock_championship(championship)
    if format is not None and format != championship.format:
        raise ServiceError(
            _("The format is chosen when the championship is created and cannot change: "
              "create a new championship for another format."),
            field="format",
        )
    changes = _clean_championship({**changes, **format_of(championship).fixed_settings})
    if changes.get("movement", championship.movement) != Championship.Movement.SWISS:
        changes["rounds_planned"] = None
    changed = {f for f, v in changes.items() if getattr(championship, f) != v}

    locked = settings_locked(championship) or championship.status != Championship.Status.DRAFT
    planned_before = championship.rounds_planned
    if "rounds_planned" in changed and locked and _rounds_may_change(championship):
        _check_rounds_planned(championship, changes["rounds_planned"])
        changed.discard("rounds_planned")
        rounds_replanned = True
    else:
        rounds_replanned = False
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
    if format_settings is not None:
        format_of(championship).save_settings(championship, format_settings, by=by,
                                              origin=origin)
    if "results_public" in changed:
        _record_publication(championship, championship.results_public, by, origin)
    if rounds_replanned:
        audit.record(AuditEvent.Action.ROUNDS_PLANNED_CHANGED, championship, by=by,
                     origin=origin, detail=f"{planned_before or '-'} -> "
                                           f"{championship.rounds_planned or '-'}")
    return championship


def _rounds_may_change(championship: Championship) -> bool:
    """A Swiss event pairs round by round, so while it runs the director may add rounds or
    finish early by planning fewer (never fewer than the rounds already paired)."""
    return championship.is_swiss and championship.status != Championship.Status.FINISHED


def _check_rounds_planned(championship: Championship, planned: int | None) -> None:
    paired = championship.rounds.count()
    if planned is not None and planned < paired:
        raise ServiceError(
            _("Rounds planned: %(count)s rounds are already paired; plan at least that many.")
            % {"count": paired}, field="rounds_planned")


@transaction.atomic
def add_director(championship: Championship, username: str, *, by=None, origin=None):
    """Let the user called ``username`` direct the championship too (they then see its
    secret deals, so it is recorded)."""
    User = get_user_model()
    user = User.objects.filter(**{User.USERNAME_FIELD: (username or "").strip()}).first()
    if user is None or not user.is_active:
        raise ServiceError(
            _("There is no active user called “%(name)s”.") % {"name": username}, field="username"
        )
    if not championship.directors.filter(pk=user.pk).exists():
        championship.directors.add(user)
        audit.record(AuditEvent.Action.DIRECTOR_ADDED, championship, by=by, origin=origin,
                     detail=user.get_username())
    return user


@transaction.atomic
def remove_director(championship: Championship, user, *, by=None, origin=None) -> None:
    championship = lock_championship(championship)
    if not championship.directors.filter(pk=user.pk).exists():
        return
    if championship.directors.count() <= 1:
        raise ServiceError(_("A championship needs at least one director."))
    championship.directors.remove(user)
    audit.record(AuditEvent.Action.DIRECTOR_REMOVED, championship, by=by, origin=origin,
                 detail=user.get_username())
