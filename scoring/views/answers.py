"""How a captain's (or a player's) private page answers an action, whatever the format.

A button pressed on the page posts a form: the answer is a message shown on the page after
a redirect (no JavaScript needed). The page's outbox (static/js/captain.js) posts the same
form, possibly long after the button was pressed, and wants the answer itself: JSON. The
formats' pages (free-deal games, individual deals and evenings) answer through here too.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import redirect
from django.urls import reverse

from scoring.views.common import no_store
from tournaments.models import Team


def captain_url(team: Team, deal_number: int | None = None) -> str:
    """The team's private page (its link with the secret), at a deal's card if given."""
    url = reverse("scoring:captain", args=[team.pk, team.link_secret])
    return f"{url}#deal-{deal_number}" if deal_number else url


def from_outbox(request) -> bool:
    """Sent by the page's script (static/js/captain.js), possibly long after the captain
    pressed the button: it wants the answer itself, not a redirect to the page."""
    return request.headers.get("X-Duplicada-Outbox") == "1"


def answer_action(request, team: Team, *, ok: bool, message: str,
                  deal_number: int | None = None, status: int | None = None,
                  errors: dict | None = None):
    """The server's answer to a captain's action: a message on the page after a redirect
    (no JavaScript), or JSON for the outbox (409 for a refusal, 400 for field errors)."""
    if from_outbox(request):
        body = {"ok": ok, "message": message}
        if errors:
            body["errors"] = errors
        return no_store(JsonResponse(body, status=status or (200 if ok else 409)))
    add_note(request, ok, message, deal_number)
    return back_to_page(team)


def add_note(request, ok: bool, message: str, deal_number: int | None) -> None:
    """A message for the page after the redirect; one about a deal is tagged with it, so
    that the page shows it in that deal's card, where the captain's eye is."""
    add = messages.success if ok else messages.error
    add(request, message, extra_tags=f"deal-{deal_number}" if deal_number else "")


def back_to_page(team: Team):
    """The redirect to the team's page, where the notes of :func:`add_note` are shown."""
    # No "#deal-N" here: a page opened at a fragment ignores autofocus, and the deal's note
    # has it (focusing it scrolls it into view, so the captain lands on the card anyway).
    return redirect(captain_url(team))


def notes_by_deal(request) -> tuple[list, dict[int, list]]:
    """The pending messages split into the page's own and each deal's (by number)."""
    page, by_deal = [], {}
    for message in messages.get_messages(request):
        tag = next((t for t in message.extra_tags.split() if t.startswith("deal-")), None)
        if tag and tag[5:].isdigit():
            by_deal.setdefault(int(tag[5:]), []).append(message)
        else:
            page.append(message)
    return page, by_deal
