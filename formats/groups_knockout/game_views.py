"""The group games' pages (rules.md 12.1): a pair's link (its table in the open round, its
opponent and group, the game's card with the score pad; or the round it sits out), the
link's posts, and the director's grid of a round's games and a table's game. What a game's
page is, is the core's (``scoring.views.games``); this format gives its pair's table, its
page and its URLs. Thin: the core's services decide and write."""

from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import live
from formats import format_of
from formats.groups_knockout import game_selectors
from formats.groups_knockout.wording import PAIR_WORDING
from scoring import permissions
from scoring.permissions import NamedTableRefusal
from scoring.selectors.games import table_game
from scoring.services import ScoringError
from scoring.services.values import GameRefused
from scoring.views.common import no_store
from scoring.views.games import GameLinks, director_game_view, game_card
from scoring.views.games import director_games as games_grid
from scoring.views.knockout_captains import KnockoutLinks, captain_knockout
from scoring.views.offline import cache_name
from tournaments.models import Championship, Round, Table

#: The names of the format's game URLs, for the core's game pages.
GAME_URLS = {"submit": "groups_knockout:captain_submit",
             "confirm": "groups_knockout:captain_confirm",
             "pin": "groups_knockout:captain_pin", "dispute": "groups_knockout:captain_dispute",
             "director_game": "groups_knockout:director_game"}


#: The names of the format's knockout URLs, for the captain's card of its tie.
KNOCKOUT_URLS = {"submit": "groups_knockout:captain_knockout_submit",
                 "confirm": "groups_knockout:captain_knockout_confirm",
                 "dispute": "groups_knockout:captain_knockout_dispute"}


def captain_page(request, team, *, form=None, dispute_form=None, pin_form=None,
                 knockout_form=None):
    table = game_selectors.team_table(team)
    game = table_game(table) if table is not None else None
    championship = table.round.championship if table is not None else team.championship
    context = {
        "team": team, "championship": team.championship,
        "sit_out_round": game_selectors.open_sit_out_round(team),
        "group": game_selectors.group_letter_of(team),
        "live_url": live.stream_url("team", team.championship_id, team.pk,
                                    link_secret=team.link_secret),
        "offline_cache": cache_name(),
        # The pair's knockout tie being played, if any (rules.md 12.4).
        "knockout": captain_knockout(team, knockout_form, KNOCKOUT_URLS),
        **game_card(team, table, game, format_of(championship).game_pad(championship),
                    GAME_URLS, form=form, dispute_form=dispute_form, pin_form=pin_form),
    }
    return no_store(render(request, "groups_knockout/captain.html", context))


# A game queued on a phone for another round or table than the pair's open one.
_NAMED_TABLE = NamedTableRefusal(
    GameRefused,
    wrong_round=gettext_lazy("Your pair's game in play is in round %(open)s, not round "
                             "%(round)s: nothing was entered."),
    wrong_table=gettext_lazy("Your pair plays at table %(open)s in round %(round)s, not at "
                             "table %(table)s: nothing was entered."))


def open_table(team, *, round_number: int | None = None, table_number: int | None = None
               ) -> Table:
    """The pair's table in the open round, where its link (page or API) enters a game;
    refused while it sits the round out, or with no round in play; a request naming another
    round or table (a report queued on a phone) is refused naming that field."""
    table = game_selectors.team_table(team)
    if table is None or table.round.status != Round.Status.RELEASED:
        sit_out = game_selectors.open_sit_out_round(team)
        if sit_out is not None:
            raise ScoringError(_sits_out(sit_out), code="bye")
        raise permissions.no_open_table(table.round if table else None, PAIR_WORDING)
    return permissions.check_named_table(table, _NAMED_TABLE, round_number=round_number,
                                         table_number=table_number)


def _sits_out(round_) -> str:
    return _("Your pair sits out round %(number)s: it plays no game.") % {
        "number": round_.number}


_links = GameLinks(open_table=open_table, page=captain_page)
captain_submit = _links.submit()
captain_confirm = _links.confirm()
captain_pin = _links.confirm_with_pin()
captain_dispute = _links.dispute()

_knockout_links = KnockoutLinks(page=captain_page)
captain_knockout_submit = _knockout_links.submit()
captain_knockout_confirm = _knockout_links.confirm()
captain_knockout_dispute = _knockout_links.dispute()


def director_games(request, championship: Championship, round_: Round):
    """The round's grid: every group's tables with their group, state and the link to each
    table's page; the pairs sitting the round out."""
    return games_grid(request, championship, round_, GAME_URLS,
                      byes=game_selectors.sitting_out(round_),
                      groups=game_selectors.table_groups(round_))


director_game = director_game_view()
