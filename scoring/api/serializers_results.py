"""Serializers of results as a director and the public read them: the round's grid, a
cell's full history, travellers, scorecards, the deal key's commitment and deal check."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring.api import enums
from scoring.api.serializers_analysis import ANALYSIS_HELP, DealAnalysisSerializer
from scoring.models import Adjustment, ResultEntry, ResultReview
from scoring.selectors import show_final
from scoring.serializers import ResultSubmitSerializer


class GridCellSerializer(serializers.Serializer):
    deal = serializers.IntegerField(source="deal.number")
    status = enums.enum_field(enums.CELL_STATUSES)
    points = serializers.CharField(help_text=_("The counted result, e.g. '40-32', or ''."))


class GridTeamSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()


class GridRowSerializer(serializers.Serializer):
    table = serializers.IntegerField(source="table.number")
    ns_team = GridTeamSerializer(source="table.ns_team")
    ew_team = GridTeamSerializer(source="table.ew_team")
    cells = GridCellSerializer(many=True)


class GridSerializer(serializers.Serializer):
    round = serializers.IntegerField(source="round.number")
    status = enums.enum_field(enums.ROUND_STATUSES, source="round.status")
    deals = serializers.SerializerMethodField()
    rows = GridRowSerializer(many=True)
    counts = serializers.DictField(child=serializers.IntegerField())
    missing = serializers.IntegerField(help_text=_("Cells with no counted result yet."))

    def get_deals(self, grid) -> list[int]:
        return [deal.number for deal in grid.deals]


class HistoryDetailsSerializer(serializers.Serializer):
    """What one history row holds; which fields depend on its kind (each optional)."""

    contract = serializers.ChoiceField(choices=ResultEntry.Contract.choices, required=False)
    points_ns = serializers.IntegerField(required=False)
    points_ew = serializers.IntegerField(required=False)
    delegated = serializers.BooleanField(required=False)
    contro = serializers.BooleanField(required=False)
    recontro = serializers.BooleanField(required=False)
    breach = serializers.ChoiceField(choices=ResultEntry.Breach.choices, required=False)
    by_director = serializers.BooleanField(required=False)
    note = serializers.CharField(required=False)
    entry = serializers.IntegerField(required=False)
    verdict = serializers.ChoiceField(choices=ResultReview.Verdict.choices, required=False)
    comment = serializers.CharField(required=False)
    via_pin = serializers.BooleanField(required=False)
    ok = serializers.BooleanField(required=False)
    side = serializers.ChoiceField(choices=Adjustment.Side.choices, required=False)
    kind = serializers.ChoiceField(choices=Adjustment.Kind.choices, required=False)
    score = serializers.CharField(required=False)
    reason = serializers.CharField(required=False)
    cleared = serializers.BooleanField(required=False)


class HistoryItemSerializer(serializers.Serializer):
    """One row of a cell's history: an entry, a review (confirm or dispute), an adjusted
    score, or a PIN typed to confirm an entry, with who made it, when and from where."""

    kind = serializers.ChoiceField(choices=["entry", "review", "adjustment", "pin"])
    id = serializers.IntegerField(source="obj.pk")
    at = serializers.DateTimeField(source="when")
    by = serializers.SerializerMethodField(help_text=_(
        "Who made it: a pair, or the director's user name. A PIN attempt has no author: "
        "it names the pair whose phone the PIN was typed on (the PIN is the other pair's)."))
    ip_address = serializers.CharField(source="obj.ip_address", allow_null=True)
    user_agent = serializers.CharField(source="obj.user_agent")
    details = serializers.SerializerMethodField(help_text=_(
        "entry: the result, by_director, note; review: entry, verdict, comment, via_pin; "
        "adjustment: side, kind, score, reason, cleared; pin: entry, ok (right or wrong)."))

    def get_by(self, item) -> str:
        if item.kind == "pin":
            # Typed on the entering team's phone, by whoever held it: no user made it.
            return str(item.obj.by_team) if item.obj.by_team_id else "?"
        return item.obj.author

    @extend_schema_field(HistoryDetailsSerializer)
    def get_details(self, item) -> dict:
        obj = item.obj
        if item.kind == "entry":
            return {
                "contract": obj.contract, "points_ns": obj.points_ns, "points_ew": obj.points_ew,
                "delegated": obj.delegated, "contro": obj.contro, "recontro": obj.recontro,
                "breach": obj.breach, "by_director": obj.by_director_override, "note": obj.note,
            }
        if item.kind == "review":
            return {"entry": obj.entry_id, "verdict": obj.verdict, "comment": obj.comment,
                    "via_pin": obj.via_pin}
        if item.kind == "pin":
            return {"entry": obj.entry_id, "ok": obj.ok}
        return {"side": obj.side, "kind": obj.kind, "score": str(obj.score),
                "reason": obj.reason, "cleared": obj.cleared}


class ScoreSerializer(serializers.Serializer):
    ns_deal_score = serializers.IntegerField(allow_null=True)
    ew_deal_score = serializers.IntegerField(allow_null=True)
    ns_final = serializers.SerializerMethodField()
    ew_final = serializers.SerializerMethodField()

    def get_ns_final(self, row) -> str:
        return show_final(row.ns_final)

    def get_ew_final(self, row) -> str:
        return show_final(row.ew_final)


class CellSerializer(serializers.Serializer):
    round = serializers.IntegerField(source="table.round.number")
    table = serializers.IntegerField(source="table.number")
    deal = serializers.IntegerField(source="deal.number")
    status = enums.enum_field(enums.CELL_STATUSES)
    counted = serializers.IntegerField(source="counted.pk", allow_null=True, default=None,
                                       help_text=_("The entry that counts, if any."))
    history = HistoryItemSerializer(many=True)
    score = ScoreSerializer(allow_null=True)


class DirectorResultSerializer(ResultSubmitSerializer):
    """A director's result: the same fields as a captain's, less the deal (the cell's),
    and a reason."""

    deal = None
    note = serializers.CharField(
        max_length=2000,
        error_messages={"blank": _("Reason: say why the director enters this result."),
                        "required": _("Reason: say why the director enters this result.")},
    )


class DirectorConfirmSerializer(serializers.Serializer):
    entry = serializers.IntegerField(min_value=1, max_value=2**31 - 1)


class AdjustSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=["NS", "EW", "both"])
    kind = serializers.ChoiceField(choices=Adjustment.Kind.choices)
    value = serializers.CharField(required=False, allow_blank=True, allow_null=True, max_length=20,
                                  help_text=_("Custom value only: 1.55 or 31/20, 0 to 2."))
    reason = serializers.CharField(
        max_length=2000,
        error_messages={
            "blank": _("Reason: an adjusted score always needs a written reason."),
            "required": _("Reason: an adjusted score always needs a written reason.")},
    )


class ClearAdjustmentSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=Adjustment.Side.choices)
    reason = serializers.CharField(
        max_length=2000,
        error_messages={
            "blank": _("Reason: say why the adjusted score is withdrawn."),
            "required": _("Reason: say why the adjusted score is withdrawn.")},
    )


class TravellerLineSerializer(serializers.Serializer):
    table = serializers.IntegerField(source="table.number")
    ns_team = serializers.CharField(source="table.ns_team.name")
    ew_team = serializers.CharField(source="table.ew_team.name")
    points = serializers.CharField()
    botifarra_by = serializers.CharField()
    contro_by = serializers.CharField()
    breach = serializers.CharField()
    ns_deal_score = serializers.CharField()
    ew_deal_score = serializers.CharField()
    ns_final = serializers.CharField()
    ew_final = serializers.CharField()


class TravellerSerializer(serializers.Serializer):
    deal = serializers.IntegerField(source="deal.number")
    round = serializers.IntegerField(source="deal.round.number")
    dealer = serializers.CharField(source="deal.dealer")
    trump_side = serializers.CharField()
    cards = serializers.CharField(allow_null=True,
                                  help_text=_("Only once the deal's round is closed."))
    analysis = DealAnalysisSerializer(allow_null=True, help_text=ANALYSIS_HELP)
    lines = TravellerLineSerializer(many=True)


class TravellerDealSerializer(serializers.Serializer):
    deal = serializers.IntegerField(source="number")
    round = serializers.IntegerField(source="round.number")


class ScorecardLineSerializer(serializers.Serializer):
    round = serializers.IntegerField(source="round.number")
    deal = serializers.IntegerField(source="deal.number", allow_null=True, default=None)
    side = enums.enum_field(enums.SCORECARD_SIDES, source="direction")
    opponent = serializers.CharField(source="opponent.name", allow_null=True, default=None)
    adjusted = serializers.BooleanField()
    points = serializers.CharField()
    deal_score = serializers.CharField(source="deal_score_shown")
    final = serializers.CharField(source="final_shown")


class ScorecardSerializer(serializers.Serializer):
    team = serializers.IntegerField(source="team.number")
    name = serializers.CharField(source="team.name")
    total = serializers.CharField()
    lines = ScorecardLineSerializer(many=True)


class CommitmentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()
    key_commitment = serializers.CharField(help_text=_("SHA-256 of the secret deal key."))
    deal_key = serializers.CharField(allow_null=True,
                                     help_text=_("Revealed once the championship is finished."))


class DealCheckSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    regenerated = serializers.CharField(help_text=_("The deal regenerated from the key."))
    played = serializers.CharField(allow_null=True)
    imported = serializers.BooleanField()
    matches = serializers.BooleanField(allow_null=True)


