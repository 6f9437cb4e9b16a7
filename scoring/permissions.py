"""Who may see and do what in the scoring app, one function per rule. The pages and the API
both ask these (and ``tournaments.selectors`` for championships a user directs), so that a
rule has exactly one copy.

- A **captain** is whoever holds the team's private link (:func:`captain_team`). The link
  writes only at the team's own tables of an open (released) round
  (:func:`captain_table_for_deal`, :func:`captain_open_entry`).
- A **director** sees and changes only the championships they direct; any other caller is
  told that the championship does not exist (:func:`director_cell`).
- **Result pages** (standings, travellers, scorecards) are for the championship's directors
  always, live, and for everyone else once published, closed rounds only; a draft is
  unknown to anyone but its directors (:func:`results_access`, :func:`result_deals`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from scoring import selectors
from scoring.models import GameEntry, ResultEntry
from scoring.services import ScoringError
from scoring.wording import TEAM_WORDING, Wording
from tournaments import selectors as tournament_selectors
from tournaments.models import Championship, Deal, Round, Table, Team

# --- Captains ------------------------------------------------------------------------------


class UnknownDeal(Http404):
    """The championship has no deal of that number (a page answers 404; the API names the
    field)."""


def captain_team(team_id: int, secret: str) -> Team:
    """The team whose private link this is; 404 for a wrong link."""
    team = tournament_selectors.team_by_link(team_id, secret)
    if team is None:
        raise Http404("Unknown link")
    return team


def no_open_table(round_: Round | None = None, wording: Wording = TEAM_WORDING) -> ScoringError:
    if round_ is not None and round_.status == Round.Status.CLOSED:
        # Say which round: the answer may reach a result sent from a phone that was offline.
        return ScoringError(
            _("Round %(number)s is closed: results can no longer be entered or confirmed "
              "here. Please ask the director.") % {"number": round_.number},
            code="round_closed",
        )
    return ScoringError(str(wording.no_open_table), code="round_closed")


@dataclass(frozen=True)
class NamedTableRefusal:
    """How a format refuses a request naming another round or table than the link's open
    one: its rules refusal (``refused(message, code, field)``) and its sentences
    (``wrong_round``: ``%(open)s`` and ``%(round)s``; ``wrong_table``: ``%(open)s``,
    ``%(round)s`` and ``%(table)s``)."""

    refused: type[ScoringError]
    wrong_round: object
    wrong_table: object


def check_named_table(table: Table, refusal: NamedTableRefusal, *,
                      round_number: int | None = None, table_number: int | None = None
                      ) -> Table:
    """The link's open ``table``, if the request names no other round or table (a result
    queued on a phone, say); else the format's ``refusal`` naming that field."""
    if round_number is not None and round_number != table.round.number:
        raise refusal.refused(str(refusal.wrong_round) % {"open": table.round.number,
                                                          "round": round_number},
                              "wrong_round", "round")
    if table_number is not None and table_number != table.number:
        raise refusal.refused(str(refusal.wrong_table) % {"open": table.number,
                                                          "round": table.round.number,
                                                          "table": table_number},
                              "wrong_table", "table")
    return table


def captain_table_for_deal(team: Team, deal_number: int, *, with_teams: bool = True
                           ) -> tuple[Table, Deal]:
    """The team's table in the round of deal ``deal_number``, where the link writes that
    deal: :class:`UnknownDeal` for a deal the championship does not have, ScoringError
    unless the deal's round is released and the team plays in it. A link never writes to
    another table."""
    table, deal = selectors.open_table_for_deal(team, deal_number, with_teams=with_teams)
    if deal is None:
        raise UnknownDeal("No such deal")
    if table is None:
        raise no_open_table(deal.round)
    return table, deal


def captain_open_entry(team: Team, entry_id: int) -> ResultEntry:
    """An entry at one of the team's open tables (any released round it plays in): 404 for
    an entry of another team's table, ScoringError for one of the team's closed tables."""
    entry = selectors.entry_at_team_table(team, entry_id)
    if entry is None:
        if not selectors.team_position(team).tables:
            raise no_open_table()
        raise Http404("No such result at your table")
    if entry.table.round.status != Round.Status.RELEASED:
        raise no_open_table(entry.table.round)
    return entry


def game_entry_of(team: Team, entry_id: int) -> GameEntry:
    """An entry of a game at one of the pair's tables (any round), with its table and
    round; 404 for any other (another table's games are not the link's business)."""
    entry = (GameEntry.objects.select_related("table__round")
             .filter(pk=entry_id)
             .filter(Q(table__ns_team_id=team.pk) | Q(table__ew_team_id=team.pk))
             .order_by().first())
    if entry is None:
        raise Http404("No such game entry at your table")
    return entry


def captain_shown_tables(position: selectors.TeamPosition) -> list[Table]:
    """The tables a captain's link shows: every open table of the team, or its latest
    closed table when no round is open; none with the bye or while waiting."""
    if position.tables:
        return position.tables
    return [position.table] if position.table is not None else []


# --- Directors -----------------------------------------------------------------------------


def director_round(user, pk: int, number: int) -> tuple[Championship, Round]:
    championship = tournament_selectors.championship_for_director(user, pk)
    return championship, get_object_or_404(Round, championship=championship, number=number)


def director_cell(user, pk: int, number: int, table_number: int, deal_number: int
                  ) -> tuple[Championship, Round, Table, Deal]:
    """One table and deal of a round of a championship ``user`` directs; else 404."""
    championship, round_ = director_round(user, pk, number)
    return championship, round_, *round_cell(round_, table_number, deal_number)


def round_cell(round_: Round, table_number: int, deal_number: int) -> tuple[Table, Deal]:
    """One table and one deal of a round the caller may reach; else 404."""
    table = get_object_or_404(
        Table.objects.select_related("ns_team", "ew_team", "round"), round=round_,
        number=table_number,
    )
    deal = get_object_or_404(Deal, round=round_, number=deal_number)
    return table, deal


# --- Result pages --------------------------------------------------------------------------


@dataclass(frozen=True)
class ResultsAccess:
    championship: Championship
    director: bool  # sees everything, live

    @property
    def published(self) -> bool:
        """Whether the caller may read the results (else a "not published" notice)."""
        return self.director or self.championship.results_public


def results_access(user, pk: int) -> ResultsAccess:
    """The championship and whether ``user`` directs it. 404 for a draft the user does not
    direct; whether the results are published is :attr:`ResultsAccess.published`."""
    championship = get_object_or_404(Championship, pk=pk)
    director = tournament_selectors.is_director(user, championship)
    if not director and championship.status == Championship.Status.DRAFT:
        raise Http404("No such championship")
    return ResultsAccess(championship, director)


def result_deals(access: ResultsAccess):
    """The deals whose results the caller sees: closed rounds, and released ones for the
    championship's directors."""
    statuses = [Round.Status.CLOSED] + ([Round.Status.RELEASED] if access.director else [])
    return (
        Deal.objects.filter(championship=access.championship, round__status__in=statuses)
        .select_related("round")
        .order_by("number")
    )
