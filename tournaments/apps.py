from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Championships")

    def ready(self):
        from tournaments import login_audit  # noqa: F401  (connects its signal receiver)
