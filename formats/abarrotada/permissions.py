"""What a player's link may reach in an individual championship: the pairs captain's rules
(``scoring.permissions``) for a table of players. The pages and the API both ask these."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from formats.abarrotada.models import DealReport, GameTotals, PlayerTable, Seating
from formats.abarrotada.rules import ReportRefused
from formats.abarrotada.wording import PLAYER_WORDING
from scoring.permissions import NamedTableRefusal, check_named_table, no_open_table
from scoring.services import ScoringError
from tournaments.models import Round, Team

# A report queued on a phone for another round or table than the player's open one.
_NAMED_TABLE = NamedTableRefusal(
    ReportRefused,
    wrong_round=gettext_lazy("Your table in play is in round %(open)s, not round %(round)s: "
                             "nothing was entered."),
    wrong_table=gettext_lazy("You play at table %(open)s in round %(round)s, not at table "
                             "%(table)s: nothing was entered."))


def player_table(player: Team) -> PlayerTable | None:
    """The player's table in the latest round they are seated in (released or closed)."""
    seating = (Seating.objects.select_related("table__round")
               .filter(player=player).exclude(round__status=Round.Status.DRAFTED)
               .order_by("-round__number").first())
    return seating.table if seating is not None else None


def sit_out_round(player: Team) -> Round | None:
    """The round in play, if the player sits it out."""
    return (Round.objects.filter(championship_id=player.championship_id,
                                 status=Round.Status.RELEASED, sit_outs__player=player)
            .order_by("-number").first())


def player_open_table(player: Team, *, round_number: int | None = None,
                      table_number: int | None = None) -> PlayerTable:
    """The player's table in the open round, where the link enters deals. Refused (a
    ScoringError) when sitting out or with no round in play; a request that names another
    round or table (a report queued on a phone, say) is refused naming that field."""
    out = sit_out_round(player)
    if out is not None:
        raise ScoringError(_("You sit out round %(number)s: there is nothing to enter.")
                           % {"number": out.number}, code="sit_out")
    table = player_table(player)
    if table is None or table.round.status != Round.Status.RELEASED:
        raise no_open_table(table.round if table is not None else None, PLAYER_WORDING)
    return check_named_table(table, _NAMED_TABLE, round_number=round_number,
                             table_number=table_number)


def player_report(player: Team, report_id: int) -> DealReport:
    """A report of a table the player sits at; any other is a 404 (it does not exist for
    this link)."""
    report = (DealReport.objects.select_related("table__round")
              .filter(pk=report_id, table__seatings__player=player).first())
    if report is None:
        raise Http404("No such report at this player's tables")
    return report


def player_totals(player: Team, entry_id: int) -> GameTotals:
    """An evening's game entry of a table the player sits at; any other is a 404, the same
    answer as for an id that does not exist (a link tells nothing of other tables)."""
    entry = (GameTotals.objects.select_related("table__round")
             .filter(pk=entry_id, table__seatings__player=player).first())
    if entry is None:
        raise Http404("No such game entry at this player's tables")
    return entry
