"""The live events the result operations publish (after their commit, see ``live``).

An event names the place that changed, never the result: listeners re-fetch what they may
see. ``teams`` lets a captain's stream pick its own table's events; ``closed`` lets the
public's stream ignore the rounds still being played.
"""

from __future__ import annotations

import live
from tournaments.models import Championship, Deal, Round, Table


def result_changed(table: Table, deal: Deal, round_: Round) -> None:
    """Something happened at ``table`` on ``deal``: an entry, a review, a PIN attempt, an
    adjustment. ``round_`` is the table's round as read under the table's lock."""
    live.publish({
        "kind": "result",
        "c": deal.championship_id,
        "round": round_.number,
        "closed": round_.status == Round.Status.CLOSED,
        "table": table.number,
        "deal": deal.number,
        "teams": [table.ns_team_id, table.ew_team_id],
    })


def knockout_changed(tie, *, counted: bool) -> None:
    """A knockout tie changed (rules.md 11.3): a pair reported or disputed its next game, or a
    game was entered and counts (``counted``: the public's bracket changed too)."""
    live.publish({
        "kind": "knockout",
        "c": tie.championship_id,
        "closed": counted,
        "teams": [tie.first_id, tie.second_id],
    })


def publication_changed(championship: Championship) -> None:
    live.publish({"kind": "publish", "c": championship.pk})
