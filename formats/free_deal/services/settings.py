"""The format's own settings (rules.md 11): stored beside the championship, locked once
round 1 is released, like the championship's other settings."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from formats.free_deal.models import FreeDealSettings
from formats.free_deal.rules import check_settings
from formats.free_deal.services.sections import save_sections
from tournaments.models import Championship
from tournaments.services.championships import settings_locked
from tournaments.services.common import ServiceError

SETTINGS_FIELDS = ("target", "hand_limit", "round_minutes", "cap", "sant_vicenc",
                   "match_points", "tie_breaks", "bye_difference", "bye_points", "seeding",
                   "knockout_size", "knockout_best_of")


def settings_of(championship: Championship) -> FreeDealSettings:
    """The championship's settings; the defaults of rules.md 11 if none were saved."""
    try:
        return championship.free_deal_settings
    except FreeDealSettings.DoesNotExist:
        return FreeDealSettings(championship=championship)


@transaction.atomic
def save_settings(championship: Championship, **values) -> FreeDealSettings:
    """Store the settings, all checked together (a cap below the target is refused, say).
    Refused once round 1 is released. ``sections`` (a list of names, in order) replaces the
    sections (``services.sections``)."""
    sections = values.pop("sections", None)
    unknown = set(values) - set(SETTINGS_FIELDS)
    if unknown:
        raise TypeError(f"unknown free-deal settings: {sorted(unknown)}")
    current = settings_of(championship)
    changed = {k: v for k, v in values.items() if getattr(current, k) != v}
    if changed and championship.pk and settings_locked(championship):
        raise ServiceError(
            _("Round 1 has been released: the game settings can no longer change."),
            field=next(iter(changed)),
        )
    for key, value in values.items():
        setattr(current, key, value)
    check_settings(current)
    current.save()
    if sections is not None:
        save_sections(championship, sections)
    return current
