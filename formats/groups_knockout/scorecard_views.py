"""A groups pair's public scorecard page (``Format.scorecard_page``): its group games round by
round and its line of its group's standing. As the other formats' scorecards, it stands after
the closed rounds, whoever reads it."""

from __future__ import annotations

from django.shortcuts import render

from formats.groups_knockout.scorecard import pair_card
from scoring.selectors.scope import ranking_scope
from tournaments.models import Championship, Team


def scorecard_page(request, championship: Championship, team: Team, *, director: bool):
    scope = ranking_scope(championship, live=False)
    return render(request, "groups_knockout/scorecard.html", {
        "championship": championship, "team": team, "scope": scope,
        "card": pair_card(championship, team, up_to=scope.last_closed)})
