from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = _("Results and scoring")

    def ready(self):
        # The Swiss pairing (tournaments) ranks teams by our standings; dependencies point
        # scoring -> tournaments, so we register the provider rather than being imported.
        try:
            from tournaments.ranking import register_ranking_provider
        except ImportError:  # tournaments has no ranking hook yet
            return
        from scoring.selectors import ranking_for_pairing

        register_ranking_provider(ranking_for_pairing)
