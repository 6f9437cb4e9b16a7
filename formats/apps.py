from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FormatsConfig(AppConfig):
    """Registered for its template tags (``{% load formats_tags %}``); it has no models.

    It registers duplicate pairs, the one format that is not an app of its own (its code is
    the core's ``scoring`` and ``tournaments``): first, as the official championship.
    """

    name = "formats"
    verbose_name = _("Formats")

    def ready(self):
        from formats.duplicate_pairs import DuplicatePairs
        from formats.registry import register

        register(DuplicatePairs())
