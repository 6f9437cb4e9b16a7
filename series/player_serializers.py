"""What the player API answers (rules.md 13.4): the search's players and a player's page, the
same figures the pages show (``series.player_selectors``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers


class PlayerFoundSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    championships = serializers.IntegerField(
        help_text=_("The finished championships the caller may see that the player played."))


class PartnerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class SeriesPointsSerializer(serializers.Serializer):
    series_id = serializers.IntegerField()
    series_name = serializers.CharField()
    points = serializers.DecimalField(max_digits=12, decimal_places=2, help_text=_(
        "The points the championship gave the player in this public series (2 decimals)."))


class PlayedChampionshipSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateField(allow_null=True)
    format_label = serializers.CharField()
    entrant = serializers.CharField(help_text=_("The entrant's name in that championship."))
    place = serializers.IntegerField(allow_null=True, help_text=_(
        "The final place (null when none was kept)."))
    shared = serializers.BooleanField()
    place_label = serializers.CharField(help_text=_("As the standings show it: '3=' when shared."))
    entrants = serializers.IntegerField(help_text=_("Entrants in the final ranking."))
    partners = PartnerSerializer(many=True)
    series = SeriesPointsSerializer(many=True)
    rating = serializers.FloatField(allow_null=True, help_text=_(
        "The rating shown (μ − 3σ) after this championship, unrounded."))


class RatingStepSerializer(serializers.Serializer):
    championship_id = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateField(allow_null=True)
    rating = serializers.FloatField()


class PlayerPageSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="player.pk")
    name = serializers.CharField(source="player.name")
    club = serializers.CharField(source="player.club")
    current_rating = serializers.FloatField(allow_null=True, help_text=_(
        "The latest rating shown (μ − 3σ), from every finished championship; unrounded."))
    championships = PlayedChampionshipSerializer(many=True, help_text=_("The latest first."))
    ratings = RatingStepSerializer(many=True, help_text=_(
        "The rating after each championship listed, in the order they were rated."))
