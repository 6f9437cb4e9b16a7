"""Reads of a knockout bracket that the core keeps (``scoring.models.KnockoutTie``, rules.md
11.3, 12.4): its ties round by round, each with its games and the pairs' reports. Any format
whose championship ends in a knockout reads it here. A fixed number of queries, whatever the
size of the bracket."""

from __future__ import annotations

from django.db.models import Prefetch

from scoring.models import KnockoutEntry, KnockoutGame, KnockoutTie
from tournaments.models import Championship


def knockout_bracket(championship: Championship) -> list[list]:
    """The knockout stage's ties, round by round (first round first), each with its games;
    an empty list before the stage starts (and the captains' reports); each game with who
    entered it. Four queries."""
    ties = (KnockoutTie.objects.filter(championship=championship)
            .select_related("first", "second", "winner")
            .prefetch_related(Prefetch("games", KnockoutGame.objects
                                       .select_related("by_director", "by_team")),
                              Prefetch("entries", KnockoutEntry.objects.with_state()
                                       .select_related("by_team"))))
    rounds: list[list] = []
    for tie in ties:
        if tie.stage > len(rounds):
            rounds.append([])
        rounds[-1].append(tie)
    return rounds
