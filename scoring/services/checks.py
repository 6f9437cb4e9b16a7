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

from django.utils.translation import gettext as _

from results.locks import lock_table as lock_any_table
from scoring.services.values import ScoringError
from scoring.wording import TEAM_WORDING, Wording
from tournaments.models import Round, Table, Team


def lock_table(table_id: int, round_id: int) -> Round:
    """Lock one pairs' table's row, then read its round as it is now (``results.locks``)."""
    return lock_any_table(Table, table_id, round_id)


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
