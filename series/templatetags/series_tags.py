"""The series' tags for pages outside the series app: the home page's list of public series.

The home page is the core's (``tournaments.views.home``), and the core must not import the
series (the series are built on it). A template may load any app's tags, so the series
app lists itself here and the core's Python never knows about it; only the home page pays
the query, as it would with a context processor on every page.
"""

from __future__ import annotations

from django import template

from series import selectors

register = template.Library()


@register.inclusion_tag("series/_home_series.html")
def public_series_list():
    """The newest public series (``series.selectors.HOME_SERIES`` of them), one query."""
    return {"series_list": selectors.newest_public_series()}
