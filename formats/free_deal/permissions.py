"""What a pair's link may reach in a free-deal championship: the same rules as a duplicate
captain's (``scoring.permissions``), for games. The pages and the API both ask these."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from formats.free_deal import selectors
from formats.free_deal.wording import PAIR_WORDING
from scoring.permissions import (
    NamedTableRefusal,
    check_named_table,
    game_entry_of,
    no_open_table,
)
from scoring.services import ScoringError
from scoring.services.values import GameRefused
from tournaments.models import Round, Table, Team

# A game queued on a phone for another round or table than the pair's open one.
_NAMED_TABLE = NamedTableRefusal(
    GameRefused,
    wrong_round=gettext_lazy("Your pair's game in play is in round %(open)s, not round "
                             "%(round)s: nothing was entered."),
    wrong_table=gettext_lazy("Your pair plays at table %(open)s in round %(round)s, not at "
                             "table %(table)s: nothing was entered."))


def captain_open_table(team: Team, *, round_number: int | None = None,
                       table_number: int | None = None) -> Table:
    """The pair's table in the open round, where its link enters a game. Refused (a
    ScoringError) with the bye, or with no round in play; a request that names another
    round or table (a report queued on a phone, say) is refused naming that field."""
    table = selectors.team_table(team)
    if table is None or table.round.status != Round.Status.RELEASED:
        bye = selectors.open_bye_round(team)
        if bye is not None:
            raise ScoringError(_("Your pair has the bye in round %(number)s: it plays no "
                                 "game.") % {"number": bye.number}, code="bye")
        raise no_open_table(table.round if table is not None else None, PAIR_WORDING)
    # The championship came with the table (with its settings): no second read.
    return check_named_table(table, _NAMED_TABLE, round_number=round_number,
                             table_number=table_number)


#: An entry of a game at one of the pair's tables: the core's (``scoring.permissions``).
captain_entry = game_entry_of


