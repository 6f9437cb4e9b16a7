"""Forms of the director's and public pages. They only check the shape of the input; the
services decide what is allowed and report problems that the views attach to the fields."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.limits import MAX_TABLE_NUMBER, MAX_TEAM_NUMBER
from tournaments.models import Championship, Team


def posted(request):
    """The data to bind a form to: a POST, even an empty one (``request.POST or None``
    would leave a form posted with no field unbound, shown again without a word)."""
    return request.POST if request.method == "POST" else None


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, **kwargs):
        super().__init__(format="%Y-%m-%d", **kwargs)


class ChampionshipForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)
    starts_on = forms.DateField(label=_("First day"), required=False, widget=DateInput())
    ends_on = forms.DateField(label=_("Last day"), required=False, widget=DateInput())
    movement = forms.ChoiceField(label=_("Movement"), choices=Championship.Movement.choices)
    rounds_planned = forms.IntegerField(
        label=_("Number of rounds (Swiss)"),
        min_value=1,
        max_value=200,
        required=False,
        help_text=_("Swiss only; a round robin plays every opponent once."),
    )
    deals_per_match = forms.IntegerField(
        label=_("Deals per match"), min_value=1, max_value=12, initial=4
    )
    variant = forms.ChoiceField(
        label=_("Rule variant"), choices=Championship.Variant.choices,
        initial=Championship.Variant.EASTERN,
    )
    doubling = forms.ChoiceField(label=_("Doubling scheme"), choices=Championship.Doubling.choices)
    results_public = forms.BooleanField(label=_("Results are public"), required=False)
    show_ratings = forms.BooleanField(
        label=_("Show ratings on the ranking sheet"), required=False,
        help_text=_("A “Rating” column with each player's rating (rules.md 13.3)."))

    # Set by every format; a format shows only the settings it uses (``formats``).
    FORMAT_SETTINGS = ("movement", "rounds_planned", "deals_per_match", "variant", "doubling")

    def __init__(self, *args, locked: tuple[str, ...] = (), shown: tuple[str, ...] | None = None,
                 **kwargs):
        super().__init__(*args, **kwargs)
        if shown is not None:
            for name in self.FORMAT_SETTINGS:
                if name not in shown:
                    del self.fields[name]
            if "rounds_planned" in self.fields and "movement" not in self.fields:
                # A format with one movement (a free-deal Swiss, an individual's seatings):
                # no word of the round robin it does not have.
                self.fields["rounds_planned"].label = _("Number of rounds")
                self.fields["rounds_planned"].help_text = ""
        for field in locked:
            # A disabled field keeps its initial value whatever is posted.
            if field in self.fields:
                self.fields[field].disabled = True

    @classmethod
    def initial_from(cls, championship: Championship) -> dict:
        return {name: getattr(championship, name) for name in cls.base_fields}


class TeamForm(forms.Form):
    number = forms.IntegerField(
        label=_("Number"), min_value=1, max_value=MAX_TEAM_NUMBER, required=False,
        help_text=_("Leave empty for the next free number."),
    )
    name = forms.CharField(label=_("Pair name"), max_length=Team._meta.get_field("name").max_length)
    club = forms.CharField(label=_("Club"), max_length=120, required=False)
    player1 = forms.CharField(label=_("First player"), max_length=120)
    player2 = forms.CharField(label=_("Second player"), max_length=120)


class TeamImportForm(forms.Form):
    file = forms.FileField(
        label=_("File (CSV or Excel .xlsx)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.xlsx,text/csv"}),
    )


class AddDirectorForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)


class SwapTeamsForm(forms.Form):
    team_a = forms.ModelChoiceField(label=_("Pair"), queryset=Team.objects.none())
    team_b = forms.ModelChoiceField(label=_("with pair"), queryset=Team.objects.none())

    def __init__(self, *args, championship: Championship, **kwargs):
        super().__init__(*args, **kwargs)
        teams = championship.teams.order_by("number")
        self.fields["team_a"].queryset = teams
        self.fields["team_b"].queryset = teams


class SwapTablesForm(forms.Form):
    table_a = forms.IntegerField(label=_("Table"), min_value=1, max_value=MAX_TABLE_NUMBER)
    table_b = forms.IntegerField(label=_("with table"), min_value=1, max_value=MAX_TABLE_NUMBER)


class DealImportForm(forms.Form):
    text = forms.CharField(
        label=_("Deals, one per line"),
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "autocomplete": "off"}),
        help_text=_(
            "The deal number, a space, then the deal in the notation of the rules, e.g. "
            "“5 N:9RS.A82..RC654 …”. Empty lines and lines starting with # are ignored."
        ),
    )


class DealCheckForm(forms.Form):
    number = forms.IntegerField(label=_("Deal number"), min_value=1, max_value=100000)
