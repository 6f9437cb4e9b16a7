"""Pages of a free-deal evening of *abarrotada* (rules.md 10.4): a player's table and game,
the director's games of a round and one table's game, the standings and the projector.
Thin: the forms check the shape, the services decide and write, the selectors read."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

import live
from formats.abarrotada import evening, permissions, services
from formats.abarrotada.evening_forms import DirectorTotalsForm, TotalsForm
from formats.abarrotada.models import GameTotals, PlayerTable
from formats.abarrotada.projector import projector_response
from formats.abarrotada.report_forms import PinForm
from formats.abarrotada.services import form_of, settings_of
from scoring import permissions as scoring_permissions
from scoring.forms import DisputeCommentForm, new_idempotency_key
from scoring.services.values import Origin, ScoringError
from scoring.views.answers import answer_submission
from scoring.views.clock import captain_clock_url
from scoring.views.common import no_store
from scoring.views.link_reviews import LinkReviews
from scoring.views.offline import cache_name, outbox_strings
from scoring.views.table_entry import director_table, director_table_post, entry_history
from tournaments.clock_selectors import clock_view
from tournaments.models import Championship, Round
from tournaments.phrases import phrase


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
    settings = settings_of(championship)
    context = {
        "player": player, "team": player, "championship": championship, "table": table,
        "sit_out": out, "game": game, "settings": settings,
        "seats": sorted(_seats(table).items(), key=lambda item: "NESW".index(item[0]))
        if table else [],
        "form": form or _form_for(table, championship),
        "dispute_form": dispute_form or DisputeCommentForm(),
        "pin_form": pin_form or PinForm(),
        "open": table is not None and table.round.status == Round.Status.RELEASED,
        # The round's countdown (rules.md 10.4), re-read from the clock's address
        # (static/js/clock.js) when the live stream says something changed.
        "clock": clock_view(table.round if table is not None else None, settings.round_minutes),
        "clock_url": captain_clock_url(player),
        "ours": bool(game and game["entry"] and game["entry"].by_team_id == player.pk),
        "live_url": live.stream_url("team", championship.pk, player.pk,
                                    link_secret=player.link_secret),
        "outbox_strings": {**outbox_strings(), "result": _("The game's totals"),
                           "confirm": _("Confirmation of the game"),
                           "dispute": _("Dispute of the game")},
        "offline_cache": cache_name(),
    }
    return no_store(render(request, "abarrotada/evening/player.html", context))


@require_POST
def player_submit(request, team_id: int, secret: str):
    player = scoring_permissions.captain_team(team_id, secret)
    return answer_submission(
        request, player,
        entered=_("Game entered. Another player at the table must now confirm it."),
        stored=lambda: services.earlier_totals(
            player=player, idempotency_key=request.POST.get("idempotency_key")),
        open_table=lambda: permissions.player_open_table(player),
        form_for=lambda table: _form_for(table, player.championship, request.POST),
        submit=lambda table, form: services.submit_totals(
            player=player, table=table, values=form.values(),
            idempotency_key=form.cleaned_data["idempotency_key"],
            origin=Origin.from_request(request)),
        show_refusal=_refusal, page=lambda form: player_page(request, player, form=form))


# Another player at the table confirms or disputes the totals through their own link, or
# confirms them on this phone with their own PIN (never kept on the phone).
_reviews = LinkReviews(entry_of=permissions.player_totals, page=player_page, team_arg="player")
player_confirm = _reviews.confirm(services.confirm_totals, gettext_lazy("Game confirmed."))
player_pin = _reviews.confirm_with_pin(
    services.confirm_totals_with_pin,
    lambda review: phrase(_("Game confirmed by %(player)s."), player=review.by_team.name), PinForm)
player_dispute = _reviews.dispute(services.dispute_totals,
                                  gettext_lazy("Game disputed. The director has been told."))


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
    championship, table = director_table(
        request, PlayerTable.objects.select_related("round__championship"), pk, number,
        table_number)
    form = _form_for(table, championship, request.POST if request.method == "POST" else None,
                     DirectorTotalsForm)
    answer = director_table_post(request, table, form, confirm=services.director_confirm_totals,
                                 save=services.director_set_totals,
                                 confirmed=_("Game confirmed."), show_refusal=_refusal)
    if answer is not None:
        return answer
    entries = entry_history(GameTotals.objects.filter(table=table))
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
