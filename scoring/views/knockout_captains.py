"""A pair's knockout game on its own link (rules.md 11.3, 12.4), for every format whose
championship ends in a knockout: the card on the captain's page (``captain_knockout``), and
entering, confirming and disputing the tie's next game. The format gives its URL names and
its captain's page (to show a refused form again): ``KnockoutLinks``. Thin:
``scoring.services.knockout_captains`` decides and writes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from scoring import permissions
from scoring.forms import DisputeCommentForm, new_idempotency_key
from scoring.game_forms import MAX_HANDS
from scoring.selectors.knockout import captain_knockout_entry_id, tie_name
from scoring.services import knockout_captains as services
from scoring.services.knockout import MAX_POINTS
from scoring.services.values import Origin, ScoringError
from scoring.views.answers import answer_action, from_outbox
from scoring.views.knockout import knockout_pad
from tournaments.services.common import ServiceError


class KnockoutEntryForm(forms.Form):
    """Both pairs' points of the tie's next game, the tie's first pair first, and the hands
    played when the format counts them (``knockout_pad``; its rules decide whether they are
    required)."""

    first_points = forms.IntegerField(label=gettext_lazy("Points of the first pair"),
                                      min_value=0, max_value=MAX_POINTS)
    second_points = forms.IntegerField(label=gettext_lazy("Points of the second pair"),
                                       min_value=0, max_value=MAX_POINTS)
    hands = forms.IntegerField(label=gettext_lazy("Hands played"), required=False,
                               min_value=1, max_value=MAX_HANDS)
    # One a form: the same report sent twice (a double tap, the outbox) is stored once.
    idempotency_key = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)


def captain_knockout(team, form=None, urls: dict | None = None) -> dict | None:
    """What the captain's page shows of the pair's tie being played, or ``None``. ``urls``:
    the format's URL names (``submit``, ``confirm``, ``dispute``) for the card's forms."""
    tie = services.team_tie(team)
    if tie is None:
        return None
    entry = services.latest_entry(tie)
    return {
        "tie": tie, "name": tie_name(tie), "entry": entry, "urls": urls or {},
        "game_number": len(tie.games.all()) + 1, "pad": knockout_pad(team.championship),
        "opponent": tie.second if tie.first_id == team.pk else tie.first,
        "ours": entry is not None and entry.by_team_id == team.pk,
        "form": form or KnockoutEntryForm(initial={"idempotency_key": new_idempotency_key()}),
        "dispute_form": DisputeCommentForm(),
    }


@dataclass(frozen=True)
class KnockoutLinks:
    """A format's captain views of its knockout ties: ``page(request, team, knockout_form=)``
    shows the captain's page again with a refused form."""

    page: Callable

    def submit(self):
        @require_POST
        def view(request, team_id: int, secret: str, tie_id: int):
            team = permissions.captain_team(team_id, secret)
            entered = _("Game entered. The other pair must now confirm it.")
            if services.earlier_knockout_entry(
                    team=team, tie_id=tie_id, idempotency_key=request.POST.get("idempotency_key")):
                # Sent again (the outbox after a lost answer), even once the tie is decided:
                # the first answer, never a refusal of a stored report.
                return answer_action(request, team, ok=True, message=entered)
            form = KnockoutEntryForm(request.POST)
            if form.is_valid():
                try:
                    services.submit_knockout_entry(
                        team=team, tie_id=tie_id, first_points=form.cleaned_data["first_points"],
                        second_points=form.cleaned_data["second_points"],
                        hands=form.cleaned_data["hands"], idempotency_key=form.cleaned_data["idempotency_key"],
                        origin=Origin.from_request(request))
                except ServiceError as error:
                    field = error.field if error.field in form.fields else None
                    form.add_error(field, error.message)
                except ScoringError as error:
                    return answer_action(request, team, ok=False, message=error.message)
                else:
                    return answer_action(request, team, ok=True, message=entered)
            if from_outbox(request):
                errors = {name: list(items) for name, items in form.errors.items()}
                return answer_action(request, team, ok=False, status=400, errors=errors,
                                     message=" ".join(message for items in errors.values()
                                                      for message in items))
            return self.page(request, team, knockout_form=form)
        return view

    def confirm(self):
        @require_POST
        def view(request, team_id: int, secret: str, entry_id: int):
            team = permissions.captain_team(team_id, secret)
            captain_knockout_entry_id(team, entry_id)  # another tie's: 404
            try:
                services.confirm_knockout_entry(team=team, entry_id=entry_id,
                                                origin=Origin.from_request(request))
            except (ScoringError, ServiceError) as error:
                return answer_action(request, team, ok=False, message=error.message)
            return answer_action(request, team, ok=True, message=_("Game confirmed."))
        return view

    def dispute(self):
        @require_POST
        def view(request, team_id: int, secret: str, entry_id: int):
            team = permissions.captain_team(team_id, secret)
            captain_knockout_entry_id(team, entry_id)  # another tie's: 404
            form = DisputeCommentForm(request.POST)
            if not form.is_valid():
                return answer_action(request, team, ok=False, message=" ".join(
                    message for messages in form.errors.values() for message in messages))
            try:
                services.dispute_knockout_entry(team=team, entry_id=entry_id,
                                                comment=form.cleaned_data["comment"],
                                                origin=Origin.from_request(request))
            except ScoringError as error:
                return answer_action(request, team, ok=False, message=error.message)
            return answer_action(request, team, ok=True,
                                 message=_("Game disputed. The director has been told."))
        return view
