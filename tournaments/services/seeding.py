"""The "seed by rating" setting (rules.md 13.3): round 1 of a Swiss event, or the groups,
seeded by the players' ratings (``tournaments.rating_selectors.seeding_order``).

It is stored on the championship, but each format whose round 1 may be seeded offers it among
its own settings (its form and its API object) and stores it through :func:`save_seed_by_rating`
from its own ``save_settings``, so the same lock and the same refusal hold for every format.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.models import Championship
from tournaments.services.championships import settings_locked
from tournaments.services.common import ServiceError

FIELD = "seed_by_rating"


def save_seed_by_rating(championship: Championship, value: bool) -> bool:
    """Store ``value`` (inside the caller's transaction); whether it changed. Refused, naming
    the field, once round 1 is released."""
    value = bool(value)
    if championship.seed_by_rating == value:
        return False
    if championship.pk and settings_locked(championship):
        raise ServiceError(_("Seed by rating can no longer change: round 1 has been "
                             "released."), field=FIELD)
    championship.seed_by_rating = value
    if championship.pk:
        Championship.objects.filter(pk=championship.pk).update(seed_by_rating=value)
    return True
