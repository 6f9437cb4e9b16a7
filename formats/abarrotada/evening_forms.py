"""Forms of a free-deal evening of *abarrotada* (rules.md 10.4): each seat's game total, and
the hands played. They check the shape; the services (``services.totals``) decide."""

from __future__ import annotations

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from formats.abarrotada.services import TotalsValues
from formats.abarrotada.services.totals import MAX_TOTAL

SEAT_LABELS = {"N": _("North's total"), "E": _("East's total"), "S": _("South's total"),
               "W": _("West's total")}


class TotalsForm(forms.Form):
    """Each seated player's game total (the seats of the table's form), the hands played."""

    hands_played = forms.IntegerField(label=_("Hands played"), min_value=1, max_value=999,
                                      required=False)
    idempotency_key = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)

    def __init__(self, *args, seats=None, names=None, **kwargs):
        super().__init__(*args, **kwargs)
        names = names or {}
        self.seats = list(seats or "NESW")
        for position, seat in enumerate(self.seats):
            label = SEAT_LABELS[seat]
            if names.get(seat):
                label = f"{label} ({names[seat]})"
            self.fields[f"total_{seat.lower()}"] = forms.IntegerField(
                label=label, min_value=0, max_value=MAX_TOTAL,
                # A refusal read away from its field still says whose total it wants.
                error_messages={"required": _("%(field)s: missing.") % {"field": capfirst(label)}},
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
            # The totals first, in seat order, then the hands played.
            self.order_fields([f"total_{s.lower()}" for s in self.seats[:position + 1]])

    def values(self) -> TotalsValues:
        data = self.cleaned_data
        return TotalsValues({seat: data[f"total_{seat.lower()}"] for seat in self.seats},
                            data.get("hands_played"))


class DirectorTotalsForm(TotalsForm):
    note = forms.CharField(label=_("Note"), max_length=2000, required=False,
                           widget=forms.Textarea(attrs={"rows": 2}))
