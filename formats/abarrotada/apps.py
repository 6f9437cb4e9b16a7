from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AbarrotadaConfig(AppConfig):
    name = "formats.abarrotada"
    label = "abarrotada"
    verbose_name = _("Individual (abarrotada)")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from formats.abarrotada.format import Abarrotada, AbarrotadaFree
        from formats.registry import register

        # Its deals first, then its free-deal evening (the format picker's order).
        register(Abarrotada())
        register(AbarrotadaFree())
