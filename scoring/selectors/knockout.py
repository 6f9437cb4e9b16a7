"""Reads of a knockout bracket that the core keeps (``scoring.models.KnockoutTie``, rules.md
11.3, 12.4): its ties round by round, each with its games and the pairs' reports, a round's
name, and a pair's own reports. Any format whose championship ends in a knockout reads it
here, its pages and the API alike. A fixed number of queries, whatever the size of the
bracket."""

from __future__ import annotations

from django.db.models import Prefetch, Q
from django.http import Http404
from django.utils.translation import gettext as _

from scoring.models import KnockoutEntry, KnockoutGame, KnockoutTie
from tournaments.models import Championship, Team


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


def stage_name(ties: int) -> str:
    """The name of a knockout round by how many ties it has."""
    names = {1: _("The final"), 2: _("Semi-finals"), 4: _("Quarter-finals"),
             8: _("Round of 16")}
    if ties in names:
        return names[ties]
    return _("Round of %(count)s") % {"count": 2 * ties}


def tie_name(tie: KnockoutTie) -> str:
    """The name of the round a tie is in (the final, the semi-finals, the third-place game):
    one query."""
    stages = list(KnockoutTie.objects.filter(championship_id=tie.championship_id,
                                             stage__in=(tie.stage, tie.stage + 1))
                  .values_list("stage", flat=True))
    stage_ties = stages.count(tie.stage)
    if stage_ties == 2 and tie.stage + 1 not in stages:
        # The last stage holds two ties only beside a third-place game (knockout_settle).
        return stage_name(1) if tie.slot == 1 else _("Third-place game")
    return stage_name(stage_ties)


def captain_knockout_entry_id(team: Team, entry_id: int) -> int:
    """The id of a knockout report of one of the pair's ties; 404 for any other, the same
    answer as for an id that does not exist."""
    if not KnockoutEntry.objects.filter(pk=entry_id).filter(
            Q(tie__first_id=team.pk) | Q(tie__second_id=team.pk)).exists():
        raise Http404("No such knockout report in your ties")
    return entry_id
