"""The series' forms: they check the shape of the input only; ``series.services`` decides
what is allowed and its refusals are put under their fields by the views."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from series.models import Series


class SeriesForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    points_table = forms.ChoiceField(label=_("Points table"), choices=Series.PointsTable.choices,
                                     widget=forms.RadioSelect,
                                     initial=Series.PointsTable.DEFAULT)
    typed_points = forms.CharField(
        label=_("Typed points"), required=False, max_length=5000,
        help_text=_("For a typed table: the points of 1st, 2nd, 3rd... place, separated by "
                    "spaces, e.g. “25 20 16.5 13”. Places further down score 0."))
    best_of = forms.IntegerField(
        label=_("Best results counted"), required=False,
        help_text=_("Each player's best N results make the total; blank: all of them."))
    updates = forms.ChoiceField(label=_("Updates"), choices=Series.Updates.choices,
                                widget=forms.RadioSelect, initial=Series.Updates.FINISHED)
    results_public = forms.BooleanField(label=_("Ranking is public"), required=False)

    @staticmethod
    def initial_of(series: Series) -> dict:
        return {"name": series.name, "points_table": series.points_table,
                "typed_points": " ".join(series.typed_points), "best_of": series.best_of,
                "updates": series.updates, "results_public": series.results_public}


class AddChampionshipForm(forms.Form):
    championship = forms.TypedChoiceField(label=_("Championship"), coerce=int, choices=())

    def __init__(self, *args, championships=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["championship"].choices = [(c.pk, c.name) for c in championships]


class AddSeriesDirectorForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)
