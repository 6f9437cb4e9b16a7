"""Template filters of individual championships' pages."""

from django import template

register = template.Library()


@register.filter
def individual_settings(championship):
    """The championship's individual settings (saved, or the defaults)."""
    from formats.abarrotada.services import settings_of

    return settings_of(championship)
