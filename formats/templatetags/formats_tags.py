"""``championship|format``: the championship's format (``formats.base.Format``), so that a
shared template asks it (``fmt.has_deals``, ``fmt.facts_template``) instead of naming one."""

from django import template

from formats import format_of

register = template.Library()


@register.filter(name="format")
def format_filter(championship):
    return format_of(championship)
