"""The forms of an individual championship's own settings (rules.md 10): four or three
players a table, and for a free-deal evening (10.4) the hand limit and the minutes per
round. It checks the shape; ``services.save_settings`` decides."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from formats.abarrotada.models import IndividualSettings
from formats.abarrotada.services import settings_of


class IndividualSettingsForm(forms.Form):
    form = forms.TypedChoiceField(label=_("Players a table"), coerce=int,
                                  choices=IndividualSettings.Form.choices, initial=4)
    hand_limit = forms.IntegerField(label=_("Hand limit"), min_value=1, max_value=999,
                                    required=False,
                                    help_text=_("Hands a game lasts at most; empty for none."))
    round_minutes = forms.IntegerField(label=_("Minutes per round"), min_value=1,
                                       max_value=999, required=False,
                                       help_text=_("Empty for no clock."))

    @classmethod
    def for_championship(cls, championship=None, data=None, *, evening: bool):
        initial = None
        if championship is not None and championship.pk:
            current = settings_of(championship)
            initial = {"form": current.form, "hand_limit": current.hand_limit,
                       "round_minutes": current.round_minutes}
        form = cls(data, initial=initial, prefix="ab")
        if not evening:
            # The duplicate format has deals, not a game's limits.
            del form.fields["hand_limit"], form.fields["round_minutes"]
        return form


class PlayerForm(forms.Form):
    """One player of an individual championship (rules.md 10): the shape; the services
    check the names and numbers as for teams."""

    number = forms.IntegerField(label=_("Number"), min_value=1, required=False,
                                help_text=_("Leave empty for the next free number."))
    name = forms.CharField(label=_("Player"), max_length=120)
    club = forms.CharField(label=_("Club"), max_length=120, required=False)
    licence = forms.CharField(label=_("Licence number"), max_length=20, required=False)
