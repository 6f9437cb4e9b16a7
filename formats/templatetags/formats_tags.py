"""``championship|format``: the championship's format (``formats.base.Format``), so that a
shared template asks it (``fmt.has_deals``, ``fmt.facts_template``) instead of naming one;
``{% download_links championship as kinds %}``: the kinds of export the format offers."""

from django import template

from formats import format_of

register = template.Library()


@register.filter(name="format")
def format_filter(championship):
    return format_of(championship)


@register.simple_tag
def download_links(championship) -> list:
    """The export kinds the results pages link to for the championship (its format's
    public ones)."""
    from scoring.exports.registry import download_links as links  # late: imports models

    return links(championship)
