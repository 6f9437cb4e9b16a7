from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FormatsConfig(AppConfig):
    """Registered for its template tags (``{% load formats_tags %}``); it has no models and
    names no format: each format's own app registers it (``formats.registry``)."""

    name = "formats"
    verbose_name = _("Formats")
