"""Pages of a free-deal evening of *abarrotada* (rules.md 10.4): a player's table and game,
the director's games of a round and one table's game, the standings and the projector.
Thin: the forms check the shape, the services decide and write, the selectors read."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import live
from formats.abarrotada import evening, permissions, services
from formats.abarrotada.evening_forms import DirectorTotalsForm, TotalsForm
from formats.abarrotada.models import GameTotals, PlayerTable
from formats.abarrotada.projector import projector_response
from formats.abarrotada.report_forms import PinForm
from formats.abarrotada.rules import ReportRefused
from formats.abarrotada.services import form_of, settings_of
from scoring import permissions as scoring_permissions
from scoring.forms import DisputeCommentForm, new_idempotency_key
from scoring.services.values import Origin, ScoringError
from scoring.views.answers import answer_action, from_outbox
from scoring.views.common import no_store
from scoring.views.offline import cache_name, outbox_strings
from tournaments import selectors as tournament_selectors
from tournaments.models import Championship, Round


def _seats(table: PlayerTable) -> dict:
    return {s.seat: s.player for s in table.seatings.select_related("player")}


def _form_for(table: PlayerTable | None, championship, data=None, form_class=TotalsForm):
    seats = [seat.value for seat in form_of(championship).seats]
    names = {seat: player.name for seat, player in _seats(table).items()} if table else {}
    initial = {"idempotency_key": new_idempotency_key()} if data is None else None
    return form_class(data, seats=seats, names=names, initial=initial)


def _refusal(form, error: ScoringError) -> None:
    field = getattr(error, "field", None)
    form.add_error(field if field in form.fields else None, error.message)


# --- Players ----------------------------------------------------------------------------------


def player_page(request, player, *, form=None, dispute_form=None, pin_form=None):
    championship = player.championship
    out = permissions.sit_out_round(player)
    table = None if out is not None else permissions.player_table(player)
    game = evening.table_games(table.round, [table.pk])[table.pk] if table else None
    context = {
        "player": player, "team": player, "championship": championship, "table": table,
        "sit_out": out, "game": game, "settings": settings_of(championship),
        "seats": sorted(_seats(table).items(), key=lambda item: "NESW".index(item[0]))
        if table else [],
        "form": form or _form_for(table, championship),
        "dispute_form": dispute_form or DisputeCommentForm(),
        "pin_form": pin_form or PinForm(),
        "open": table is not None and table.round.status == Round.Status.RELEASED,
        "ours": bool(game and game["entry"] and game["entry"].by_team_id == player.pk),
        "live_url": live.stream_url("team", championship.pk, player.pk,
                                    link_secret=player.link_secret),
        "outbox_strings": {**outbox_strings(), "result": _("The game's totals"),
                           "confirm": _("Confirmation of the game"),
                           "dispute": _("Dispute of the game")},
        "offline_cache": cache_name(),
    }
    return no_store(render(request, "abarrotada/evening/player.html", context))


def _outbox_refusal(request, player, form):
    errors = {name: list(items) for name, items in form.errors.items()}
    text = " ".join(message for items in errors.values() for message in items)
    return answer_action(request, player, ok=False, message=text, status=400, errors=errors)


@require_POST
def player_submit(request, team_id: int, secret: str):
    player = scoring_permissions.captain_team(team_id, secret)
    entered = _("Game entered. Another player at the table must now confirm it.")
    if services.earlier_totals(player=player,
                               idempotency_key=request.POST.get("idempotency_key")):
        # Sent again (the outbox after a lost answer), even once the round has closed: the
        # first answer, never a refusal of stored totals.
        return answer_action(request, player, ok=True, message=entered)
    try:
        table = permissions.player_open_table(player)
    except ScoringError as error:
        return answer_action(request, player, ok=False, message=error.message)
    form = _form_for(table, player.championship, request.POST)
    if form.is_valid():
        try:
            services.submit_totals(player=player, table=table, values=form.values(),
                                   idempotency_key=form.cleaned_data["idempotency_key"],
                                   origin=Origin.from_request(request))
        except ScoringError as error:
            _refusal(form, error)
        else:
            return answer_action(request, player, ok=True, message=entered)
    if from_outbox(request):
        return _outbox_refusal(request, player, form)
    return player_page(request, player, form=form)


@require_POST
def player_confirm(request, team_id: int, secret: str, entry_id: int):
    player = scoring_permissions.captain_team(team_id, secret)
    permissions.player_totals(player, entry_id)  # another table's entry: 404, as an unknown id
    try:
        services.confirm_totals(entry_id=entry_id, player=player,
                                origin=Origin.from_request(request))
    except ScoringError as error:
        return answer_action(request, player, ok=False, message=error.message)
    return answer_action(request, player, ok=True, message=_("Game confirmed."))


@require_POST
def player_pin(request, team_id: int, secret: str, entry_id: int):
    """Another player at the table confirms this player's totals on this phone with their
    own PIN (never kept on the phone: the page's script refuses it with no network)."""
    player = scoring_permissions.captain_team(team_id, secret)
    permissions.player_totals(player, entry_id)  # another table's entry: 404, as an unknown id
    form = PinForm(request.POST)
    if not form.is_valid():
        return player_page(request, player, pin_form=form)
    try:
        review = services.confirm_totals_with_pin(entry_id=entry_id, player=player,
                                                  pin=form.cleaned_data["pin"],
                                                  origin=Origin.from_request(request))
    except ScoringError as error:
        return answer_action(request, player, ok=False, message=error.message)
    return answer_action(request, player, ok=True,
                         message=_("Game confirmed by %(player)s.") % {"player": review.by_team.name})


@require_POST
def player_dispute(request, team_id: int, secret: str, entry_id: int):
    player = scoring_permissions.captain_team(team_id, secret)
    permissions.player_totals(player, entry_id)  # another table's entry: 404, as an unknown id
    form = DisputeCommentForm(request.POST)
    if not form.is_valid():
        if from_outbox(request):
            return _outbox_refusal(request, player, form)
        return player_page(request, player, dispute_form=form)
    try:
        services.dispute_totals(entry_id=entry_id, player=player,
                                comment=form.cleaned_data["comment"],
                                origin=Origin.from_request(request))
    except ScoringError as error:
        return answer_action(request, player, ok=False, message=error.message)
    return answer_action(request, player, ok=True,
                         message=_("Game disputed. The director has been told."))


# --- Directors --------------------------------------------------------------------------------


def director_games(request, championship: Championship, round_: Round):
    tables = list(round_.player_tables.order_by("number").prefetch_related("seatings__player"))
    games = evening.table_games(round_, [t.pk for t in tables])
    rows = [{"table": t, "seats": sorted(t.seatings.all(), key=lambda s: "NESW".index(s.seat)),
             **games[t.pk]} for t in tables]
    context = {
        "championship": championship, "round": round_, "rows": rows,
        "sit_outs": round_.sit_outs.select_related("player").order_by("player__number"),
        "rounds": championship.rounds.order_by("number"),
        "live_url": live.stream_url("director", championship.pk),
    }
    return no_store(render(request, "abarrotada/evening/director_games.html", context))


@login_required
def director_game(request, pk: int, number: int, table_number: int):
    """One table's game: its history, and the director's entry or confirmation."""
    championship = tournament_selectors.championship_for_director(request.user, pk)
    table = get_object_or_404(PlayerTable.objects.select_related("round__championship"),
                              round__championship=championship, round__number=number,
                              number=table_number)
    post = request.method == "POST"
    form = _form_for(table, championship, request.POST if post else None, DirectorTotalsForm)
    if post and request.POST.get("action") == "confirm":
        # Looked up among this table's entries by the service: an id of another table, round
        # or championship (or no id at all: "abc", "²") is 404, and nothing is written.
        try:
            services.director_confirm_totals(table=table, entry_id=request.POST.get("entry", ""),
                                             user=request.user,
                                             origin=Origin.from_request(request))
        except ScoringError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Game confirmed."))
        return redirect(request.path)
    if post and form.is_valid():
        try:
            services.director_set_totals(table=table, values=form.values(), user=request.user,
                                         note=form.cleaned_data["note"],
                                         origin=Origin.from_request(request))
        except (ReportRefused, ScoringError) as error:
            _refusal(form, error)
        else:
            messages.success(request, _("Result saved."))
            return redirect(request.path)
    entries = list(GameTotals.objects.filter(table=table)
                   .select_related("by_team", "by_director")
                   .prefetch_related("reviews__by_team", "reviews__by_director").order_by("id"))
    context = {"championship": championship, "table": table, "round": table.round,
               "seats": sorted(_seats(table).items(), key=lambda item: "NESW".index(item[0])),
               "game": evening.table_games(table.round, [table.pk])[table.pk],
               "entries": entries, "form": form}
    return no_store(render(request, "abarrotada/evening/director_game.html", context))


# --- Standings --------------------------------------------------------------------------------


def _rounds_shown(championship, director: bool):
    statuses = [Round.Status.CLOSED] + ([Round.Status.RELEASED] if director else [])
    return list(championship.rounds.filter(status__in=statuses))


def standings_page(request, championship: Championship, *, director: bool):
    """The evening's ranking (rules.md 10.4): closed rounds for the public; the round in
    play too for its directors."""
    rounds = _rounds_shown(championship, director)
    context = {"championship": championship, "director": director,
               "rows": evening.evening_standings(championship, rounds=rounds),
               "closed": sum(r.status == Round.Status.CLOSED for r in rounds),
               "rounds_planned": championship.rounds_planned,
               "live_url": live.stream_url("director" if director else "public",
                                           championship.pk)}
    return render(request, "abarrotada/evening/standings.html", context)


def projector_page(request, championship: Championship, *, director: bool):
    """The hall's screen: the ranking in large type, ten players a page, cycling by itself."""
    rows = evening.evening_standings(championship,
                                     rounds=_rounds_shown(championship, director))
    return projector_response(request, championship, rows, director=director,
                              template="abarrotada/evening/projector.html")
