"""Numbers of the free-deal pages as shown: match points with a half as ½, signed
differences, the round clock's time left and end."""

from __future__ import annotations

import math
from datetime import timedelta
from fractions import Fraction

from django import template
from django.utils.html import format_html
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
def clock_time(value: timedelta) -> str:
    """``1:00:00``, ``9:05``, ``0:01``: whole seconds rounded up, so that ``0:00`` is only
    ever shown at zero (static/js/clock.js shows the same)."""
    seconds = max(0, math.ceil(value.total_seconds()))
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}"


@register.filter
def clock_ends(clock):
    """The clock's end as ``<time>`` in the championship's time zone (the script updates it
    when the clock changes); empty while it has no end (not started, paused)."""
    return format_html('<time data-clock-ends datetime="{}">{}</time>', clock.ends_at_iso,
                       clock.ends_at_text)
