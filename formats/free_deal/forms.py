"""Forms of the free-deal pages: the format's settings. A game as a table reports it and the
other pair's PIN are the core's (``scoring.game_forms``, named here for the format's views),
as are the director's clock buttons (``scoring.forms``). They check the shape of the input;
the rules (``engine.free_deal``, through ``formats.free_deal.rules``) decide what a game may
be, naming the field."""

from __future__ import annotations

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

import engine.free_deal as fd
from formats.free_deal.models import KNOCKOUT_BEST_OF, KNOCKOUT_SIZES, FreeDealSettings
from formats.free_deal.services import settings_of
from formats.free_deal.services.sections import sections_of
from formats.free_deal.wording import METRIC_NAMES
from scoring import game_forms

# What the forms accept (the core's game forms' bounds, for the settings too).
MAX_POINTS, MAX_HANDS = game_forms.MAX_POINTS, game_forms.MAX_HANDS


def _limit(label, help_text, initial):
    return forms.IntegerField(label=label, help_text=help_text, initial=initial,
                              min_value=1, max_value=MAX_POINTS, required=False)


class TieBreakOrderWidget(forms.MultiWidget):
    """One select a place. Also reads the order as one comma-separated value (what the form
    took before it was a list, and what a script may still send)."""

    def decompress(self, value):
        names = [name.strip() for name in (value or "").split(",") if name.strip()]
        return names + [""] * (len(self.widgets) - len(names))

    def value_from_datadict(self, data, files, name):
        if name in data and f"{name}_0" not in data:
            return self.decompress(data.get(name))
        return super().value_from_datadict(data, files, name)


class TieBreakOrderField(forms.MultiValueField):
    """The ranking's tie-break order as a list the director orders by picking (one select a
    place, in the director's language), stored as the metric names joined by commas, as the
    settings and the API keep it (``rules.check_settings`` decides what an order may be)."""

    def __init__(self, **kwargs):
        choices = [("", "—"), *((name, capfirst(METRIC_NAMES[name])) for name in fd.METRICS)]
        places = len(fd.METRICS)
        fields = [forms.ChoiceField(choices=choices, required=place == 0)
                  for place in range(places)]
        widget = TieBreakOrderWidget([forms.Select(choices=choices, attrs={
            "aria-label": _("Tie-break %(place)s") % {"place": place + 1}})
            for place in range(places)])
        super().__init__(fields, widget=widget, require_all_fields=False, **kwargs)

    def compress(self, data_list):
        chosen = [name for name in data_list if name]
        twice = sorted({name for name in chosen if chosen.count(name) > 1})
        if twice:
            raise forms.ValidationError(
                _("Tie-break order: %(metric)s is picked twice; pick each once.")
                % {"metric": METRIC_NAMES[twice[0]]})
        return ",".join(chosen)


class FreeDealSettingsForm(forms.Form):
    target = _limit(_("Target"), _("Points that win a game; empty for none."), 101)
    hand_limit = _limit(_("Hand limit"), _("Hands a game lasts at most; empty for none."), 12)
    round_minutes = _limit(_("Minutes per round"),
                           _("The round's clock; empty for no clock."), 60)
    cap = _limit(_("Points cap"), _("Points above it are not counted; empty for none."), 121)
    sant_vicenc = forms.BooleanField(label=_("Sant Vicenç allowed"), required=False,
                                     initial=True)
    match_points = forms.ChoiceField(label=_("Match points"),
                                     choices=FreeDealSettings.MatchPoints.choices)
    tie_breaks = TieBreakOrderField(
        label=_("Tie-break order"), initial="match_points,point_difference,points,buchholz",
        help_text=_("Pick the first that decides, then the next for pairs still equal; "
                    "leave the rest empty."))
    bye_difference = forms.IntegerField(label=_("Bye: point difference"), initial=0,
                                        min_value=-MAX_POINTS, max_value=MAX_POINTS)
    bye_points = forms.IntegerField(label=_("Bye: points"), initial=0, min_value=0,
                                    max_value=MAX_POINTS)
    seeding = forms.ChoiceField(label=_("Round 1"), choices=FreeDealSettings.Seeding.choices)
    seed_by_rating = forms.BooleanField(
        label=_("Seed by rating"), required=False,
        help_text=_("Round 1 seeded by the pairs' ratings, best first, instead of the choice "
                    "above (each pair's rating is the mean of its players')."))
    knockout_size = forms.TypedChoiceField(
        label=_("Knockout stage"), choices=KNOCKOUT_SIZES, coerce=int, initial=0,
        required=False, empty_value=0,
        help_text=_("The top pairs of the final ranking play a seeded bracket after the "
                    "Swiss."))
    knockout_best_of = forms.TypedChoiceField(label=_("Knockout ties"),
                                              choices=KNOCKOUT_BEST_OF, coerce=int, initial=1,
                                              required=False, empty_value=1)
    sections = forms.CharField(
        label=_("Sections"), required=False, max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("One name a line, in order (e.g. Experienced, Beginners); each section is "
                    "paired and ranked on its own. Empty for a single field."))

    def clean_sections(self):
        return [line.strip() for line in self.cleaned_data.get("sections", "").splitlines()
                if line.strip()]

    @classmethod
    def for_championship(cls, championship=None, data=None, *, locked: bool = False):
        initial = None
        if championship is not None and championship.pk:
            current = settings_of(championship)
            initial = {name: getattr(current, name) for name in cls.base_fields
                       if name != "sections"}
            initial["sections"] = "\n".join(s.name for s in sections_of(championship))
        form = cls(data, initial=initial, prefix="fd")
        if locked:
            for field in form.fields.values():
                field.disabled = True
        return form


GameForm = game_forms.GameForm
DirectorGameForm = game_forms.DirectorGameForm
PinForm = game_forms.PinForm
