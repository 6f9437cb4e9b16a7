"""Serializers of a director's championships, teams, rounds, tables and deals. They check
the shape of the input; the services (``tournaments.services``) decide what is allowed and
name the field when they refuse."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from formats import DUPLICATE_PAIRS, FORMATS, format_choices, format_of
from scoring.api import enums
from scoring.api.serializers_analysis import ANALYSIS_HELP, DealAnalysisSerializer, analysis_data
from tournaments import services
from tournaments.models import Championship, Team

MAX_NUMBER = 100_000


class ChampionshipSerializer(serializers.Serializer):
    """A championship. Besides these fields, each format with settings of its own has them
    as a nested object named by the format (``free_deal``), null for the other formats."""

    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(max_length=200)
    # Every registered format may be read (one still being built and not offered, if any);
    # only an offered one may be chosen (``validate_format``).
    format = serializers.ChoiceField(
        choices=[(fmt.key, fmt.label) for fmt in FORMATS.values()], required=False,
        help_text=_("How it is played (rules.md 6, 10, 11 or 12), chosen at creation: "
                    "duplicate_pairs unless given. It cannot change afterwards."))
    venue = serializers.CharField(max_length=200, required=False, allow_blank=True)
    starts_on = serializers.DateField(required=False, allow_null=True)
    ends_on = serializers.DateField(required=False, allow_null=True)
    status = serializers.ChoiceField(choices=Championship.Status.choices, read_only=True)
    movement = serializers.ChoiceField(choices=Championship.Movement.choices, required=False)
    rounds_planned = serializers.IntegerField(min_value=1, max_value=200, required=False,
                                              allow_null=True, help_text=_("Swiss only."))
    deals_per_match = serializers.IntegerField(min_value=1, max_value=12, required=False)
    variant = serializers.ChoiceField(choices=Championship.Variant.choices, required=False)
    doubling = serializers.ChoiceField(choices=Championship.Doubling.choices, required=False)
    results_public = serializers.BooleanField(required=False)
    show_ratings = serializers.BooleanField(
        required=False, help_text=_("The ranking sheet shows a Rating column (rules.md 13.3); "
                                    "may change at any time."))
    key_commitment = serializers.CharField(read_only=True)
    deal_key = serializers.SerializerMethodField(
        help_text=_("The secret deal key, once the championship is finished; else null."))
    locked_fields = serializers.SerializerMethodField(
        help_text=_("Settings that can no longer change."))
    created_at = serializers.DateTimeField(read_only=True)

    def validate_format(self, value: str) -> str:
        """A format a director may create (``Format.offered``), as the picker's; a
        championship keeps its own."""
        keeps = self.instance is not None and self.instance.format == value
        if not keeps and value not in dict(format_choices()):
            self.fields["format"].fail("invalid_choice", input=value)
        return value

    def get_fields(self):
        fields = super().get_fields()
        for fmt in FORMATS.values():
            if fmt.api_settings_key:
                fields[fmt.api_settings_key] = fmt.api_settings_serializer()(
                    required=False, allow_null=True,
                    help_text=_("The settings of “%(format)s” championships (null for the "
                                "others); they lock once round 1 is released.")
                    % {"format": fmt.label})
        return fields

    def validate(self, attrs):
        """The settings object sent must be the championship's format's. Its values are
        checked by the format (``save_settings``), which names the field it refuses."""
        key = attrs.get("format") or (self.instance.format if self.instance is not None
                                      else DUPLICATE_PAIRS.key)
        fmt = FORMATS[key]
        for other in FORMATS.values():
            name = other.api_settings_key
            if name and name != fmt.api_settings_key and attrs.get(name) is not None:
                raise serializers.ValidationError({name: [
                    _("These settings are for “%(wanted)s” championships; this one is "
                      "“%(format)s”.") % {"wanted": other.label, "format": fmt.label}]})
        return attrs

    def get_deal_key(self, championship) -> str | None:
        return championship.deal_key if championship.key_revealed else None

    def get_locked_fields(self, championship) -> list[str]:
        locked = list(services.locked_fields(championship))
        key = format_of(championship).api_settings_key
        if key and services.settings_locked(championship):
            locked.append(key)
        return locked


def format_settings_refusal(error: services.ServiceError, fmt) -> Exception:
    """A refusal of the format's own settings under their object (``{"free_deal": {"cap":
    [...]}}``, where the request sent them); any other refusal as it is."""
    serializer = fmt.api_settings_serializer()
    if serializer is not None and error.field in serializer().fields:
        return serializers.ValidationError({fmt.api_settings_key: {error.field: [error.message]}})
    return error


class CaptainLinkSerializer(serializers.Serializer):
    """A team's private link, in the parts the captain operations take."""

    team_id = serializers.IntegerField(source="pk")
    secret = serializers.CharField(source="link_secret")


class TeamSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    number = serializers.IntegerField(min_value=1, max_value=MAX_NUMBER, required=False,
                                      allow_null=True,
                                      help_text=_("Leave out for the next free number."))
    name = serializers.CharField(max_length=Team._meta.get_field("name").max_length)
    club = serializers.CharField(max_length=120, required=False, allow_blank=True)
    player1 = serializers.CharField(max_length=120)
    player2 = serializers.CharField(max_length=120)
    withdrawn = serializers.BooleanField(read_only=True)
    private_link = serializers.SerializerMethodField(
        help_text=_("The pair's private link (its captain's page), for its card."))
    captain_api = serializers.SerializerMethodField(
        help_text=_("The captain's API path, /api/v1/captain/<pair>/<secret>/."))
    captain_link = CaptainLinkSerializer(source="*", read_only=True, help_text=_(
        "The captain's link as the captain operations take it: team_id and secret."))
    pin = serializers.CharField(read_only=True)

    def get_private_link(self, team) -> str:
        request = self.context.get("request")
        path = team.private_path
        return request.build_absolute_uri(path) if request is not None else path

    def get_captain_api(self, team) -> str:
        return f"/api/v1/captain/{team.pk}/{team.link_secret}/"


class TeamImportSerializer(serializers.Serializer):
    file = serializers.FileField(help_text=_("CSV or Excel .xlsx: number, name, club, "
                                             "player1, player2."))


class TeamSideSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()


class TableSerializer(serializers.Serializer):
    """A table of a round: the NS and the EW team (in free-deal pairs, the first and the
    second pair)."""

    number = serializers.IntegerField()
    ns_team = TeamSideSerializer()
    ew_team = TeamSideSerializer()


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = enums.enum_field(enums.ROUND_STATUSES)
    released_at = serializers.DateTimeField(allow_null=True)
    closed_at = serializers.DateTimeField(allow_null=True)
    bye_team = TeamSideSerializer(allow_null=True)
    first_deal = serializers.SerializerMethodField(
        help_text=_("Null in a format without deals (free-deal pairs)."))
    last_deal = serializers.SerializerMethodField(
        help_text=_("Null in a format without deals (free-deal pairs)."))

    def get_first_deal(self, round_) -> int | None:
        return round_.first_deal if format_of(round_.championship).has_deals else None

    def get_last_deal(self, round_) -> int | None:
        return round_.last_deal if format_of(round_.championship).has_deals else None


class RoundDetailSerializer(RoundSerializer):
    tables = TableSerializer(many=True, source="table_list")
    byes = TeamSideSerializer(
        many=True, source="bye_list",
        help_text=_("Every pair (or player) with the bye in this round: the round's own "
                    "(bye_team) and, with sections, each section's (rules.md 11.3)."))


class RoundActionSerializer(serializers.Serializer):
    """The round after the action, and any warnings (e.g. teams who met before)."""

    round = RoundDetailSerializer()
    warnings = serializers.ListField(child=serializers.CharField())


class GeneratedSerializer(serializers.Serializer):
    rounds = RoundSerializer(many=True)


class CountSerializer(serializers.Serializer):
    count = serializers.IntegerField()


class WithdrawnSerializer(serializers.Serializer):
    team = TeamSerializer()
    drafted_rounds = serializers.ListField(
        child=serializers.IntegerField(),
        help_text=_("Drafted rounds it still plays in: regenerate them, or swap another entrant "
                    "in."))


class SwapTeamsSerializer(serializers.Serializer):
    team_a = serializers.IntegerField(min_value=1, max_value=MAX_NUMBER,
                                      help_text=_("Pair number."))
    team_b = serializers.IntegerField(min_value=1, max_value=MAX_NUMBER,
                                      help_text=_("Pair number."))


class SwapTablesSerializer(serializers.Serializer):
    table_a = serializers.IntegerField(min_value=1, max_value=MAX_NUMBER)
    table_b = serializers.IntegerField(min_value=1, max_value=MAX_NUMBER)


class DealSerializer(serializers.Serializer):
    # The analysis comes from the context's ``analyses`` (by deal id, as ``deal_analyses``
    # reads them for a page of deals); null without it. (A docstring would be in the schema.)
    number = serializers.IntegerField()
    round = serializers.IntegerField(source="round.number")
    dealer = serializers.CharField()
    cards = serializers.CharField(help_text=_("The four hands in the notation of rules.md 2."))
    source = serializers.CharField()
    analysis = serializers.SerializerMethodField(help_text=ANALYSIS_HELP)

    @extend_schema_field(DealAnalysisSerializer(allow_null=True))
    def get_analysis(self, deal) -> dict | None:
        return analysis_data(self.context.get("analyses", {}).get(deal.pk))


class DealImportSerializer(serializers.Serializer):
    text = serializers.CharField(
        max_length=100_000,
        help_text=_("One deal a line: the number, a space, the deal in the notation."))


class PublishSerializer(serializers.Serializer):
    public = serializers.BooleanField()
