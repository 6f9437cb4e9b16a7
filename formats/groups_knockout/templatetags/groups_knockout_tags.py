"""Template tags of the groups-then-knockout pages."""

from django import template
from django.utils.formats import number_format

from formats.groups_knockout import selectors
from formats.groups_knockout.services import settings_of
from tournaments import presentation

register = template.Library()


@register.simple_tag
def round_groups(round_, tables):
    """The round's tables by group, with each group's sit-outs (the round page)."""
    return selectors.round_by_group(round_, tables)


@register.filter
def groups_settings(championship):
    return settings_of(championship)


@register.filter
def signed(value) -> str:
    """A point difference with its sign (+12, −8, 0), as every standings page prints it."""
    return presentation.signed(int(value))


@register.filter
def pair_numbers(teams) -> str:
    """The pairs' numbers: "3, 7, 9"."""
    return ", ".join(str(team.number) for team in teams)


@register.filter
def per_game(value: float) -> str:
    """A figure per game of the repechage comparison, to two decimals in the reader's
    language (0,67 in Catalan and Spanish), with a true minus sign."""
    return number_format(round(value, 2), 2).replace("-", "\u2212")
