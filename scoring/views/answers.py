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

from scoring.services.values import ScoringError
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


def form_refusal(request, team: Team, form):
    """A form's errors as the outbox's JSON answer (400, each field's messages, and all of
    them as the message), for an action whose form the outbox sent."""
    errors = {name: list(items) for name, items in form.errors.items()}
    text = " ".join(message for items in errors.values() for message in items)
    return answer_action(request, team, ok=False, message=text, status=400, errors=errors)


def answer_service(request, team: Team, act, message):
    """Do ``act()`` (the format's service for the action) and answer: its refusal (a
    ``ScoringError``) as refused, else ``message`` (or ``message(result)``, for one that
    names what the service did)."""
    try:
        result = act()
    except ScoringError as error:
        return answer_action(request, team, ok=False, message=error.message)
    return answer_action(request, team, ok=True,
                         message=message(result) if callable(message) else message)


def answer_with_form(request, team: Team, form, act, message, *, page, outbox: bool = True):
    """An action whose body a form checks (a dispute's comment, a PIN): an invalid form is
    answered with its errors, as JSON to the outbox (``outbox``: whether the outbox may
    send this action at all), else as ``page(form)``; a valid one is done by
    ``act(form.cleaned_data)`` and answered as :func:`answer_service`."""
    if not form.is_valid():
        if outbox and from_outbox(request):
            return form_refusal(request, team, form)
        focus_first_error(form)
        return page(form)
    return answer_service(request, team, lambda: act(form.cleaned_data), message)


def answer_submission(request, team: Team, *, entered: str, stored, open_table, form_for,
                      submit, show_refusal, page):
    """A link's submission of an entry (a game, a table's totals), as the page's form and
    the outbox send it:

    - ``stored()``: already stored (the outbox after a lost answer): ``entered`` again, even
      once the round has closed, never a refusal of what is stored;
    - ``open_table()``: the link's open table, or its refusal (``ScoringError``);
    - ``form_for(table)``: the bound form; once valid, ``submit(table, form)`` stores it, and
      its refusal is shown at the field it concerns (``show_refusal(form, error)``);
    - an invalid or refused form: the outbox's JSON errors, or ``page(form)`` again."""
    if stored():
        return answer_action(request, team, ok=True, message=entered)
    try:
        table = open_table()
    except ScoringError as error:
        return answer_action(request, team, ok=False, message=error.message)
    form = form_for(table)
    if form.is_valid():
        try:
            submit(table, form)
        except ScoringError as error:
            show_refusal(form, error)
        else:
            return answer_action(request, team, ok=True, message=entered)
    if from_outbox(request):
        return form_refusal(request, team, form)
    focus_first_error(form)
    return page(form)


def focus_first_error(form) -> None:
    """Without JavaScript a refused form comes back as a new page: its first visible field
    in error takes the focus (``autofocus``, which the browser also scrolls to) and says it
    is invalid, as the scripted path focuses and announces it."""
    for name in form.errors:
        field = form.fields.get(name)
        if field is not None and not field.widget.is_hidden:
            field.widget.attrs.update({"autofocus": True, "aria-invalid": "true"})
            return


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
