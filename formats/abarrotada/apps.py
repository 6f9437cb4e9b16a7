from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AbarrotadaConfig(AppConfig):
    name = "formats.abarrotada"
    label = "abarrotada"
    verbose_name = _("Individual (abarrotada)")
    default_auto_field = "django.db.models.BigAutoField"
