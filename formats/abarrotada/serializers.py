"""Serializers of the individual API (``formats.abarrotada.api``): a deal as a table reports
it, and the tables, reports and standings lines it answers with. They check the shape of the
input; the rules (``rules``) decide what a report may be, naming the field."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from engine import show_score
from formats.abarrotada.models import SEATS, DealReport, ReportReview
from formats.abarrotada.rules import ReportValues
from scoring.models import ResultEntry

#: Where an entry stands: none yet, waiting for another player, disputed, counted.
ENTRY_STATES = ["missing", "pending", "disputed", "confirmed"]


def _points(help_text):
    return serializers.IntegerField(min_value=0, max_value=72, help_text=help_text)


class IndividualReportSubmitSerializer(serializers.Serializer):
    """One deal as the table reports it (rules.md 10.2). The seats' points must add up to
    72; W's are left out in the three-player form."""

    round = serializers.IntegerField(min_value=1, max_value=32_767, required=False,
                                     help_text=_("The round the report is for (checked)."))
    table = serializers.IntegerField(min_value=1, max_value=32_767, required=False,
                                     help_text=_("The table the report is for (checked)."))
    maker = serializers.ChoiceField(choices=SEATS,
                                    help_text=_("The seat that made trumps."))
    contract = serializers.ChoiceField(choices=ResultEntry.Contract.choices)
    points_n = _points(_("North's card points."))
    points_e = _points(_("East's card points."))
    points_s = _points(_("South's card points."))
    points_w = serializers.IntegerField(min_value=0, max_value=72, required=False,
                                        allow_null=True,
                                        help_text=_("West's card points (none with three)."))
    contro_by = serializers.RegexField(r"^[NESW]{0,4}$", required=False, allow_blank=True,
                                       default="", help_text=_("The seats that said contro."))
    recontro_by = serializers.ChoiceField(choices=SEATS, required=False,
                                          allow_blank=True, default="")
    sant_vicenc_by = serializers.ChoiceField(choices=SEATS, required=False,
                                             allow_blank=True, default="")
    delegations = serializers.IntegerField(min_value=0, max_value=32_767, required=False,
                                           default=0)
    estevet = serializers.BooleanField(required=False, default=False)
    breaches = serializers.RegexField(r"^[NESW]{0,4}$", required=False, allow_blank=True,
                                      default="", help_text=_("The seats that broke a rule."))
    idempotency_key = serializers.CharField(
        max_length=64, required=False, allow_blank=True,
        help_text=_("The same key stores the report once (as the Idempotency-Key header, "
                    "which wins when both are sent)."))

    def values(self) -> ReportValues:
        data = self.validated_data
        points = {"N": data["points_n"], "E": data["points_e"], "S": data["points_s"]}
        if data.get("points_w") is not None:
            points["W"] = data["points_w"]
        return ReportValues(
            maker=data["maker"], contract=data["contract"], points=points,
            contro_by=data["contro_by"], recontro_by=data["recontro_by"],
            sant_vicenc_by=data["sant_vicenc_by"], delegations=data["delegations"],
            estevet=data["estevet"], breaches=data["breaches"])


class IndividualDirectorReportSerializer(IndividualReportSubmitSerializer):
    note = serializers.CharField(max_length=2000, required=False, allow_blank=True)


class IndividualReportSerializer(serializers.ModelSerializer):
    by = serializers.SerializerMethodField()
    # Plain text in answers: seats as letters, the contract as its code.
    maker = serializers.CharField(read_only=True)
    contract = serializers.CharField(read_only=True)
    recontro_by = serializers.CharField(read_only=True)
    sant_vicenc_by = serializers.CharField(read_only=True)

    class Meta:
        model = DealReport
        fields = ["id", "deal_number", "maker", "contract", "points_n", "points_e", "points_s",
                  "points_w", "contro_by", "recontro_by", "sant_vicenc_by", "delegations",
                  "estevet", "breaches", "by", "by_director_override", "created_at"]

    def get_by(self, report) -> str:
        return report.author


class IndividualReviewSerializer(serializers.ModelSerializer):
    by = serializers.SerializerMethodField()

    class Meta:
        model = ReportReview
        fields = ["id", "verdict", "comment", "via_pin", "by", "created_at"]

    def get_by(self, review) -> str:
        return review.author


class IndividualSeatSerializer(serializers.Serializer):
    seat = serializers.CharField()
    number = serializers.IntegerField(help_text=_("The player's number."))
    name = serializers.CharField()


class IndividualDealStateSerializer(serializers.Serializer):
    deal = serializers.IntegerField()
    dealer = serializers.CharField()
    state = serializers.ChoiceField(choices=ENTRY_STATES)
    report = IndividualReportSerializer(allow_null=True)


class IndividualTableSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    seats = IndividualSeatSerializer(many=True)
    deals = IndividualDealStateSerializer(many=True)


class IndividualRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    status = serializers.CharField()
    tables = IndividualTableSerializer(many=True)
    sit_outs = IndividualSeatSerializer(many=True, help_text=_("The players sitting out (seat empty)."))
    missing = serializers.ListField(child=serializers.CharField())


class IndividualPlayerPositionSerializer(serializers.Serializer):
    """Where a player's link stands: the table in play (or the latest), the seat, the others
    at the table, and each deal's state."""

    round = serializers.IntegerField(allow_null=True)
    table = serializers.IntegerField(allow_null=True)
    seat = serializers.CharField(allow_blank=True)
    open = serializers.BooleanField()
    sit_out_round = serializers.IntegerField(allow_null=True)
    seats = IndividualSeatSerializer(many=True)
    deals = IndividualDealStateSerializer(many=True)


class IndividualReportAnswerSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    state = serializers.ChoiceField(choices=["pending", "disputed", "confirmed"])
    report = IndividualReportSerializer()


class IndividualReportHistorySerializer(serializers.Serializer):
    table = serializers.IntegerField()
    deal = serializers.IntegerField()
    state = serializers.CharField()
    reports = IndividualReportSerializer(many=True)
    reviews = IndividualReviewSerializer(many=True)


class IndividualReportChoiceSerializer(serializers.Serializer):
    report = serializers.IntegerField(min_value=1, max_value=2**63 - 1)


class IndividualPlayerSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1, required=False)
    name = serializers.CharField(max_length=120)
    club = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")
    licence = serializers.CharField(max_length=20, required=False, allow_blank=True, default="")
    withdrawn = serializers.BooleanField(read_only=True)


class IndividualStandingsLineSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField(allow_blank=True)
    total = serializers.SerializerMethodField(help_text=_("Sum of finals, 2 decimals."))
    total_exact = serializers.SerializerMethodField(help_text=_("Sum of finals, exact (a/b)."))
    deal_scores = serializers.IntegerField()
    tops = serializers.IntegerField()
    deals = serializers.IntegerField()
    withdrawn = serializers.BooleanField()

    def get_total(self, line) -> str:
        return show_score(line.total)

    def get_total_exact(self, line) -> str:
        return f"{line.total.numerator}/{line.total.denominator}"


class IndividualSettingsSerializer(serializers.Serializer):
    """An individual championship's own settings (rules.md 10): the players a table, and a
    free-deal evening's hand limit and minutes per round (null: none)."""

    def get_attribute(self, instance):
        # Nested in a championship: its settings (saved, or the defaults), or null for a
        # championship of another format.
        from tournaments.models import Championship

        if isinstance(instance, Championship):
            from formats.abarrotada.services import settings_of

            individual = instance.format in ("abarrotada", "abarrotada_free")
            return settings_of(instance) if individual else None
        return super().get_attribute(instance)

    form = serializers.ChoiceField(choices=[4, 3], required=False,
                                   help_text=_("Players a table: 4 (48 cards) or 3 (36)."))
    hand_limit = serializers.IntegerField(min_value=1, max_value=999, required=False,
                                          allow_null=True)
    round_minutes = serializers.IntegerField(min_value=1, max_value=999, required=False,
                                             allow_null=True)


class IndividualPinSerializer(serializers.Serializer):
    """Another player's PIN, typed on the phone of the player who entered the report."""

    pin = serializers.RegexField(
        r"^[0-9]{4}$", help_text=_("The 4-digit PIN of another player at the table."),
        error_messages={key: _("PIN: type the 4 digits of another player at the table.")
                        for key in ("invalid", "required", "blank", "null")},
    )
