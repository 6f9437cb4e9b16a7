"""The pages of a table's game that every format whose tables play one game of two pairs
shares (free-deal pairs, rules.md 11.2; the group games of groups then knockout, 12.1): the
game's card on a pair's page (its state, the other pair's confirm, PIN and dispute, the form
and the score pad), the link's posts, the director's games grid of a round and a table's game.

A format gives what differs: its pair's table and the page that shows the card
(:class:`GameLinks`), the names of its URLs (``urls``: ``submit``, ``confirm``, ``pin``,
``dispute``, ``director_game``), and, through the seam, what its game is
(``Format.game_pad``) and how it may end (``Format.game_endings``). Thin: the core's services
(``scoring.services.games``) decide and write, its selectors (``scoring.selectors.games``)
read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

import live
from formats import format_of
from scoring import permissions
from scoring.forms import DisputeCommentForm, new_idempotency_key
from scoring.game_forms import DirectorGameForm, GameForm, PinForm
from scoring.selectors import games as game_selectors
from scoring.selectors.game_heard import add_heard
from scoring.services import games as game_services
from scoring.services.values import Origin, ScoringError
from scoring.views.answers import answer_submission
from scoring.views.clock import clock_context
from scoring.views.common import no_store
from scoring.views.link_reviews import LinkReviews
from scoring.views.offline import outbox_strings
from scoring.views.table_entry import director_table, director_table_post, entry_history
from tournaments.models import Championship, Round, Table


def show_refusal(form, error: ScoringError) -> None:
    """Show a refusal once, at the visible field it concerns: both pairs' points, and the
    score pad's record (a hidden field; the message names the hand), at the first pair's
    points, the field under the pad; anything else above the form."""
    field = getattr(error, "field", None) or ""
    if field == "points" or field == "hands" or field.startswith("hands["):
        field = "first_points"
    form.add_error(field if field in form.fields else None, error.message)


def game_form(table: Table, data=None, *, director: bool = False, **kwargs) -> GameForm:
    """The game's form at ``table``, offering the endings its format allows."""
    championship = table.round.championship
    form_class = DirectorGameForm if director else GameForm
    return form_class(data, table=table, endings=format_of(championship).game_endings(
        championship), **kwargs)


def game_outbox_strings() -> dict:
    """The outbox's words (static/js/captain.js) when its unit is the game."""
    return {"result": _("The game's result"), "confirm": _("Confirmation of the game"),
            "dispute": _("Dispute of the game")}


def pad_data(team, table, game, pad) -> dict:
    """What the score pad (static/js/score_pad.js) needs, in the reader's language: ``pad``
    is the format's ``GamePad``."""
    return {
        "key": f"{team.pk}-{table.pk}",
        "scheme": table.round.championship.doubling,
        "target": pad.target, "cap": pad.cap, "hand_limit": pad.hands,
        "extra_hands": pad.extra_hands,
        "names": {"first": table.ns_team.name, "second": table.ew_team.name},
        "contracts": {"O": _("coins"), "C": _("cups"), "E": _("swords"), "B": _("batons"),
                      "BOT": _("Botifarra")},
        "doublings": {"1": _("contro"), "2": _("recontro"), "3": _("Sant Vicenç")},
        "strings": {
            "next": _("Hand %(number)s: trumps by %(pair)s"),
            "limit": _("That was the last hand: check the result below and send it."),
            "points": _("Enter the trump makers' points, from 0 to 72."),
            "over": _("Game over"),
            "won": _("Game over: %(pair)s wins, %(first)s–%(second)s. Check the result below "
                     "and send it."),
            "typed": _("These totals are not the score pad's: to send them, clear the pad "
                       "(its hands are not sent); or correct the pad's hands."),
            "clear": _("Clear the pad's %(hands)s hands? They cannot be brought back."),
            "level": _("Level after %(hands)s hands: play %(extra)s more."),
        },
        # Once this pair's result is stored (or confirmed), the pad starts empty again.
        "sent": game is not None and game.latest is not None and (
            game.state == game_selectors.CONFIRMED or game.latest.by_team_id == team.pk),
    }


def game_card(team, table, game, pad, urls: dict, *, form=None, dispute_form=None,
              pin_form=None) -> dict:
    """The context of the game's card on a pair's page (``scoring/games/_game_card.html``)
    at its ``table`` (or none), the table's ``game`` read, ``pad`` the format's ``GamePad``
    and ``urls`` the names of its URLs."""
    context = {
        "table": table, "game": game, "pad": pad, "game_urls": urls,
        "dispute_form": dispute_form or DisputeCommentForm(),
        "pin_form": pin_form or PinForm(),
        "open": table is not None and table.round.status == Round.Status.RELEASED,
        "outbox_strings": {**outbox_strings(), **game_outbox_strings()},
    }
    if table is None:
        context["form"] = form
        return context
    context["form"] = form or game_form(
        table, initial={"idempotency_key": new_idempotency_key()})
    if game is not None and game.latest is not None:
        context["ours"] = game.latest.by_team_id == team.pk
        context["first_is_us"] = table.ns_team_id == team.pk
    context["pad_data"] = pad_data(team, table, game, pad)
    return context


@dataclass(frozen=True)
class GameLinks:
    """A format's posts from a pair's link about its game, made from the core's services:

    - ``open_table(team)``: the pair's table in the open round, else a refusal
      (``ScoringError``: the round is not in play, the pair sits it out);
    - ``page(request, team, **forms)``: the pair's page with a form to show again
      (``form``, ``pin_form``, ``dispute_form``).
    """

    open_table: Callable
    page: Callable

    @property
    def _reviews(self) -> LinkReviews:
        return LinkReviews(entry_of=permissions.game_entry_of, page=self.page)

    def submit(self):
        """Enter the game (the form's values, checked by the format's rules)."""
        open_table, page = self.open_table, self.page

        @require_POST
        def view(request, team_id: int, secret: str):
            team = permissions.captain_team(team_id, secret)
            # Sent again (the outbox after a lost answer): the first answer, even once its
            # round has closed and the next is in play (whose table the pair's open table
            # now is).
            return answer_submission(
                request, team, entered=_("Game entered. The other pair must now confirm it."),
                stored=lambda: game_services.earlier_submission(
                    team=team, idempotency_key=request.POST.get("idempotency_key")),
                open_table=lambda: open_table(team),
                form_for=lambda table: game_form(table, request.POST),
                submit=lambda table, form: game_services.submit_game(
                    team=team, table=table, values=form.values(),
                    idempotency_key=form.cleaned_data["idempotency_key"],
                    origin=Origin.from_request(request)),
                show_refusal=show_refusal, page=lambda form: page(request, team, form=form))

        return view

    # The other pair confirms or disputes the entry through its own link, or confirms it on
    # this pair's phone with its PIN (never kept on the phone).

    def confirm(self):
        return self._reviews.confirm(game_services.confirm_game,
                                     gettext_lazy("Game confirmed."))

    def confirm_with_pin(self):
        return self._reviews.confirm_with_pin(game_services.confirm_game_with_pin,
                                              gettext_lazy("Game confirmed."), PinForm)

    def dispute(self):
        return self._reviews.dispute(game_services.dispute_game,
                                     gettext_lazy("Game disputed. The director has been told."))


def director_games(request, championship: Championship, round_: Round, urls: dict, *,
                   byes=(), groups: dict | None = None):
    """The director's grid of a round's games: every table, its score, its state (a link
    to the table's page, ``urls["director_game"]``), when it was last heard from; the pairs
    sitting the round out (``byes``); with ``groups`` (a table's id to its group's name), a
    group column."""
    games = add_heard(round_, game_selectors.round_games(round_))
    for game in games:
        game.group = (groups or {}).get(game.table.pk, "")
    context = {
        "championship": championship, "round": round_, "games": games, "byes": byes,
        "game_urls": urls, "groups": groups is not None,
        "rounds": championship.rounds.order_by("number"),
        "live_url": live.stream_url("director", championship.pk),
        # The round's clock with the director's buttons, back to this page.
        **(clock_context(request, round_, buttons=True) or {}),
    }
    return no_store(render(request, "scoring/games/director_games.html", context))


def director_game_view():
    """The director's page of one table's game: its history, and the director's result or
    confirmation (a view of the URL's ``pk``, ``number`` and ``table_number``)."""

    @login_required
    def view(request, pk: int, number: int, table_number: int):
        championship, table = director_table(
            request, Table.objects.select_related("round__championship", "ns_team", "ew_team"),
            pk, number, table_number)
        game = game_selectors.table_game(table)
        # A correction starts from the result entered last (the one that counts once
        # confirmed), as the pairs' override does: the director changes what is wrong only.
        form = game_form(table, request.POST if request.method == "POST" else None,
                         director=True, initial=_correction_initial(game.latest))
        answer = director_table_post(
            request, table, form, confirm=game_services.director_confirm_game,
            save=game_services.director_set_game, confirmed=_("Game confirmed."),
            show_refusal=show_refusal)
        if answer is not None:
            return answer
        context = {"championship": championship, "table": table, "round": table.round,
                   "game": game, "entries": entry_history(table.game_entries), "form": form}
        return no_store(render(request, "scoring/games/director_game.html", context))

    return view


def _correction_initial(entry) -> dict:
    if entry is None:
        return {}
    return {"first_points": entry.first_points, "second_points": entry.second_points,
            "ended_by": entry.ended_by, "hands_played": entry.hands_played}
