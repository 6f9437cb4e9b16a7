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
    _table_changed(deal.championship_id, table, round_, deal.number)


def game_changed(table: Table, round_: Round) -> None:
    """Something happened to a free-deal ``table``'s game (rules.md 11.2): an entry, a
    confirmation or a dispute, a PIN typed (right or wrong), the director's result. The
    table's one game is its result: the same event as a deal's, with no deal number, so the
    table's two pairs, the directors and (once the round is closed) the public hear it.
    ``round_`` is the table's round as read under the table's lock."""
    _table_changed(round_.championship_id, table, round_, None)


def _table_changed(championship_id: int, table: Table, round_: Round,
                   deal_number: int | None) -> None:
    live.publish({
        "kind": "result",
        "c": championship_id,
        "round": round_.number,
        "closed": round_.status == Round.Status.CLOSED,
        "table": table.number,
        "deal": deal_number,
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
