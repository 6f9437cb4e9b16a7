"""Names in translated sentences (``tournaments.phrases``): ``|name_in`` marks a name given to
``blocktranslate``, ``|mended`` joins the prepositions before it once the sentence is whole."""

from django import template

from tournaments import phrases

register = template.Library()


@register.filter
def name_in(value):
    return phrases.name_in(value)


@register.filter
def mended(text):
    return phrases.mended(text)
