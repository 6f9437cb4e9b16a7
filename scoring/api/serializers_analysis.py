"""The double-dummy analysis of a deal (rules.md 8.1) as the API gives it, on the traveller
and a round's deals: only once the deal's round is closed and the analysis is done, else
``null`` (``tournaments.analysis_selectors``). The same fields as the public archive's."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from scoring.models import Adjustment, ResultEntry
from tournaments.analysis_selectors import AnalysisView, analysis_record


class AnalysisTableSerializer(serializers.Serializer):
    # North-South's points with perfect play in each contract (East-West: 72 less).
    O = serializers.IntegerField(help_text=_("Oros as trumps."))  # noqa: E741
    C = serializers.IntegerField(help_text=_("Copes as trumps."))
    E = serializers.IntegerField(help_text=_("Espases as trumps."))
    B = serializers.IntegerField(help_text=_("Bastos as trumps."))
    BOT = serializers.IntegerField(help_text=_("Botifarra"))  # one name, never "no trumps"


class ParSerializer(serializers.Serializer):
    # The same choices as a result's contract and an adjusted score's side: one enum each.
    contract = serializers.ChoiceField(choices=ResultEntry.Contract.choices)
    side = serializers.ChoiceField(choices=Adjustment.Side.choices,
                                   help_text=_("The side that makes trumps."))
    points = serializers.IntegerField(help_text=_("That side's points in the par contract."))
    deal_score = serializers.IntegerField(
        help_text=_("That side's deal score: points − 36, doubled for Botifarra."))


class DealAnalysisSerializer(serializers.Serializer):
    variant = serializers.CharField(help_text=_("The rule variant it was made under."))
    table = AnalysisTableSerializer(
        help_text=_("North-South's points with perfect play in each contract."))
    par = ParSerializer(help_text=_("The contract the trump makers would choose knowing the "
                                    "table, and what it gives them."))
    line = serializers.CharField(
        help_text=_("An optimal line in the par contract: the 48 cards in the order played, "
                    "card codes separated by spaces."))


ANALYSIS_HELP = _("The double-dummy analysis (rules.md 8.1): only once the deal's round is "
                  "closed and the analysis is done, else null.")


def analysis_data(view: AnalysisView | None) -> dict | None:
    """What the API shows of an analysis (``None`` stays ``None``)."""
    return None if view is None else DealAnalysisSerializer(analysis_record(view)).data
