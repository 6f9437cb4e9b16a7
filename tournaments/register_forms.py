"""Forms of the register's pages (rules.md 13.1). They check the shape only; the services
(``tournaments.services.register`` and ``merges``) decide."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player


class PlayerSearchForm(forms.Form):
    q = forms.CharField(label=_("Name"), max_length=120, required=False)


class PlayerEditForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=Player._meta.get_field("name").max_length)
    club = forms.CharField(label=_("Club"), max_length=120, required=False)
    licence = forms.CharField(label=_("Licence number"), max_length=20, required=False,
                              help_text=_("Optional; at most 20 letters, digits, dots, "
                                          "slashes, dashes or spaces."))


class MergeForm(forms.Form):
    kept = forms.IntegerField(label=_("Player kept"), min_value=1)
    merged = forms.IntegerField(label=_("Duplicate merged"), min_value=1)
