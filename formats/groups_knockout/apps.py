from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GroupsKnockoutConfig(AppConfig):
    name = "formats.groups_knockout"
    label = "groups_knockout"
    verbose_name = _("Groups then knockout")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from formats.groups_knockout.format import GroupsKnockout
        from formats.registry import register

        register(GroupsKnockout())
