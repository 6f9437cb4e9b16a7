from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FreeDealConfig(AppConfig):
    name = "formats.free_deal"
    label = "free_deal"
    verbose_name = _("Free-deal pairs")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from formats.free_deal.format import FreeDealPairs
        from formats.registry import register

        register(FreeDealPairs())
