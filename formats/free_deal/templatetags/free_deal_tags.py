"""Numbers of the free-deal pages as shown: match points with a half as ½, signed
differences (the round clock's are the core's: ``scoring_tags``)."""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.utils.translation import ngettext

from tournaments import presentation

register = template.Library()


@register.filter
def match_points(value) -> str:
    value = Fraction(value)
    whole, rest = divmod(value.numerator, value.denominator)
    if rest == 0:
        return str(whole)
    if value.denominator == 2:
        return f"{whole}½" if whole else "½"
    return f"{float(value):.2f}"


@register.filter
def match_points_said(value) -> str:
    """"1 match point", "1½ match points": the word agrees with the number (one is
    singular, anything else plural, halves included)."""
    shown = match_points(value)
    return ngettext("%(mp)s match point", "%(mp)s match points",
                    1 if Fraction(value) == 1 else 2) % {"mp": shown}


@register.filter
def signed(value) -> str:
    return presentation.signed(int(value))


@register.filter
def free_deal_settings(championship):
    from formats.free_deal.services import settings_of

    return settings_of(championship)


@register.filter
def free_deal_section_names(championship) -> list[str]:
    from formats.free_deal.services.sections import sections_of

    return [section.name for section in sections_of(championship)]


@register.filter
def free_deal_rating_seeding(championship):
    """Round 1's seeding by rating, before it is paired (``seeding.rating_seeding``)."""
    from formats.free_deal.seeding import rating_seeding

    return rating_seeding(championship)
