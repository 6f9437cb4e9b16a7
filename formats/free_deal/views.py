"""Pages of the free-deal format: the captain's game, the director's games of a round, the
standings. Thin: the forms check the shape, the services decide and write, the selectors
read. The championship's pages that every format shares (settings, pairs, rounds) are the
``tournaments`` ones; they reach these through ``formats.free_deal.format``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from formats.free_deal import selectors, services
from formats.free_deal.forms import DirectorGameForm, DisputeForm, GameForm
from formats.free_deal.rules import GameRefused
from formats.free_deal.services import settings_of
from scoring import permissions
from scoring.forms import new_idempotency_key
from scoring.services.values import Origin, ScoringError
from scoring.views.common import _no_store
from tournaments import selectors as tournament_selectors
from tournaments.models import Championship, Round, Table


def _refusal(form, error: ScoringError) -> None:
    """Show a refusal at the field it concerns (or above the form)."""
    field = getattr(error, "field", None)
    form.add_error(field if field in form.fields else None, error.message)


# --- Captains ---------------------------------------------------------------------------------


def _captain_url(team) -> str:
    return reverse("scoring:captain", args=[team.pk, team.link_secret])


def captain_page(request, team, *, form=None, dispute_form=None):
    table = selectors.team_table(team)
    game = selectors.table_game(table) if table is not None else None
    bye_round = (Round.objects.filter(championship_id=team.championship_id, bye_team=team,
                                      status=Round.Status.RELEASED).order_by("number").first())
    context = {
        "team": team, "championship": team.championship, "table": table, "game": game,
        "bye_round": bye_round, "settings": settings_of(team.championship),
        "form": form or GameForm(table=table, initial={"idempotency_key": new_idempotency_key()}),
        "dispute_form": dispute_form or DisputeForm(),
        "open": table is not None and table.round.status == Round.Status.RELEASED,
    }
    if game is not None and game.latest is not None:
        context["ours"] = game.latest.by_team_id == team.pk
        context["first_is_us"] = table.ns_team_id == team.pk
    return _no_store(render(request, "free_deal/captain.html", context))


def _open_table(team) -> Table:
    table = selectors.team_table(team)
    if table is None or table.round.status != Round.Status.RELEASED:
        raise permissions.no_open_table(table.round if table else None)
    return table


@require_POST
def captain_submit(request, team_id: int, secret: str):
    team = permissions.captain_team(team_id, secret)
    try:
        table = _open_table(team)
    except ScoringError as error:
        messages.error(request, error.message)
        return redirect(_captain_url(team))
    form = GameForm(request.POST, table=table)
    if form.is_valid():
        try:
            services.submit_game(team=team, table=table, values=form.values(),
                                 idempotency_key=form.cleaned_data["idempotency_key"],
                                 origin=Origin.from_request(request))
        except (GameRefused, ScoringError) as error:
            _refusal(form, error)
        else:
            messages.success(request, _("Game entered. The other pair must now confirm it."))
            return redirect(_captain_url(team))
    return captain_page(request, team, form=form)


@require_POST
def captain_confirm(request, team_id: int, secret: str, entry_id: int):
    team = permissions.captain_team(team_id, secret)
    try:
        services.confirm_game(entry_id=entry_id, team=team, origin=Origin.from_request(request))
    except ScoringError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Game confirmed."))
    return redirect(_captain_url(team))


@require_POST
def captain_dispute(request, team_id: int, secret: str, entry_id: int):
    team = permissions.captain_team(team_id, secret)
    form = DisputeForm(request.POST)
    if not form.is_valid():
        return captain_page(request, team, dispute_form=form)
    try:
        services.dispute_game(entry_id=entry_id, team=team, comment=form.cleaned_data["comment"],
                              origin=Origin.from_request(request))
    except ScoringError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Game disputed. The director has been told."))
    return redirect(_captain_url(team))


# --- Directors --------------------------------------------------------------------------------


def director_games(request, championship: Championship, round_: Round):
    context = {
        "championship": championship, "round": round_,
        "games": selectors.round_games(round_),
        "rounds": championship.rounds.order_by("number"),
    }
    return _no_store(render(request, "free_deal/director_games.html", context))


@login_required
def director_game(request, pk: int, number: int, table_number: int):
    """One table's game: its history, and the director's result or confirmation."""
    championship = tournament_selectors.championship_for_director(request.user, pk)
    table = get_object_or_404(Table.objects.select_related("round", "ns_team", "ew_team"),
                              round__championship=championship, round__number=number,
                              number=table_number)
    form = DirectorGameForm(request.POST if request.method == "POST" else None, table=table)
    if request.method == "POST" and request.POST.get("action") == "confirm":
        try:
            services.director_confirm_game(entry_id=int(request.POST.get("entry", 0) or 0),
                                           user=request.user,
                                           origin=Origin.from_request(request))
        except ScoringError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Game confirmed."))
        return redirect(request.path)
    if request.method == "POST" and form.is_valid():
        try:
            services.director_set_game(table=table, values=form.values(), user=request.user,
                                       note=form.cleaned_data["note"],
                                       origin=Origin.from_request(request))
        except (GameRefused, ScoringError) as error:
            _refusal(form, error)
        else:
            messages.success(request, _("Result saved."))
            return redirect(request.path)
    entries = list(table.game_entries.select_related("by_team", "by_director")
                   .prefetch_related("reviews__by_team", "reviews__by_director").order_by("id"))
    context = {"championship": championship, "table": table, "round": table.round,
               "game": selectors.table_game(table), "entries": entries, "form": form}
    return _no_store(render(request, "free_deal/director_game.html", context))


# --- Standings --------------------------------------------------------------------------------


def standings_page(request, championship: Championship, *, director: bool):
    closed = championship.rounds.filter(status=Round.Status.CLOSED).order_by("-number")
    last_closed = closed.values_list("number", flat=True).first()
    # The public sees closed rounds only; a director sees every confirmed game.
    up_to = None if director else (last_closed or 0)
    context = {
        "championship": championship, "director": director,
        "rows": selectors.ranking(championship, up_to=up_to),
        "after": up_to, "rounds_planned": championship.rounds_planned,
        "settings": settings_of(championship),
    }
    return render(request, "free_deal/standings.html", context)
