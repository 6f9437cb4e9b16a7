"""A pair's knockout game on its own link (rules.md 11.3): the card on the captain's page
(``captain_knockout``), and entering, confirming and disputing the tie's next game. The
core's (``scoring.views.knockout_captains``), given this format's URL names and captain's
page."""

from __future__ import annotations

from scoring.views.knockout_captains import KnockoutEntryForm, KnockoutLinks
from scoring.views.knockout_captains import captain_knockout as core_captain_knockout

__all__ = ["KnockoutEntryForm", "captain_knockout", "captain_knockout_confirm",
           "captain_knockout_dispute", "captain_knockout_submit"]

#: The names of the format's knockout URLs, for the captain's card.
KNOCKOUT_URLS = {"submit": "free_deal:captain_knockout_submit",
                 "confirm": "free_deal:captain_knockout_confirm",
                 "dispute": "free_deal:captain_knockout_dispute"}


def captain_knockout(team, form=None) -> dict | None:
    """What the captain's page shows of the pair's tie being played, or ``None``."""
    return core_captain_knockout(team, form, KNOCKOUT_URLS)


def _page(request, team, *, knockout_form=None):
    from formats.free_deal.views import captain_page

    return captain_page(request, team, knockout_form=knockout_form)


_links = KnockoutLinks(page=_page)
captain_knockout_submit = _links.submit()
captain_knockout_confirm = _links.confirm()
captain_knockout_dispute = _links.dispute()
