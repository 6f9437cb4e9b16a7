"""API serializers. Validation of a result is shared with the forms
(:func:`scoring.services.check_result_values`)."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring.api.enums import CELL_STATUSES, enum_schema
from scoring.models import ResultEntry
from scoring.services import check_result_values

SMALL_INT = 32_767  # the largest value of a small integer column, on every database


class ResultSubmitSerializer(serializers.Serializer):
    deal = serializers.IntegerField(
        min_value=1, max_value=100_000,
        help_text=_("Deal number (numbered through the championship)."),
    )
    contract = serializers.ChoiceField(
        choices=ResultEntry.Contract.choices,
        error_messages={"invalid_choice": _("Contract: choose a suit or Botifarra.")},
    )
    # The bounds are the column's (a small integer): a number no database holds is refused
    # here; 0 to 72 is checked, with its own message, by check_result_values.
    points_ns = serializers.IntegerField(
        min_value=-SMALL_INT, max_value=SMALL_INT,
        error_messages={key: _("NS points: enter a whole number from 0 to 72.")
                        for key in ("invalid", "min_value", "max_value", "max_string_length")},
    )
    points_ew = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=-SMALL_INT, max_value=SMALL_INT,
        help_text=_("Optional; if given, NS + EW must be 72."),
        error_messages={
            key: _("EW points: enter a whole number from 0 to 72, or leave it empty.")
            for key in ("invalid", "min_value", "max_value", "max_string_length")
        },
    )
    delegated = serializers.BooleanField(default=False)
    contro = serializers.BooleanField(default=False)
    recontro = serializers.BooleanField(default=False)
    sant_vicenc = serializers.BooleanField(
        default=False, help_text=_("Not allowed in duplicate: true is rejected.")
    )
    breach = serializers.ChoiceField(
        choices=ResultEntry.Breach.choices,
        default=ResultEntry.Breach.NONE,
        error_messages={"invalid_choice": _("Rule breach: choose none, NS, EW or both.")},
    )
    idempotency_key = serializers.CharField(
        required=False, allow_blank=True, max_length=64,
        help_text=_("A random key per submission: sending it again stores the result once."),
    )

    def validate(self, attrs):
        try:
            attrs["result"] = check_result_values(
                contract=attrs.get("contract"),
                points_ns=attrs.get("points_ns"),
                points_ew=attrs.get("points_ew"),
                delegated=attrs.get("delegated", False),
                contro=attrs.get("contro", False),
                recontro=attrs.get("recontro", False),
                sant_vicenc=attrs.get("sant_vicenc", False),
                breach=attrs.get("breach", ResultEntry.Breach.NONE),
            )
        except DjangoValidationError as exc:
            raise serializers.ValidationError(exc.message_dict) from exc
        return attrs


class ResultEntrySerializer(serializers.Serializer):
    """One stored entry (read only). Fields are declared rather than derived from the model:
    a captain's every write answers with one, and deriving them costs more than the write."""

    id = serializers.IntegerField(read_only=True)
    round = serializers.IntegerField(source="deal.round.number", read_only=True)
    table = serializers.IntegerField(source="table.number", read_only=True)
    deal = serializers.IntegerField(source="deal.number", read_only=True)
    contract = serializers.ChoiceField(choices=ResultEntry.Contract.choices, read_only=True)
    delegated = serializers.BooleanField(read_only=True)
    contro = serializers.BooleanField(read_only=True)
    recontro = serializers.BooleanField(read_only=True)
    points_ns = serializers.IntegerField(read_only=True)
    points_ew = serializers.IntegerField(read_only=True)
    breach = serializers.ChoiceField(choices=ResultEntry.Breach.choices, read_only=True)
    created_at = serializers.DateTimeField(read_only=True)
    status = serializers.SerializerMethodField()

    @extend_schema_field(enum_schema(CELL_STATUSES))
    def get_status(self, entry) -> str:
        from scoring.selectors import entry_state

        # A view that has just created or confirmed the entry knows its state already.
        known = getattr(entry, "known_status", None)
        return known if known is not None else entry_state(entry)


class CaptainTableSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    open = serializers.BooleanField(
        help_text=_("Whether the link may enter and confirm results at this table now.")
    )
    side = serializers.ChoiceField(choices=["NS", "EW"])
    opponent = serializers.IntegerField(source="opponent.number")
    opponent_name = serializers.CharField(source="opponent.name")
    deals = serializers.ListField(child=serializers.IntegerField())


class StandingSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    label = serializers.CharField(help_text=_("The place as shown, e.g. '4='."))
    shared = serializers.BooleanField()
    team = serializers.IntegerField(source="team.number")
    name = serializers.CharField(source="team.name")
    players = serializers.CharField(source="team.players")
    total = serializers.CharField(source="total_plain", help_text=_("2 decimals, halves up."))
    total_exact = serializers.SerializerMethodField(help_text=_("Exact fraction, e.g. '185/8'."))
    deals = serializers.IntegerField()
    deal_score_sum = serializers.IntegerField()
    tops = serializers.IntegerField()

    def get_total_exact(self, row) -> str:
        return str(row.total)


class DisputeSerializer(serializers.Serializer):
    comment = serializers.CharField(
        max_length=2000, help_text=_("What is wrong, for the director."),
        error_messages={
            "blank": _("Comment: say what is wrong, so that the director can settle it."),
            "required": _("Comment: say what is wrong, so that the director can settle it."),
        },
    )


class PinSerializer(serializers.Serializer):
    pin = serializers.RegexField(
        r"^[0-9]{4}$", help_text=_("The other pair's 4-digit PIN."),
        error_messages={
            "invalid": _("PIN: type the other pair's 4 digits."),
            "required": _("PIN: type the other pair's 4 digits."),
            "blank": _("PIN: type the other pair's 4 digits."),
        },
    )


class ErrorSerializer(serializers.Serializer):
    """A refusal: ``{"detail": ..., "code": ...}``; bad input instead maps each field to
    its messages (``{"<field>": ["..."]}``)."""

    detail = serializers.CharField()
    code = serializers.CharField()


class ImportRowErrorSerializer(serializers.Serializer):
    """One bad row of an import: its number, the column and what is wrong."""

    row = serializers.IntegerField()
    field = serializers.CharField()
    message = serializers.CharField()


class FieldErrorsSerializer(serializers.Serializer):
    """Bad input (HTTP 400), one shape for every endpoint: each field sent wrong maps to its
    messages, ``{"points_ns": ["..."]}`` (the schema's ``additionalProperties``, see
    ``scoring.api.schema``); what concerns no one field is in ``non_field_errors``; an
    import adds ``rows``; a body that cannot be read at all gets ``detail`` and ``code``."""

    non_field_errors = serializers.ListField(child=serializers.CharField(), required=False)
    rows = ImportRowErrorSerializer(many=True, required=False)
    detail = serializers.CharField(required=False)
    code = serializers.CharField(required=False)


# Kept for the views that name their 400 (the schema gives every 400 this shape anyway).
FIELD_ERRORS = FieldErrorsSerializer
