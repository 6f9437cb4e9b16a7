"""A free-deal pair's public scorecard page (``Format.scorecard_page``): its closed rounds'
games and byes, its place and totals as on the standings, and its knockout ties. As the
individual formats' scorecards, it stands after the closed rounds, whoever reads it."""

from __future__ import annotations

from django.shortcuts import render

from formats.free_deal.scorecard import pair_card
from scoring.selectors.scope import ranking_scope
from tournaments.models import Championship, Team


def scorecard_page(request, championship: Championship, team: Team, *, director: bool):
    from formats.free_deal.knockout_views import bracket_rounds

    scope = ranking_scope(championship, live=False)
    card = pair_card(championship, team, up_to=scope.last_closed)
    # The pair's ties of the knockout stage, as the public bracket shows them.
    ties = []
    if card.settings.knockout_size:
        ties = [(name, tie) for name, stage in bracket_rounds(championship) for tie in stage
                if team.pk in (tie.first_id, tie.second_id)]
    context = {"championship": championship, "team": team, "card": card, "scope": scope,
               "ties": [_tie_view(name, tie, team) for name, tie in ties]}
    return render(request, "free_deal/scorecard.html", context)


def _tie_view(name: str, tie, team: Team) -> dict:
    """A knockout tie from the pair's side: the round's name, the opponent, each game's
    points (own first) and whether the pair went through (``None``: not decided)."""
    first = tie.first_id == team.pk
    games = [(g.first_points, g.second_points) if first else (g.second_points, g.first_points)
             for g in tie.games.all()]
    return {"name": name, "opponent": tie.second if first else tie.first, "games": games,
            "through": None if tie.winner_id is None else tie.winner_id == team.pk}
