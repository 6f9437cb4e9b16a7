"""The format's own settings (rules.md 11): stored beside the championship, locked once
round 1 is released, like the championship's other settings."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from formats.free_deal.models import FreeDealSettings
from formats.free_deal.rules import check_settings
from formats.free_deal.services.sections import save_sections
from tournaments import audit
from tournaments.models import AuditEvent, Championship
from tournaments.services.championships import settings_locked
from tournaments.services.common import ServiceError
from tournaments.services.seeding import save_seed_by_rating

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
def save_settings(championship: Championship, *, by=None, origin=None,
                  **values) -> FreeDealSettings:
    """Store the settings, all checked together (a cap below the target is refused, say).
    Refused once round 1 is released. ``seed_by_rating`` is kept on the championship
    (``tournaments.services.seeding``). ``sections`` (a list of names, in order) replaces the
    sections (``services.sections``). A change of the knockout stage's settings is audited
    (who, when, from where: before and after), as every knockout action is."""
    sections = values.pop("sections", None)
    by_rating = values.pop("seed_by_rating", None)
    unknown = set(values) - set(SETTINGS_FIELDS)
    if unknown:
        raise TypeError(f"unknown free-deal settings: {sorted(unknown)}")
    current = settings_of(championship)
    changed = {k: v for k, v in values.items() if getattr(current, k) != v}
    knockout_before = _knockout_text(current.knockout_size, current.knockout_best_of)
    if changed and championship.pk and settings_locked(championship):
        raise ServiceError(
            _("Round 1 has been released: the game settings can no longer change."),
            field=next(iter(changed)),
        )
    for key, value in values.items():
        setattr(current, key, value)
    check_settings(current)
    if by_rating is not None:
        save_seed_by_rating(championship, by_rating)
    current.save()
    if {"knockout_size", "knockout_best_of"} & set(changed):
        audit.record(AuditEvent.Action.KNOCKOUT_SETTINGS_CHANGED, championship, by=by,
                     origin=origin, detail=f"{knockout_before} -> " + _knockout_text(
                         current.knockout_size, current.knockout_best_of))
    if sections is not None:
        save_sections(championship, sections)
    return current


def _knockout_text(size: int, best_of: int) -> str:
    """``size 4, best of 3``: the audit's detail, in no language (numbers only)."""
    return f"size {size}, best of {best_of}"
