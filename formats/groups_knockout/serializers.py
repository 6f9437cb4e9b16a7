"""Serializers of the groups-then-knockout API: the format's settings, nested in a
championship (``groups_knockout``). They check the shape; ``services.save_settings`` decides,
naming the field."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from formats.groups_knockout.models import GroupsSettings
from formats.groups_knockout.services import settings_of
from tournaments.models import Championship


class GroupsSettingsSerializer(serializers.Serializer):
    """The settings of rules.md 12 (every field optional: what is left out keeps its value,
    or the default of rules.md 12 when creating)."""

    def get_attribute(self, instance):
        # Nested in a championship: its settings (saved, or the defaults), or null for a
        # championship of another format. Elsewhere: the attribute, as any field.
        if isinstance(instance, Championship):
            from formats.groups_knockout.format import GroupsKnockout

            return settings_of(instance) if instance.format == GroupsKnockout.key else None
        return super().get_attribute(instance)

    group_size = serializers.ChoiceField(choices=[4, 5, 6], required=False,
                                         help_text=_("Pairs a group holds at most (default 4)."))
    hands_per_game = serializers.IntegerField(min_value=1, max_value=99, required=False)
    extra_hands = serializers.IntegerField(min_value=1, max_value=99, required=False)
    win_points = serializers.ChoiceField(choices=[1, 2, 3], required=False)
    qualifiers_per_group = serializers.IntegerField(min_value=1, max_value=5, required=False)
    bracket_size = serializers.IntegerField(
        min_value=2, max_value=128, required=False, allow_null=True,
        help_text=_("A power of two; null for the smallest that holds every group's "
                    "qualifiers."))
    # A number, not a choice: the free-deal knockout's [1, 3] is already a named enum of the
    # schema; ``services.save_settings`` refuses 2, naming the field.
    best_of = serializers.IntegerField(
        min_value=1, max_value=3, required=False,
        help_text=_("A knockout tie is one game (1) or the best of three (3)."))
    third_place = serializers.BooleanField(required=False)
    seeding = serializers.ChoiceField(choices=GroupsSettings.Seeding.choices, required=False)
    seed_by_rating = serializers.BooleanField(
        required=False, help_text=_("The groups made snake-wise from the pairs' ratings, best "
                                    "first, instead of the seeding above (rules.md 13.3)."))
