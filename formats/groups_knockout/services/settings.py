"""The format's own settings (rules.md 12): stored beside the championship, locked once
round 1 is released, like the championship's other settings."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from formats.groups_knockout.models import Group, GroupsSettings
from formats.groups_knockout.rules import check_settings
from tournaments.models import Championship
from tournaments.services.championships import settings_locked
from tournaments.services.common import ServiceError
from tournaments.services.seeding import save_seed_by_rating

SETTINGS_FIELDS = ("group_size", "hands_per_game", "extra_hands", "win_points",
                   "qualifiers_per_group", "bracket_size", "best_of", "third_place", "seeding")


def settings_of(championship: Championship) -> GroupsSettings:
    """The championship's settings; the defaults of rules.md 12 if none were saved."""
    try:
        return championship.groups_settings
    except GroupsSettings.DoesNotExist:
        return GroupsSettings(championship=championship)


@transaction.atomic
def save_settings(championship: Championship, *, by=None, origin=None,
                  **values) -> GroupsSettings:
    """Store the settings, all checked together by the engine's rules. Refused, naming the
    first changed field, once round 1 is released. ``seed_by_rating`` is kept on the
    championship (``tournaments.services.seeding``); changing it, the group size or the
    seeding drops the groups made."""
    by_rating = values.pop("seed_by_rating", None)
    unknown = set(values) - set(SETTINGS_FIELDS)
    if unknown:
        raise TypeError(f"unknown groups-then-knockout settings: {sorted(unknown)}")
    current = settings_of(championship)
    changed = [k for k, v in values.items() if getattr(current, k) != v]
    if changed and championship.pk and settings_locked(championship):
        raise ServiceError(
            _("Round 1 has been released: the game settings can no longer change."),
            field=changed[0])
    for key, value in values.items():
        setattr(current, key, value)
    check_settings(current)
    if by_rating is not None and save_seed_by_rating(championship, by_rating):
        changed.append("seed_by_rating")
    shaping = [f for f in changed if f in ("group_size", "seeding", "seed_by_rating")]
    if shaping and championship.pk:
        _drop_groups(championship, shaping[0])
    current.save()
    return current


def _drop_groups(championship: Championship, field: str) -> None:
    """The groups made by the old size or seeding are made again by the director; refused
    while a drafted round 1 was drafted from them."""
    groups = Group.objects.filter(championship=championship)
    if not groups.exists():
        return
    if championship.rounds.exists():
        raise ServiceError(_("Round 1 has been drafted from the groups: delete it before "
                             "changing how the groups are made."), field=field)
    groups.delete()
