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


@register.simple_tag
def round_seating(round_):
    """The round's tables with who sits where, and its sit-outs (the round page)."""
    from formats.abarrotada import selectors

    return {"tables": selectors.round_view(round_), "sit_outs": selectors.sit_out_views(round_)}


@register.filter
def seat_letters(seats):
    """Seat letters in the reader's language (N, E, S, O in Catalan and Spanish)."""
    from formats.abarrotada.wording import seat_letters as letters

    return letters(seats)
