"""The Django admin, as a read-mostly fallback: the director's pages are the way to work.

Secrets stay hidden here too: the deal key until the championship finishes, the cards of a
deal and its double-dummy analysis unless the viewer directs its championship or its round
is closed, and teams' links and PINs (directors see them on the team page).
"""

from django.contrib import admin
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments import audit, selectors
from tournaments.models import AuditEvent, Championship, Deal, DealAnalysis, Round, Table, Team

# Fields whose values are secret. The admin lets anyone who may view a model filter its list
# by any of the model's own fields through the address (``?cards__startswith=...``), and
# the number of matching rows then gives the value away a character at a time: refuse it.
# A deal's analysis gives its cards away too (its line plays all 48 of them; a failed one's
# error may quote a hand): its list holds only what the viewer may see, and its fields are
# refused here as well, so that no list is ever filtered by them.
SECRET_FIELDS = frozenset({"cards", "deal_key", "link_secret", "pin",
                           "line", "table", "par_contract", "par_score", "error"})


class ReadMostlyAdmin(admin.ModelAdmin):
    """No adding or deleting through the admin: that bypasses the services' checks."""

    def lookup_allowed(self, lookup, value, request=None):
        if SECRET_FIELDS.intersection(lookup.split("__")):
            return False
        return super().lookup_allowed(lookup, value, request)

    def has_add_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Championship)
class ChampionshipAdmin(ReadMostlyAdmin):
    list_display = ["name", "venue", "starts_on", "status", "movement"]
    list_filter = ["status", "movement"]
    search_fields = ["name", "venue"]
    filter_horizontal = ["directors"]
    fields = [
        "name", "venue", "starts_on", "ends_on", "results_public", "directors", "status",
        "movement", "rounds_planned", "deals_per_match", "variant", "doubling",
        "key_commitment", "revealed_key",
    ]
    readonly_fields = [
        "status", "movement", "rounds_planned", "deals_per_match", "variant", "doubling",
        "key_commitment", "revealed_key",
    ]

    def get_readonly_fields(self, request, obj=None):
        # Directors see every deal of their championships, and publishing is done (and
        # recorded) on the director's pages: staff who are not superusers cannot make
        # themselves directors, nor publish results, here.
        readonly = list(super().get_readonly_fields(request, obj))
        readonly.append("results_public")
        if not request.user.is_superuser:
            readonly.append("directors")
        return readonly

    def save_related(self, request, form, formsets, change):
        # A superuser may change the directors here: recorded like on the director's pages.
        before = set(form.instance.directors.all()) if change else set()
        super().save_related(request, form, formsets, change)
        after = set(form.instance.directors.all())
        origin = audit.origin_of(request)
        for user, action in [*((u, AuditEvent.Action.DIRECTOR_ADDED) for u in after - before),
                             *((u, AuditEvent.Action.DIRECTOR_REMOVED) for u in before - after)]:
            audit.record(action, form.instance, by=request.user, origin=origin,
                         detail=user.get_username())

    @admin.display(description=_("deal key"))
    def revealed_key(self, obj):
        return obj.deal_key if obj.key_revealed else _("(revealed when the championship finishes)")


@admin.register(Team)
class TeamAdmin(ReadMostlyAdmin):
    list_display = ["number", "name", "club", "player1", "player2", "withdrawn", "championship"]
    list_filter = ["championship", "withdrawn"]
    search_fields = ["name", "club", "player1", "player2"]
    fields = ["championship", "number", "name", "club", "player1", "player2", "withdrawn"]
    readonly_fields = ["championship", "number", "withdrawn"]
    list_select_related = ["championship"]


class TableInline(admin.TabularInline):
    model = Table
    fields = ["number", "ns_team", "ew_team"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


class DraftsOfOwnChampionshipsOnly:
    """Drafted pairings are the directors' business until the round is released: staff see
    them only for the championships they direct (superusers see everything)."""

    round_path = "round"

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        directed = selectors.directed_championships(request.user).values("pk")
        drafted = {f"{self.round_path}status": Round.Status.DRAFTED}
        return queryset.exclude(
            Q(**drafted) & ~Q(**{f"{self.round_path}championship__in": directed})
        )


@admin.register(Round)
class RoundAdmin(DraftsOfOwnChampionshipsOnly, ReadMostlyAdmin):
    round_path = ""
    list_display = ["championship", "number", "status", "bye_team", "released_at", "closed_at"]
    list_filter = ["championship", "status"]
    readonly_fields = ["championship", "number", "status", "bye_team", "released_at", "closed_at"]
    inlines = [TableInline]
    list_select_related = ["championship", "bye_team"]


@admin.register(Table)
class TableAdmin(DraftsOfOwnChampionshipsOnly, ReadMostlyAdmin):
    round_path = "round__"
    list_display = ["round", "number", "ns_team", "ew_team"]
    list_filter = ["round__championship"]
    readonly_fields = ["round", "number", "ns_team", "ew_team"]
    list_select_related = ["round__championship", "ns_team", "ew_team"]


@admin.register(Deal)
class DealAdmin(ReadMostlyAdmin):
    list_display = ["championship", "number", "round", "dealer", "source"]
    list_filter = ["championship", "source"]
    readonly_fields = [
        "championship", "round", "number", "dealer", "source", "cards", "hidden_cards",
    ]
    list_select_related = ["championship", "round__championship"]

    def get_fields(self, request, obj=None):
        # Same rule as everywhere: the championship's directors, or everyone once closed.
        fields = ["championship", "round", "number", "dealer", "source"]
        if obj is not None and (
            selectors.deal_is_public(obj) or selectors.is_director(request.user, obj.championship)
        ):
            return [*fields, "cards"]
        return [*fields, "hidden_cards"]

    @admin.display(description=_("cards"))
    def hidden_cards(self, obj):
        return _("(secret until the round is closed)")


@admin.register(AuditEvent)
class AuditEventAdmin(ReadMostlyAdmin):
    """The directors' recorded actions: read only."""

    list_display = ["created_at", "championship", "action", "round_number", "team",
                    "by_director", "by_director_name", "detail", "ip_address"]

    def get_queryset(self, request):
        # Who acted from which address is for the championship's directors (and superusers,
        # who also see failed logins, which belong to no championship).
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(
            championship__in=selectors.directed_championships(request.user).values("pk"))
    list_filter = ["championship", "action"]
    list_select_related = ["championship", "team", "by_director"]
    readonly_fields = ["championship", "action", "round_number", "team", "by_director",
                       "by_director_name", "detail", "created_at", "ip_address", "user_agent"]

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(DealAnalysis)
class DealAnalysisAdmin(ReadMostlyAdmin):
    """The deals' double-dummy analysis (rules.md 8.1): read only (the director's page
    recomputes it), and, like the cards, only for deals of closed rounds unless the viewer
    directs the championship."""

    list_display = ["deal", "status", "variant", "par_contract", "par_score", "seconds",
                    "computed_at"]
    list_filter = ["status", "deal__championship"]
    list_select_related = ["deal__championship", "deal__round__championship"]
    fields = ["deal", "status", "variant", "table", "par_contract", "par_score", "line",
              "error", "seconds", "computed_at"]
    readonly_fields = fields

    def get_queryset(self, request):
        directed = selectors.directed_championships(request.user).values("pk")
        return super().get_queryset(request).filter(
            Q(deal__round__status=Round.Status.CLOSED) | Q(deal__championship__in=directed)
        )

    def has_change_permission(self, request, obj=None):
        return False
