"""The round a director's results pages open on, in every format."""

from __future__ import annotations

from tournaments.models import Championship, Round


def current_round(championship: Championship) -> Round | None:
    """The round the director is most likely watching: the latest released one, else the
    latest closed one, else the first drafted one."""
    rounds = list(championship.rounds.order_by("number"))
    for status in (Round.Status.RELEASED, Round.Status.CLOSED):
        matching = [r for r in rounds if r.status == status]
        if matching:
            return matching[-1]
    return rounds[0] if rounds else None


