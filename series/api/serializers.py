"""The series' API shapes: a series (its settings and championships), the order of its
championships, and its ranking."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from series.models import Series


class SeriesChampionshipSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="championship.id", read_only=True)
    name = serializers.CharField(source="championship.name", read_only=True)
    position = serializers.IntegerField(read_only=True)
    status = serializers.CharField(source="championship.status", read_only=True)
    results_public = serializers.BooleanField(source="championship.results_public",
                                              read_only=True)


class SeriesSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(max_length=200)
    points_table = serializers.ChoiceField(
        choices=Series.PointsTable.choices, required=False,
        help_text=_("default: 25, 20, 16, 13, 11, 10, then one less a place; entrants: "
                    "entrants ranked − place + 1; typed: typed_points."))
    typed_points = serializers.ListField(
        child=serializers.CharField(max_length=20), required=False, max_length=500,
        help_text=_("The typed table: the points of 1st, 2nd, ... place as decimal strings "
                    "(“25”, “16.5”); at most 2 decimals."))
    best_of = serializers.IntegerField(
        required=False, allow_null=True, min_value=-32_767, max_value=32_767,
        help_text=_("Each player's best N results count; null: all."))
    updates = serializers.ChoiceField(
        choices=Series.Updates.choices, required=False,
        help_text=_("finished: a championship counts once finished; rounds: also while "
                    "running, after its closed rounds."))
    results_public = serializers.BooleanField(required=False)
    championships = SeriesChampionshipSerializer(source="entries", many=True,
                                                 read_only=True)
    created_at = serializers.DateTimeField(read_only=True)


class AddChampionshipSerializer(serializers.Serializer):
    championship = serializers.IntegerField(
        min_value=1, max_value=2**63 - 1,
        help_text=_("The id of a championship you direct."))


class OrderSerializer(serializers.Serializer):
    championships = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**63 - 1), max_length=1000,
        help_text=_("The ids of every championship of the series, in the new order."))


class ResultSerializer(serializers.Serializer):
    championship = serializers.IntegerField()
    points = serializers.DecimalField(max_digits=12, decimal_places=2, coerce_to_string=True)
    place = serializers.IntegerField()
    shared = serializers.BooleanField()
    counted = serializers.BooleanField(help_text=_("Among the player's best N results."))


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()


class LineSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    shared = serializers.BooleanField()
    player = PlayerSerializer()
    total = serializers.DecimalField(max_digits=12, decimal_places=2, coerce_to_string=True)
    results = ResultSerializer(many=True, help_text=_("The championships the player played."))
    place_counts = serializers.ListField(
        child=serializers.IntegerField(),
        help_text=_("How many times the player was 1st, 2nd, ... (shared places included)."))


class CountedChampionshipSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    position = serializers.IntegerField()
    ranked_after = serializers.ChoiceField(
        choices=[("finished", _("its final places")), ("rounds", _("its closed rounds"))],
        help_text=_("finished: its final places; rounds: running, after its closed rounds."))


class RankingSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    best_of = serializers.IntegerField(allow_null=True)
    championships = CountedChampionshipSerializer(many=True,
                                                  help_text=_("The championships counted."))
    lines = LineSerializer(many=True)


def ranking_data(ranking) -> dict:
    """The ranking (``series.selectors.SeriesRanking``) as the API gives it."""
    counting = ranking.counting
    return {
        "id": ranking.series.pk, "name": ranking.series.name,
        "best_of": ranking.series.best_of,
        "championships": [{"id": c.championship.pk, "name": c.championship.name,
                           "position": c.position, "ranked_after": c.state} for c in counting],
        "lines": [{
            "place": line.place, "shared": line.shared,
            "player": {"id": line.player_id, "name": line.name, "club": line.club},
            "total": line.total,
            "results": [{"championship": counting[i].championship.pk, "points": r.points,
                         "place": r.place, "shared": r.shared, "counted": r.counted}
                        for i, r in enumerate(line.results) if r is not None],
            "place_counts": list(line.place_counts),
        } for line in ranking.lines],
    }
