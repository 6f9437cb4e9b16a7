"""The form a player fills in for one deal (rules.md 10.2): the trump maker's seat, the
contract, who said contro, each seat's points, breaches; the rarer calls (delegations,
Estevet, recontro, Sant Vicenç) below them. It checks the shape; the rules decide."""

from __future__ import annotations

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from formats.abarrotada.rules import ReportValues
from scoring.models import ResultEntry
from tournaments.phrases import phrase

SEAT_NAMES = {"N": _("North"), "E": _("East"), "S": _("South"), "W": _("West")}


class ReportForm(forms.Form):
    idempotency_key = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)
    maker = forms.ChoiceField(label=_("Trump maker"))
    contract = forms.ChoiceField(label=_("Contract"), choices=ResultEntry.Contract.choices)
    contro_by = forms.MultipleChoiceField(label=_("Contro by"), required=False,
                                          widget=forms.CheckboxSelectMultiple)
    breaches = forms.MultipleChoiceField(label=_("Broke a rule"), required=False,
                                         widget=forms.CheckboxSelectMultiple)
    delegations = forms.IntegerField(label=_("Delegations"), min_value=0, max_value=3,
                                     initial=0, required=False)
    estevet = forms.BooleanField(label=_("Estevet"), required=False)
    recontro_by = forms.ChoiceField(label=_("Recontro by"), required=False)
    sant_vicenc_by = forms.ChoiceField(label=_("Sant Vicenç by"), required=False)

    def __init__(self, *args, seats: str = "NESW", names: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        names = names or {}
        self.seats = seats

        def label(seat):
            return f"{SEAT_NAMES[seat]} ({names[seat]})" if names.get(seat) else SEAT_NAMES[seat]

        choices = [(seat, label(seat)) for seat in seats]
        for name in ("maker", "contro_by", "breaches"):
            self.fields[name].choices = choices
        for name in ("recontro_by", "sant_vicenc_by"):
            self.fields[name].choices = [("", "—"), *choices]
        for seat in seats:
            points_label = phrase(_("%(seat)s's points"), seat=label(seat))
            self.fields[f"points_{seat.lower()}"] = forms.IntegerField(
                label=points_label, min_value=0, max_value=72,
                error_messages={"required": _("%(field)s: missing.") % {
                    "field": capfirst(points_label)}},
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
        order = ["idempotency_key", "maker", "contract",
                 *[f"points_{s.lower()}" for s in seats], "contro_by", "breaches",
                 "delegations", "estevet", "recontro_by", "sant_vicenc_by"]
        self.order_fields(order)

    def values(self) -> ReportValues:
        data = self.cleaned_data
        return ReportValues(
            maker=data["maker"], contract=data["contract"],
            points={seat: data[f"points_{seat.lower()}"] for seat in self.seats},
            contro_by="".join(data["contro_by"]), breaches="".join(data["breaches"]),
            delegations=data.get("delegations") or 0, estevet=data["estevet"],
            recontro_by=data["recontro_by"], sant_vicenc_by=data["sant_vicenc_by"])


class PinForm(forms.Form):
    """Another player's PIN, typed on this player's phone to confirm this player's entry."""

    pin = forms.CharField(
        label=_("PIN of another player at the table"), max_length=4, required=False,
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "pattern": "[0-9]{4}",
                                          "autocomplete": "off", "class": "pin"}))

    def clean_pin(self):
        pin = self.cleaned_data.get("pin", "").strip()
        if len(pin) != 4 or not all("0" <= char <= "9" for char in pin):
            raise forms.ValidationError(_("PIN: type the 4 digits of another player at the "
                                          "table."))
        return pin
