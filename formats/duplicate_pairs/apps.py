from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DuplicatePairsConfig(AppConfig):
    """Registers duplicate pairs, the official championship (first: ``INSTALLED_APPS``
    lists it before the other formats, and the registry keeps that order)."""

    name = "formats.duplicate_pairs"
    label = "duplicate_pairs"
    verbose_name = _("Duplicate pairs")

    def ready(self):
        from formats.duplicate_pairs.format import DuplicatePairs
        from formats.registry import register

        register(DuplicatePairs())
