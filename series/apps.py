from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeriesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "series"
    verbose_name = _("Series")
