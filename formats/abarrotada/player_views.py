"""A player's own page in an individual championship (rules.md 10.2): the table, the seat,
the others at the table and each deal of the round, where the player enters a deal, and
confirms or disputes what another player entered (on their own phone, or by typing their
PIN on the entering player's). Thin: the forms check the shape, the services decide, the
selectors read. Each deal's messages show in that deal's card, where the eye is."""

from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import live
from formats.abarrotada import permissions, selectors, services
from formats.abarrotada.report_forms import PinForm, ReportForm
from formats.abarrotada.services import form_of
from scoring import permissions as scoring_permissions
from scoring.forms import DisputeCommentForm, new_idempotency_key
from scoring.services.values import Origin, ScoringError
from scoring.views.answers import answer_action, from_outbox, notes_by_deal
from scoring.views.common import no_store
from scoring.views.offline import cache_name, outbox_strings
from tournaments.models import Round


def _form(view, deal: int, data=None) -> ReportForm:
    seats = "".join(seat.value for seat in form_of(view["championship"]).seats)
    names = {s.seat: s.name for s in view["seats"]}
    initial = None if data is not None else {"idempotency_key": new_idempotency_key()}
    return ReportForm(data, seats=seats, names=names, prefix=f"deal{deal}", initial=initial)


def player_page(request, player, *, bound: dict | None = None):
    """``bound`` maps a deal number to a form (a report refused) or to a PIN form."""
    bound = bound or {}
    championship = player.championship
    out = permissions.sit_out_round(player)
    table = None if out is not None else permissions.player_table(player)
    page_notes, deal_notes = notes_by_deal(request)
    context = {"player": player, "team": player, "championship": championship,
               "sit_out": out, "table": table, "messages": page_notes,
               "live_url": live.stream_url("team", championship.pk, player.pk,
                                           link_secret=player.link_secret),
               "outbox_strings": outbox_strings(), "offline_cache": cache_name()}
    if table is not None:
        view = selectors.round_view(table.round, [table.pk])[0]
        base = {"championship": championship, "seats": view.seats}
        context.update(
            view=view, open=table.round.status == Round.Status.RELEASED,
            seat=next((s.seat for s in view.seats if s.number == player.number), ""),
            deals=[{
                **deal, "notes": deal_notes.pop(deal["deal"], []),
                "ours": bool(deal["report"] and deal["report"].by_team_id == player.pk),
                "form": bound.get(deal["deal"]) if isinstance(bound.get(deal["deal"]),
                                                              ReportForm)
                else _form(base, deal["deal"]),
                "pin_form": bound.get(deal["deal"]) if isinstance(bound.get(deal["deal"]),
                                                                  PinForm) else PinForm(),
                "dispute_form": DisputeCommentForm(prefix=f"dispute{deal['deal']}"),
            } for deal in view.deals])
        context["messages"] += [m for notes in deal_notes.values() for m in notes]
    return no_store(render(request, "abarrotada/player.html", context))


def _refused(form: ReportForm, error: ScoringError) -> None:
    field = getattr(error, "field", None) or ""
    names = [f"points_{s}" for s in "nesw"] if field == "points" else [field]
    shown = False
    for name in names:
        if name in form.fields:
            form.add_error(name, error.message)
            shown = True
    if not shown:
        form.add_error(None, error.message)


@require_POST
def submit(request, team_id: int, secret: str, deal: int):
    player = scoring_permissions.captain_team(team_id, secret)
    entered = _("Deal %(number)s entered. Another player at the table must now confirm it.") % {
        "number": deal}
    if services.earlier_report(player=player, deal_number=deal,
                               idempotency_key=request.POST.get(f"deal{deal}-idempotency_key")):
        # Sent again (the outbox after a lost answer), even once the round has closed: the
        # first answer, never a refusal of a stored deal.
        return answer_action(request, player, ok=True, message=entered, deal_number=deal)
    try:
        table = permissions.player_open_table(player)
    except ScoringError as error:
        return answer_action(request, player, ok=False, message=error.message, deal_number=deal)
    view = {"championship": player.championship,
            "seats": selectors.round_view(table.round, [table.pk])[0].seats}
    form = _form(view, deal, request.POST)
    if form.is_valid():
        try:
            services.submit_report(player=player, table=table, deal_number=deal,
                                   values=form.values(),
                                   idempotency_key=form.cleaned_data["idempotency_key"],
                                   origin=Origin.from_request(request))
        except ScoringError as error:
            _refused(form, error)
        else:
            return answer_action(request, player, ok=True, message=entered, deal_number=deal)
    if from_outbox(request):
        errors = {name.split("-", 1)[-1]: list(items) for name, items in form.errors.items()}
        text = " ".join(m for items in errors.values() for m in items)
        return answer_action(request, player, ok=False, message=text, status=400, errors=errors,
                             deal_number=deal)
    return player_page(request, player, bound={deal: form})


def _report_deal(player, report_id: int) -> int:
    return permissions.player_report(player, report_id).deal_number


@require_POST
def confirm(request, team_id: int, secret: str, report_id: int):
    player = scoring_permissions.captain_team(team_id, secret)
    deal = _report_deal(player, report_id)
    try:
        services.confirm_report(report_id=report_id, player=player,
                                origin=Origin.from_request(request))
    except ScoringError as error:
        return answer_action(request, player, ok=False, message=error.message, deal_number=deal)
    return answer_action(request, player, ok=True, message=_("Deal %(number)s confirmed.")
                         % {"number": deal}, deal_number=deal)


@require_POST
def dispute(request, team_id: int, secret: str, report_id: int):
    player = scoring_permissions.captain_team(team_id, secret)
    deal = _report_deal(player, report_id)
    form = DisputeCommentForm(request.POST, prefix=f"dispute{deal}")
    if not form.is_valid():
        form = DisputeCommentForm(request.POST)  # the outbox sends the plain field name
    comment = form.cleaned_data.get("comment", "") if form.is_valid() else ""
    try:
        services.dispute_report(report_id=report_id, player=player, comment=comment,
                                origin=Origin.from_request(request))
    except ScoringError as error:
        return answer_action(request, player, ok=False, message=error.message, deal_number=deal)
    return answer_action(request, player, ok=True,
                         message=_("Deal %(number)s disputed. The director has been told.")
                         % {"number": deal}, deal_number=deal)


@require_POST
def pin(request, team_id: int, secret: str, report_id: int):
    """Another player confirms this player's entry on this phone with their own PIN (never
    kept on the phone: the page's script refuses it with no network)."""
    player = scoring_permissions.captain_team(team_id, secret)
    deal = _report_deal(player, report_id)
    form = PinForm(request.POST)
    if not form.is_valid():
        return player_page(request, player, bound={deal: form})
    try:
        review = services.confirm_report_with_pin(report_id=report_id, player=player,
                                                  pin=form.cleaned_data["pin"],
                                                  origin=Origin.from_request(request))
    except ScoringError as error:
        return answer_action(request, player, ok=False, message=error.message, deal_number=deal)
    return answer_action(request, player, ok=True,
                         message=_("Deal %(number)s confirmed by %(player)s.")
                         % {"number": deal, "player": review.by_team.name}, deal_number=deal)
