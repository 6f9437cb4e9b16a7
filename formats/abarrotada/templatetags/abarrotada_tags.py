"""Template filters of individual championships' pages."""

from django import template

register = template.Library()


@register.filter
def individual_settings(championship):
    """The championship's individual settings (saved, or the defaults)."""
    from formats.abarrotada.services import settings_of

    return settings_of(championship)


@register.filter
def get_item(mapping, key):
    """``mapping[key]``, or ``None`` (a seat's player or score on a traveller)."""
    return mapping.get(key) if mapping else None
