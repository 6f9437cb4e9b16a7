"""Template tags of the groups-then-knockout pages."""

from django import template

from formats.groups_knockout import selectors
from formats.groups_knockout.services import settings_of

register = template.Library()


@register.simple_tag
def round_groups(round_, tables):
    """The round's tables by group, with each group's sit-outs (the round page)."""
    return selectors.round_by_group(round_, tables)


@register.filter
def groups_settings(championship):
    return settings_of(championship)
