"""Numbers of the free-deal ranking as shown: match points with a half as ½, signed
differences."""

from __future__ import annotations

from fractions import Fraction

from django import template

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
def signed(value) -> str:
    value = int(value)
    return f"+{value}" if value > 0 else str(value).replace("-", "−")


@register.filter
def free_deal_settings(championship):
    from formats.free_deal.services import settings_of

    return settings_of(championship)
