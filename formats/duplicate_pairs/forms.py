"""The duplicate pairs' forms: a deal's result (the captain's and the director's), a
dispute, the other team's PIN, an adjusted score and its withdrawal. Validation of a
result lives in :func:`scoring.services.check_result_values`, shared with the API and the
services."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoring.forms import new_idempotency_key
from scoring.models import Adjustment, ResultEntry
from scoring.services import ResultData, check_result_values, parse_adjusted_value

NUMERIC = {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}


class RadioErrorsTied:
    """Ties a group of radios to its error, for screen readers without JavaScript.

    Django ties a field's help text and error to its input (``aria-describedby``,
    ``aria-invalid``), but not a group of radios, which it lays out as a fieldset. After
    validation, every radio of a group with an error is marked invalid and points at the
    error list (whose id Django gives as ``<id>_error``)."""

    def full_clean(self):
        super().full_clean()
        for name in self.errors:
            field = self.fields.get(name)
            if field is not None and isinstance(field.widget, forms.RadioSelect):
                field.widget.attrs.update({"aria-invalid": "true",
                                           "aria-describedby": f"{self[name].auto_id}_error"})


class ResultForm(RadioErrorsTied, forms.Form):
    """One deal's result (rules.md 6.1); works without JavaScript."""

    contract = forms.ChoiceField(
        label=_("Contract"),
        choices=ResultEntry.Contract.choices,
        widget=forms.RadioSelect(attrs={"class": "choice"}),
        required=False,
        error_messages={"invalid_choice": _("Contract: choose a suit or Botifarra.")},
    )
    delegated = forms.BooleanField(label=_("Dealer delegated"), required=False)
    contro = forms.BooleanField(label=_("Contro"), required=False)
    recontro = forms.BooleanField(
        label=_("Recontro"), required=False, help_text=_("Only after contro.")
    )
    sant_vicenc = forms.BooleanField(
        label=_("Sant Vicenç"),
        required=False,
        help_text=_("Not allowed in duplicate."),
    )
    points_ns = forms.IntegerField(
        label=_("NS points"),
        required=False,
        widget=forms.NumberInput(attrs={**NUMERIC, "min": 0, "max": 72, "class": "points"}),
        error_messages={"invalid": _("NS points: enter a whole number from 0 to 72.")},
    )
    points_ew = forms.IntegerField(
        label=_("EW points"),
        required=False,
        help_text=_("Optional; 72 − NS ="),
        widget=forms.NumberInput(attrs={**NUMERIC, "min": 0, "max": 72, "class": "points"}),
        error_messages={
            "invalid": _("EW points: enter a whole number from 0 to 72, or leave it empty.")
        },
    )
    breach = forms.ChoiceField(
        label=_("Rule breach"),
        choices=ResultEntry.Breach.choices,
        widget=forms.RadioSelect(attrs={"class": "choice"}),
        required=False,
        initial=ResultEntry.Breach.NONE,
        error_messages={"invalid_choice": _("Rule breach: choose none, NS, EW or both.")},
    )
    idempotency_key = forms.CharField(
        widget=forms.HiddenInput, required=False, max_length=64,
        error_messages={"max_length": _("Form key: at most 64 characters. Reload the page and "
                                        "enter the result again.")},
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("idempotency_key", new_idempotency_key())
        kwargs["initial"].setdefault("breach", ResultEntry.Breach.NONE)
        super().__init__(*args, **kwargs)

    def clean(self):
        cleaned = super().clean()
        # The key is a hidden field, whose errors a page does not show beside it.
        for message in self.errors.pop("idempotency_key", []):
            self.add_error(None, message)
        values = {
            "contract": cleaned.get("contract"),
            "points_ns": cleaned.get("points_ns"),
            "points_ew": cleaned.get("points_ew"),
            "delegated": cleaned.get("delegated", False),
            "contro": cleaned.get("contro", False),
            "recontro": cleaned.get("recontro", False),
            "sant_vicenc": cleaned.get("sant_vicenc", False),
            "breach": cleaned.get("breach") or ResultEntry.Breach.NONE,
        }
        try:
            self.result = check_result_values(**values)
        except ValidationError as exc:
            for name, messages in exc.message_dict.items():
                if name not in self.errors:  # one message per field is enough
                    for message in messages:
                        self.add_error(name, message)
        return cleaned

    def result_data(self) -> ResultData:
        return self.result


class DirectorResultForm(ResultForm):
    note = forms.CharField(
        label=_("Reason"),
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
    )

    def clean_note(self):
        note = self.cleaned_data.get("note", "").strip()
        if not note:
            raise ValidationError(_("Reason: say why the director enters this result."))
        return note

    @staticmethod
    def initial_from(entry: ResultEntry | None) -> dict:
        """The fields of ``entry`` (none when there is no entry), to start an override from."""
        if entry is None:
            return {}
        return {"contract": entry.contract, "delegated": entry.delegated,
                "contro": entry.contro, "recontro": entry.recontro,
                # EW's points stay empty: they follow from NS's (and a stale EW figure would
                # refuse a corrected NS one).
                "points_ns": entry.points_ns,
                "breach": entry.breach}


class DisputeForm(forms.Form):
    comment = forms.CharField(
        label=_("What is wrong?"),
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
        max_length=2000,
    )

    def clean_comment(self):
        comment = self.cleaned_data.get("comment", "").strip()
        if not comment:
            raise ValidationError(
                _("Comment: say what is wrong, so that the director can settle it.")
            )
        return comment


class PinForm(forms.Form):
    pin = forms.CharField(
        label=_("PIN of the other pair"),
        max_length=4,
        required=False,
        widget=forms.PasswordInput(
            attrs={"inputmode": "numeric", "pattern": "[0-9]{4}", "autocomplete": "off",
                   "class": "pin"}
        ),
    )

    def clean_pin(self):
        pin = self.cleaned_data.get("pin", "").strip()
        # ASCII digits: "١٢٣٤".isdigit() is true too, and a PIN is never typed that way.
        if len(pin) != 4 or not all("0" <= char <= "9" for char in pin):
            raise ValidationError(_("PIN: type the other pair's 4 digits."))
        return pin


class AdjustmentForm(RadioErrorsTied, forms.Form):
    SIDES = [("NS", _("NS")), ("EW", _("EW")), ("both", _("Both sides"))]

    side = forms.ChoiceField(label=_("Side"), choices=SIDES, widget=forms.RadioSelect)
    kind = forms.ChoiceField(
        label=_("Adjusted score"), choices=Adjustment.Kind.choices, widget=forms.RadioSelect
    )
    value = forms.CharField(
        label=_("Custom value (0 to 2)"),
        required=False,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
    )
    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 2}),
                             required=False)

    def clean_reason(self):
        reason = self.cleaned_data.get("reason", "").strip()
        if not reason:
            raise ValidationError(_("Reason: an adjusted score always needs a written reason."))
        return reason

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("kind") == Adjustment.Kind.CUSTOM:
            try:
                cleaned["fraction"] = parse_adjusted_value(cleaned.get("value", ""))
            except ValidationError as exc:
                for message in exc.message_dict.get("value", exc.messages):
                    self.add_error("value", message)
        else:
            cleaned["fraction"] = None
        return cleaned


class ClearAdjustmentForm(forms.Form):
    side = forms.ChoiceField(choices=Adjustment.Side.choices, widget=forms.HiddenInput)
    reason = forms.CharField(label=_("Reason"), required=False)

    def clean_reason(self):
        reason = self.cleaned_data.get("reason", "").strip()
        if not reason:
            raise ValidationError(_("Reason: say why the adjusted score is withdrawn."))
        return reason
