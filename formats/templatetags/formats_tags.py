"""``championship|format``: the championship's format (``formats.base.Format``), so that a
shared template asks it (``fmt.has_deals``, ``fmt.facts_template``) instead of naming one;
``{% projector_panel championship %}``: what the format adds to the shared projector."""

from django import template

from formats import format_of

register = template.Library()


@register.filter(name="format")
def format_filter(championship):
    return format_of(championship)


@register.simple_tag(takes_context=True)
def projector_panel(context, championship):
    return format_of(championship).projector_panel(context.get("request"), championship)
