"""Pages of the free-deal format: the captain's game, the director's games of a round, the
standings, a round's pairing sheets. Thin: the forms check the shape, the services decide and write, the selectors
read. The championship's pages that every format shares (settings, pairs, rounds) are the
``tournaments`` ones; they reach these through ``formats.free_deal.format``."""

from __future__ import annotations

from django.conf import settings as site_settings
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

import live
from formats.free_deal import permissions as pair_permissions
from formats.free_deal import selectors, services
from formats.free_deal.exports.pdf import pairing_sheets_pdf
from formats.free_deal.format import FreeDealPairs
from formats.free_deal.forms import DirectorGameForm, GameForm, PinForm
from formats.free_deal.heard import add_heard
from formats.free_deal.knockout_captain_views import captain_knockout
from formats.free_deal.services import settings_of
from formats.free_deal.wording import PAIR_WORDING
from scoring import permissions
from scoring.exports.data import export_scope
from scoring.forms import DisputeCommentForm, new_idempotency_key
from scoring.selectors.scope import ScopeError, ranking_scope
from scoring.services.values import Origin, ScoringError
from scoring.views.answers import answer_submission
from scoring.views.clock import captain_clock_url, clock_context
from scoring.views.common import no_store
from scoring.views.link_reviews import LinkReviews
from scoring.views.offline import cache_name, outbox_strings
from scoring.views.table_entry import director_table, director_table_post, entry_history
from tournaments import selectors as tournament_selectors
from tournaments.clock_selectors import clock_view
from tournaments.models import Championship, Round, Table
from tournaments.print_pages import printed_file


def _refusal(form, error: ScoringError) -> None:
    """Show a refusal once, at the visible field it concerns: both pairs' points, and the
    score pad's record (a hidden field; the message names the hand), at the first pair's
    points, the field under the pad; anything else above the form."""
    field = getattr(error, "field", None) or ""
    if field == "points" or field == "hands" or field.startswith("hands["):
        field = "first_points"
    form.add_error(field if field in form.fields else None, error.message)


# --- Captains ---------------------------------------------------------------------------------


def captain_page(request, team, *, form=None, dispute_form=None, pin_form=None,
                 knockout_form=None):
    table = selectors.team_table(team)
    game = selectors.table_game(table) if table is not None else None
    bye_round = selectors.open_bye_round(team)
    # The table's read brought the settings with it.
    settings = settings_of(table.round.championship if table is not None else team.championship)
    context = {
        "team": team, "championship": team.championship, "table": table, "game": game,
        "bye_round": bye_round, "settings": settings,
        "form": form or GameForm(table=table, initial={"idempotency_key": new_idempotency_key()}),
        "dispute_form": dispute_form or DisputeCommentForm(),
        "pin_form": pin_form or PinForm(),
        "open": table is not None and table.round.status == Round.Status.RELEASED,
        # The round's countdown, re-read from the clock's address (static/js/clock.js) when
        # the live stream says something changed.
        "clock": clock_view(table.round if table is not None else None, settings.round_minutes),
        "clock_url": captain_clock_url(team),
        "live_url": live.stream_url("team", team.championship_id, team.pk,
                                    link_secret=team.link_secret),
        # The duplicate page's outbox (static/js/captain.js), whose unit here is the game.
        "outbox_strings": {**outbox_strings(), **_game_outbox_strings()},
        "offline_cache": cache_name(),
        # The pair's knockout tie being played, if any (rules.md 11.3).
        "knockout": captain_knockout(team, knockout_form),
    }
    if game is not None and game.latest is not None:
        context["ours"] = game.latest.by_team_id == team.pk
        context["first_is_us"] = table.ns_team_id == team.pk
    if table is not None:
        context["pad_data"] = _pad_data(team, table, game, context["settings"])
    return no_store(render(request, "free_deal/captain.html", context))


def _game_outbox_strings() -> dict:
    return {"result": _("The game's result"), "confirm": _("Confirmation of the game"),
            "dispute": _("Dispute of the game")}


def _pad_data(team, table, game, settings) -> dict:
    """What the score pad (static/js/score_pad.js) needs, in the reader's language."""
    return {
        "key": f"{team.pk}-{table.pk}",
        "scheme": table.round.championship.doubling,
        "target": settings.target, "cap": settings.cap, "hand_limit": settings.hand_limit,
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
        },
        # Once this pair's result is stored (or confirmed), the pad starts empty again.
        "sent": game is not None and game.latest is not None and (
            game.state == selectors.CONFIRMED or game.latest.by_team_id == team.pk),
    }


def _open_table(team) -> Table:
    table = selectors.team_table(team)
    if table is None or table.round.status != Round.Status.RELEASED:
        raise permissions.no_open_table(table.round if table else None, PAIR_WORDING)
    return table


@require_POST
def captain_submit(request, team_id: int, secret: str):
    team = permissions.captain_team(team_id, secret)
    # Sent again (the outbox after a lost answer): the first answer, even once its round has
    # closed and the next is in play (whose table the pair's open table now is).
    return answer_submission(
        request, team, entered=_("Game entered. The other pair must now confirm it."),
        stored=lambda: services.earlier_submission(
            team=team, idempotency_key=request.POST.get("idempotency_key")),
        open_table=lambda: _open_table(team),
        form_for=lambda table: GameForm(request.POST, table=table),
        submit=lambda table, form: services.submit_game(
            team=team, table=table, values=form.values(),
            idempotency_key=form.cleaned_data["idempotency_key"],
            origin=Origin.from_request(request)),
        show_refusal=_refusal, page=lambda form: captain_page(request, team, form=form))


# The other pair confirms or disputes the entry through its own link, or confirms it on this
# pair's phone with its PIN (never kept on the phone).
_reviews = LinkReviews(entry_of=pair_permissions.captain_entry, page=captain_page)
captain_confirm = _reviews.confirm(services.confirm_game, gettext_lazy("Game confirmed."))
captain_pin = _reviews.confirm_with_pin(services.confirm_game_with_pin,
                                        gettext_lazy("Game confirmed."), PinForm)
captain_dispute = _reviews.dispute(services.dispute_game,
                                   gettext_lazy("Game disputed. The director has been told."))


# --- Directors --------------------------------------------------------------------------------


def director_games(request, championship: Championship, round_: Round):
    context = {
        "championship": championship, "round": round_,
        "games": add_heard(round_, selectors.round_games(round_)),
        "byes": selectors.round_byes(round_),
        "rounds": championship.rounds.order_by("number"),
        "live_url": live.stream_url("director", championship.pk),
        # The round's clock with the director's buttons, back to this page.
        **(clock_context(request, round_, buttons=True) or {}),
    }
    return no_store(render(request, "free_deal/director_games.html", context))


@login_required
def director_game(request, pk: int, number: int, table_number: int):
    """One table's game: its history, and the director's result or confirmation."""
    championship, table = director_table(
        request, Table.objects.select_related("round", "ns_team", "ew_team"), pk, number,
        table_number)
    game = selectors.table_game(table)
    # A correction starts from the result entered last (the one that counts once
    # confirmed), as the pairs' override does: the director changes what is wrong only.
    form = DirectorGameForm(request.POST if request.method == "POST" else None, table=table,
                            initial=_correction_initial(game.latest))
    answer = director_table_post(request, table, form, confirm=services.director_confirm_game,
                                 save=services.director_set_game,
                                 confirmed=_("Game confirmed."), show_refusal=_refusal)
    if answer is not None:
        return answer
    entries = entry_history(table.game_entries)
    context = {"championship": championship, "table": table, "round": table.round,
               "game": game, "entries": entries, "form": form}
    return no_store(render(request, "free_deal/director_game.html", context))


def _correction_initial(entry) -> dict:
    if entry is None:
        return {}
    return {"first_points": entry.first_points, "second_points": entry.second_points,
            "ended_by": entry.ended_by, "hands_played": entry.hands_played}


# Making a PDF takes WeasyPrint seconds: GET and HEAD only (405 for the rest before anything
# is read), and a HEAD gets the headers without the PDF being made.
@require_safe
@login_required
def pairing_sheets(request, pk: int, number: int):
    """A round's pairing sheets (PDF), by table and by pair name, for the wall."""
    championship = tournament_selectors.championship_for_director(request.user, pk)
    # Only a free-deal round: a duplicate round's tables are printed by its own sheets.
    round_ = get_object_or_404(championship.rounds, number=number,
                               championship__format=FreeDealPairs.key)
    return no_store(printed_file(request, lambda: pairing_sheets_pdf(round_),
                                  f"pairings-round-{round_.number}.pdf"))


# --- Standings --------------------------------------------------------------------------------


def bracket_html(request, championship) -> str:
    from formats.free_deal.knockout_views import bracket_html as html

    return html(request, championship)


def standings_page(request, championship: Championship, *, director: bool):
    # The same scope as the duplicate standings (rules.md 6.6, "where a ranking stands"): the
    # public sees closed rounds only; a director every confirmed game; ``?after=N`` an
    # earlier closed round, for anyone.
    try:
        scope = ranking_scope(championship, live=director, after=request.GET.get("after"))
    except ScopeError as error:
        return HttpResponseBadRequest(str(error))
    up_to = None if scope.live else scope.after
    sections = selectors.section_rankings(championship, up_to=up_to)
    context = {
        "championship": championship, "director": director, "scope": scope,
        "sections": sections, "rows": [line for part in sections for line in part.lines],
        "after": up_to, "rounds_planned": championship.rounds_planned,
        "settings": settings_of(championship),
        # What the download links stand after (closed rounds, whoever reads the page).
        "downloads_scope": export_scope(championship),
        "bracket": bracket_html(request, championship),
        # The ranking and the bracket refresh themselves on live events (static/js/live.js).
        "live_url": live.stream_url("director" if director else "public", championship.pk),
    }
    return render(request, "free_deal/standings.html", context)


#: Tables a page of the projector's pairing shows: what fits a 1280 × 720 screen under the
#: round's clock in the projector's type (tests/e2e/test_e2e_free_deal_projector_fits.py).
PAIRING_TABLES_PER_PAGE = 6


def projector_page(request, championship: Championship, *, director: bool):
    """The hall's screen: the round's clock, the pairing of the round in play, then the
    ranking ten pairs a page, cycling by itself (a meta refresh; live updates reload it)."""
    from scoring.views.results import projector_page_of

    per_page = 10
    released = (championship.rounds.filter(status=Round.Status.RELEASED)
                .order_by("-number").first())
    tables = list(released.tables.select_related("ns_team", "ew_team").order_by("number")
                  ) if released else []
    closed = championship.rounds.filter(status=Round.Status.CLOSED).order_by("-number")
    up_to = None if director else (closed.values_list("number", flat=True).first() or 0)
    # The pairing first (as many pages as it takes), then each section's ranking in turn,
    # ten pairs a page (a page never mixes two sections).
    ranking_chunks = [
        (part.section, part.lines[start:start + per_page])
        for part in selectors.section_rankings(championship, up_to=up_to)
        for start in range(0, max(1, len(part.lines)), per_page)
    ]
    pairing_pages = -(-len(tables) // PAIRING_TABLES_PER_PAGE) if tables else 0
    ranking_pages = max(1, len(ranking_chunks))
    page, next_page = projector_page_of(request, pairing_pages + ranking_pages)
    context = {
        "championship": championship, "director": director, "round": released,
        "byes": selectors.round_byes(released) if released else [],
        "page": page, "pages": pairing_pages + ranking_pages, "after": up_to,
        "rounds_planned": championship.rounds_planned,
        "next_url": f"{reverse('scoring:projector', args=[championship.pk])}?page={next_page}",
        "seconds": site_settings.PROJECTOR_PAGE_SECONDS,
        "live_url": live.stream_url("director" if director else "public", championship.pk),
    }
    if page <= pairing_pages:
        start = (page - 1) * PAIRING_TABLES_PER_PAGE
        context["tables"] = tables[start:start + PAIRING_TABLES_PER_PAGE]
    else:
        section, rows = (ranking_chunks[page - pairing_pages - 1] if ranking_chunks
                         else (None, []))
        context["section"], context["rows"] = section, rows
    return render(request, "free_deal/projector.html", context)
