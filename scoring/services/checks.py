"""Locks and the checks every result operation makes before it writes.

Every result operation locks **its own table's row** and nothing wider: the two teams and
the director writing at one table queue behind one another, while the other tables of the
round write in parallel. The round's status is read after that lock, so closing a round
(which locks every table of it first, see ``tournaments.services.close_round``) and a
result arriving at the same moment are ordered: the result is either stored before the
round closes or refused after. Uniqueness (one entry per idempotency key) is a database
constraint, not a lock.
"""

from __future__ import annotations

from django.db import connection
from django.db.models import Q
from django.utils.translation import gettext as _

from scoring.models import ResultEntry, ResultReview
from scoring.services.values import ScoringError
from scoring.wording import TEAM_WORDING, Wording
from tournaments.models import Deal, Round, Table, Team


def lock_table(table_id: int, round_id: int) -> Round:
    """Lock one table's row, then read its round (status and number) as it is now.

    ``FOR NO KEY UPDATE``: inserting a result of this table elsewhere (which takes a key
    share lock) is not blocked by it, but another operation at this table is.
    """
    if connection.features.has_select_for_update:
        # No ORDER BY: the models' default orderings would join (and on PostgreSQL lock)
        # the round's and the championship's rows, which every table shares.
        list(
            Table.objects.select_for_update(no_key=True)
            .filter(pk=table_id)
            .order_by()
            .values_list("pk")
        )
    # (SQLite has no row locks: its IMMEDIATE transactions already serialise writers.)
    # (With the championship's id, which the live events name: ``live_events``.)
    return Round.objects.only("id", "number", "status", "championship_id").get(pk=round_id)


def check_team_may_write(team: Team, table: Table, round_: Round,
                         wording: Wording = TEAM_WORDING) -> None:
    """Refuse (``ScoringError`` with a code) a team's write at ``table`` unless the team
    plays there, has not withdrawn, the table is no withdrawal bye and the round is open;
    ``wording`` names who plays (a team, a pair)."""
    if team.pk not in (table.ns_team_id, table.ew_team_id):
        raise ScoringError(str(wording.not_your_table), code="not_your_table")
    if team.withdrawn:
        raise ScoringError(str(wording.withdrawn), code="withdrawn")
    if table.bye_team_id is not None:
        raise ScoringError(str(wording.withdrawal_bye), code="withdrawal_bye")
    if round_.status != Round.Status.RELEASED:
        raise ScoringError(
            _("Round %(number)s is closed: results can no longer be entered or confirmed "
              "here. Please ask the director.") % {"number": round_.number},
            code="round_closed",
        )


def _check_deal_of_table(deal: Deal, table: Table) -> None:
    if deal.round_id != table.round_id:
        raise ScoringError(_("This deal is not played at this table."), code="wrong_deal")


def _latest_entry_id(table_id: int, deal_id: int) -> int | None:
    return (
        ResultEntry.objects.filter(table_id=table_id, deal_id=deal_id)
        .order_by("-id")
        .values_list("id", flat=True)
        .first()
    )


def _locked_entry_for_team(entry_id: int, team: Team, entry: ResultEntry | None = None
                           ) -> tuple[ResultEntry, Round]:
    """The entry, with its table locked, if ``team`` may review it now. ``entry`` may be
    given already loaded with its table and deal (entries never change once stored)."""
    if entry is None or entry.pk != entry_id:
        entry = (
            ResultEntry.objects.select_related("table", "deal")
            .filter(pk=entry_id)
            .order_by("pk")
            .first()
        )
    if entry is None:
        raise ScoringError(_("This result does not exist."), code="not_found")
    round_ = lock_table(entry.table_id, entry.table.round_id)
    check_team_may_write(team, entry.table, round_)
    return entry, round_


def _check_reviewable(entry: ResultEntry, reviewer: Team | None) -> None:
    """Refuse reviews of a superseded entry, and a team's review of its own entry."""
    latest = _latest_entry_id(entry.table_id, entry.deal_id)
    if latest is not None and latest != entry.pk:
        raise ScoringError(
            _("A newer result has been entered for deal %(deal)s; review that one instead.")
            % {"deal": entry.deal.number},
            code="superseded",
        )
    if reviewer is not None and entry.by_team_id == reviewer.pk:
        raise ScoringError(
            _("Your team entered this result, so it cannot confirm it: the other team must."),
            code="self_confirmation",
        )
    if entry.by_director_override:
        raise ScoringError(
            _("The director entered this result; it needs no confirmation."), code="director"
        )


def _existing_confirmation(entry: ResultEntry) -> ResultReview | None:
    return entry.reviews.filter(verdict=ResultReview.Verdict.CONFIRM).order_by("id").first()


def _confirmation_and_dispute(
    entry: ResultEntry, team_id: int | None
) -> tuple[ResultReview | None, bool]:
    """The entry's confirmation (as ``_existing_confirmation``) and whether the team
    ``team_id`` has disputed the entry, read together: a team's confirmation needs both,
    and one query for the two keeps it at the cost it had before the dispute check."""
    reviews = list(
        entry.reviews.filter(
            Q(verdict=ResultReview.Verdict.CONFIRM)
            | Q(verdict=ResultReview.Verdict.DISPUTE, by_team_id=team_id)
        ).order_by("id")
    )
    confirmation = next((r for r in reviews if r.verdict == ResultReview.Verdict.CONFIRM), None)
    disputed = team_id is not None and any(
        r.verdict == ResultReview.Verdict.DISPUTE for r in reviews
    )
    return confirmation, disputed


def _check_not_disputed(disputed: bool) -> None:
    """A team that has disputed an entry cannot then confirm it (by its link or by its PIN):
    the director settles it (rules.md 6.1). Its page no longer offers the button; this
    refuses the API and a stale page too. ``disputed`` comes from
    ``_confirmation_and_dispute``."""
    if disputed:
        raise ScoringError(
            _("Your team has disputed this result: the director will settle it. Ask the "
              "director if you now agree with it."),
            code="disputed",
        )
