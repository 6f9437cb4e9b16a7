"""Forms of the groups-then-knockout pages: the format's settings and a swap of two pairs.
They check the shape of the input; the services (through ``rules``, the engine's rules)
decide, naming the field."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from formats.groups_knockout.models import BEST_OF, GROUP_SIZES, WIN_POINTS, GroupsSettings
from formats.groups_knockout.services import settings_of

MAX_HANDS = 99
BRACKET_SIZES = [(None, _("The smallest that holds every group's qualifiers"))] + [
    (size, str(size)) for size in (2, 4, 8, 16, 32, 64)]


class GroupsSettingsForm(forms.Form):
    group_size = forms.TypedChoiceField(label=_("Group size"), choices=GROUP_SIZES, coerce=int,
                                        initial=4)
    hands_per_game = forms.IntegerField(label=_("Hands per game"), initial=8, min_value=1,
                                        max_value=MAX_HANDS)
    extra_hands = forms.IntegerField(
        label=_("Extra hands when level"), initial=2, min_value=1, max_value=MAX_HANDS,
        help_text=_("Played again and again until one pair leads: a game is never a draw."))
    win_points = forms.TypedChoiceField(label=_("Match points for a win"), choices=WIN_POINTS,
                                        coerce=int, initial=1)
    qualifiers_per_group = forms.IntegerField(label=_("Pairs through per group"), initial=1,
                                              min_value=1, max_value=5)
    bracket_size = forms.TypedChoiceField(
        label=_("Bracket size"), choices=BRACKET_SIZES, coerce=int, required=False,
        empty_value=None,
        help_text=_("Places left after the groups' qualifiers go to the best of the rest "
                    "(repechage)."))
    best_of = forms.TypedChoiceField(label=_("Knockout ties"), choices=BEST_OF, coerce=int,
                                     initial=1)
    third_place = forms.BooleanField(label=_("Third-place game"), required=False)
    seeding = forms.ChoiceField(label=_("Groups"), choices=GroupsSettings.Seeding.choices)
    seed_by_rating = forms.BooleanField(
        label=_("Seed by rating"), required=False,
        help_text=_("The groups made snake-wise from the pairs' ratings, best first, instead "
                    "of the choice above (each pair's rating is the mean of its players')."))

    @classmethod
    def for_championship(cls, championship=None, data=None):
        initial = None
        if championship is not None and championship.pk:
            current = settings_of(championship)
            initial = {name: getattr(current, name) for name in cls.base_fields}
        return cls(data, initial=initial, prefix="gk")


class SwapForm(forms.Form):
    """Two pairs of different groups, by number."""

    first = forms.IntegerField(label=_("Pair"), min_value=1, max_value=100_000)
    second = forms.IntegerField(label=_("swapped with pair"), min_value=1, max_value=100_000)


class DrawForm(forms.Form):
    """A tie's drawn order: its pairs' numbers, best first (``for_me``: the server draws;
    the order given then does not matter). ``back``: the page the form was on."""

    pairs = forms.CharField(label=_("Drawn order (pair numbers, best first)"), max_length=200)
    for_me = forms.BooleanField(required=False)
    back = forms.ChoiceField(choices=[("going_through", "going_through"),
                                      ("standings", "standings")], required=False)

    def clean_pairs(self) -> list[int]:
        words = self.cleaned_data["pairs"].replace(",", " ").split()
        if not words or not all(word.isdigit() for word in words):
            raise forms.ValidationError(_("Give the pairs' numbers, separated by commas."))
        return [int(word) for word in words]
