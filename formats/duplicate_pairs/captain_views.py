"""The duplicate pairs' captain's page, reached through the team's private link (no login):
the page (``render_captain_page``, which the shared ``scoring:captain`` URL reaches through
``Format.captain_page``) and its actions on a deal's result: enter, confirm, dispute,
confirm with the other team's PIN."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import live
from formats.duplicate_pairs import services as pairs_services
from formats.duplicate_pairs.captain_page import captain_tables
from formats.duplicate_pairs.forms import DisputeForm, PinForm, ResultForm
from scoring import permissions, selectors
from scoring.models import ResultEntry
from scoring.services import Origin, ScoringError
from scoring.views.answers import (
    add_note,
    answer_action,
    back_to_page,
    captain_url,
    from_outbox,
    notes_by_deal,
)
from scoring.views.common import no_store
from scoring.views.offline import cache_name, outbox_strings
from tournaments.models import Deal, Table, Team


def render_captain_page(request, team: Team, *, bound=None, status=200):
    """The team's page (duplicate pairs): each of its tables in an open round, with
    ``bound`` forms (by deal id) shown with their errors."""
    position = selectors.team_position(team)
    # A withdrawn team's link reads but never writes (the services refuse it too).
    writable = position.writable and not team.withdrawn
    tables = permissions.captain_shown_tables(position)
    page_notes, deal_notes = notes_by_deal(request)
    sections = captain_tables(team, tables, bound=bound, writable=writable, notes=deal_notes)
    shown = {row.deal.number for section in sections for row in section.deals}
    # A note about a deal no longer on the page (its round closed meanwhile) shows at the top.
    page_notes += [m for number, notes in deal_notes.items() if number not in shown for m in notes]
    context = {
        # The page's own messages; a deal's are shown in its card (base.html shows these).
        "messages": page_notes,
        "team": team,
        "position": position,
        "championship": team.championship,
        "sections": sections,
        # Every deal row of every table shown, in page order.
        "deals": [row for section in sections for row in section.deals],
        # Rounds in which the opponents withdrew before play: a bye (rules.md 6.5).
        "withdrawal_byes": [
            (t.round.number, selectors.opponent_of(t, team.pk).name)
            for t in position.withdrawal_byes
        ],
        "live_url": live.stream_url("team", team.championship_id, team.pk,
                                    link_secret=team.link_secret),
        "outbox_strings": outbox_strings(),
        "offline_cache": cache_name(),
    }
    if sections:
        first = sections[0]
        context.update(table=first.table, our_side=first.our_side, opponent=first.opponent)
    return no_store(render(request, "scoring/captain.html", context, status=status))


def _form_errors(request, team: Team, form, bound: dict):
    """A form with errors: the page shows them in the form; the outbox gets them as JSON."""
    if from_outbox(request):
        errors = {name.split("-", 1)[-1]: list(messages_) for name, messages_ in
                  form.errors.items()}
        text = " ".join(message for messages_ in errors.values() for message in messages_)
        return answer_action(request, team, ok=False, message=text, status=400, errors=errors)
    return render_captain_page(request, team, bound=bound)


def _open_table_for_deal(team: Team, deal_number: int) -> tuple[Table, Deal]:
    return permissions.captain_table_for_deal(team, deal_number)


def _seen(request, deal_number: int) -> int | None:
    """The latest entry of the deal the page showed when the form was filled in (the
    form's ``seen`` field), or ``None`` when the form did not say."""
    value = request.POST.get(f"d{deal_number}-seen", "")
    return int(value) if value.isdigit() else None


@require_POST
def captain_submit(request, team_id: int, secret: str, deal_number: int):
    team = permissions.captain_team(team_id, secret)
    try:
        table, deal = _open_table_for_deal(team, deal_number)
    except ScoringError as exc:
        # The outbox sending again a result stored before the round closed: its first answer.
        entry = pairs_services.earlier_submission(
            team=team, deal_number=deal_number,
            idempotency_key=request.POST.get(f"d{deal_number}-idempotency_key"))
        if entry is not None:
            return answer_action(request, team, ok=True, deal_number=deal_number,
                                 message=_entered(entry.table, team, deal_number))
        return answer_action(request, team, ok=False, message=exc.message)
    form = ResultForm(request.POST, prefix=f"d{deal.number}")
    if not form.is_valid():
        return _form_errors(request, team, form, {deal.pk: {"result": form}})
    try:
        entry, created = pairs_services.submit_result(
            team=team,
            table=table,
            deal=deal,
            data=form.result_data(),
            idempotency_key=form.cleaned_data.get("idempotency_key"),
            origin=Origin.from_request(request),
            seen_entry_id=_seen(request, deal.number),
        )
    except ScoringError as exc:
        return answer_action(request, team, ok=False, message=exc.message, deal_number=deal.number)
    return answer_action(request, team, ok=True, deal_number=deal.number,
                         message=_entered(table, team, deal.number))


def _entered(table: Table, team: Team, deal_number: int) -> str:
    opponent = selectors.opponent_of(table, team.pk)
    return _("Deal %(deal)s entered. %(team)s must now confirm it.") % {
        "deal": deal_number, "team": opponent.name}


def _entry_of_team_table(team: Team, entry_id: int) -> ResultEntry:
    return permissions.captain_open_entry(team, entry_id)


@require_POST
def captain_confirm(request, team_id: int, secret: str, entry_id: int):
    team = permissions.captain_team(team_id, secret)
    try:
        entry = _entry_of_team_table(team, entry_id)
        pairs_services.confirm_entry(entry_id=entry.pk, team=team, entry=entry,
                               origin=Origin.from_request(request))
    except ScoringError as exc:
        return answer_action(request, team, ok=False, message=exc.message)
    return answer_action(request, team, ok=True, deal_number=entry.deal.number,
                         message=_("Deal %(deal)s confirmed.") % {"deal": entry.deal.number})


@require_POST
def captain_dispute(request, team_id: int, secret: str, entry_id: int):
    team = permissions.captain_team(team_id, secret)
    try:
        entry = _entry_of_team_table(team, entry_id)
    except ScoringError as exc:
        return answer_action(request, team, ok=False, message=exc.message)
    form = DisputeForm(request.POST, prefix=f"x{entry.deal.number}")
    if not form.is_valid():
        return _form_errors(request, team, form, {entry.deal_id: {"dispute": form}})
    number = entry.deal.number
    try:
        pairs_services.dispute_entry(
            entry_id=entry.pk,
            team=team,
            comment=form.cleaned_data["comment"],
            origin=Origin.from_request(request),
        )
    except ScoringError as exc:
        return answer_action(request, team, ok=False, message=exc.message, deal_number=number)
    except ValidationError as exc:
        if not from_outbox(request):
            for message in exc.messages:
                add_note(request, False, message, number)
            return back_to_page(team)
        return answer_action(request, team, ok=False, message=" ".join(exc.messages), status=400,
                             deal_number=number)
    return answer_action(request, team, ok=True, deal_number=number,
                         message=_("Deal %(deal)s disputed. The director has been told.")
                         % {"deal": number})


@require_POST
def captain_pin(request, team_id: int, secret: str, entry_id: int):
    team = permissions.captain_team(team_id, secret)
    try:
        entry = _entry_of_team_table(team, entry_id)
    except ScoringError as exc:
        messages.error(request, exc.message)
        return redirect(captain_url(team))
    form = PinForm(request.POST, prefix=f"p{entry.deal.number}")
    if not form.is_valid():
        return render_captain_page(request, team, bound={entry.deal_id: {"pin": form}})
    try:
        pairs_services.confirm_with_pin(
            entry_id=entry.pk, team=team, pin=form.cleaned_data["pin"],
            origin=Origin.from_request(request),
        )
    except ScoringError as exc:
        add_note(request, False, exc.message, entry.deal.number)
    else:
        add_note(request, True, _("Deal %(deal)s confirmed.") % {"deal": entry.deal.number},
              entry.deal.number)
    return back_to_page(team)


