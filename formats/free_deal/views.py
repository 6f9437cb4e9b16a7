"""Pages of the free-deal format: the captain's game, the director's games of a round, the
standings, a round's pairing sheets. A table's game (its card on the pair's page, the link's
posts, the director's grid and table page) is the core's (``scoring.views.games``), given
this format's table, page and URLs. Thin: the forms check the shape, the services decide
and write, the selectors read. The championship's pages that every format shares (settings, pairs, rounds) are the
``tournaments`` ones; they reach these through ``formats.free_deal.format``."""

from __future__ import annotations

from django.conf import settings as site_settings
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_safe

import live
from formats.free_deal import selectors
from formats.free_deal.exports.pdf import pairing_sheets_pdf
from formats.free_deal.format import FreeDealPairs, game_pad_of
from formats.free_deal.knockout_captain_views import captain_knockout
from formats.free_deal.services import settings_of
from formats.free_deal.wording import PAIR_WORDING
from scoring import permissions
from scoring.exports.data import export_scope
from scoring.selectors.scope import ScopeError, ranking_scope
from scoring.views.clock import captain_clock_url
from scoring.views.common import no_store
from scoring.views.games import GameLinks, director_game_view, game_card
from scoring.views.games import director_games as games_grid
from scoring.views.offline import cache_name
from tournaments import selectors as tournament_selectors
from tournaments.clock_selectors import clock_view
from tournaments.models import Championship, Round, Table
from tournaments.print_pages import printed_file

# --- Captains ---------------------------------------------------------------------------------


#: The names of the format's game URLs, for the core's game pages.
GAME_URLS = {"submit": "free_deal:captain_submit", "confirm": "free_deal:captain_confirm",
             "pin": "free_deal:captain_pin", "dispute": "free_deal:captain_dispute",
             "director_game": "free_deal:director_game"}


def captain_page(request, team, *, form=None, dispute_form=None, pin_form=None,
                 knockout_form=None):
    table = selectors.team_table(team)
    game = selectors.table_game(table) if table is not None else None
    bye_round = selectors.open_bye_round(team)
    # The table's read brought the settings with it.
    settings = settings_of(table.round.championship if table is not None else team.championship)
    context = {
        "team": team, "championship": team.championship, "bye_round": bye_round,
        "settings": settings,
        # The round's countdown, re-read from the clock's address (static/js/clock.js) when
        # the live stream says something changed.
        "clock": clock_view(table.round if table is not None else None, settings.round_minutes),
        "clock_url": captain_clock_url(team),
        "live_url": live.stream_url("team", team.championship_id, team.pk,
                                    link_secret=team.link_secret),
        "offline_cache": cache_name(),
        # The pair's knockout tie being played, if any (rules.md 11.3).
        "knockout": captain_knockout(team, knockout_form),
        # The game's card (the duplicate page's outbox, static/js/captain.js, whose unit
        # here is the game).
        **game_card(team, table, game, game_pad_of(settings), GAME_URLS, form=form,
                    dispute_form=dispute_form, pin_form=pin_form),
    }
    return no_store(render(request, "free_deal/captain.html", context))


def _open_table(team) -> Table:
    table = selectors.team_table(team)
    if table is None or table.round.status != Round.Status.RELEASED:
        raise permissions.no_open_table(table.round if table else None, PAIR_WORDING)
    return table


_links = GameLinks(open_table=_open_table, page=captain_page)
captain_submit = _links.submit()
captain_confirm = _links.confirm()
captain_pin = _links.confirm_with_pin()
captain_dispute = _links.dispute()


# --- Directors --------------------------------------------------------------------------------


def director_games(request, championship: Championship, round_: Round):
    return games_grid(request, championship, round_, GAME_URLS,
                      byes=selectors.round_byes(round_))


director_game = director_game_view()


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
