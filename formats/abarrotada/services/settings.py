"""The individual format's own settings (rules.md 10): the form, four or three a table."""

from __future__ import annotations

from django.utils.translation import gettext as _

from engine.abarrotada import Form
from formats.abarrotada.models import IndividualSettings
from tournaments.models import Championship
from tournaments.services.common import ServiceError


def settings_of(championship: Championship) -> IndividualSettings:
    """The championship's settings (the defaults, unsaved, until the director sets them)."""
    try:
        return championship.individual_settings
    except IndividualSettings.DoesNotExist:
        return IndividualSettings(championship=championship)


def form_of(championship: Championship) -> Form:
    return Form(settings_of(championship).form)


def save_settings(championship: Championship, *, form: int) -> IndividualSettings:
    """Store the settings; locked once round 1 is released, like the others."""
    if championship.rounds.exclude(status="drafted").exists():
        raise ServiceError(_("The settings are locked once round 1 is released."), field="form")
    if championship.rounds.exists() and settings_of(championship).form != int(form):
        raise ServiceError(_("Discard the drafted rounds before changing the number of players "
                             "a table."), field="form")
    settings, _created = IndividualSettings.objects.update_or_create(
        championship=championship, defaults={"form": int(form)})
    return settings
