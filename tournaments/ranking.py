"""The current ranking of a championship, as seen by the Swiss pairing.

Dependencies point ``scoring -> tournaments -> engine``, so this app cannot ask the scoring
app for the standings directly. Instead the scoring app registers a provider when it starts
(``ScoringConfig.ready()``)::

    from tournaments.ranking import register_ranking_provider
    register_ranking_provider(standings_order)   # standings_order(championship) -> [Team, ...]

Without a provider (e.g. in tests of this app alone) teams are ranked by number.
"""

from __future__ import annotations

from collections.abc import Callable

from tournaments.models import Championship, Team

RankingProvider = Callable[[Championship], list[Team]]

_provider: RankingProvider | None = None


def register_ranking_provider(func: RankingProvider | None) -> RankingProvider | None:
    """Use ``func(championship)`` (teams best first) as the ranking; ``None`` restores the
    default. Returns the provider it replaces (so tests can put it back)."""
    global _provider
    previous, _provider = _provider, func
    return previous


def teams_by_number(championship: Championship) -> list[Team]:
    return list(championship.teams.order_by("number"))


def current_ranking(championship: Championship) -> list[Team]:
    """The championship's teams, best first, from the registered provider.

    Teams the provider leaves out (e.g. teams with no score yet) follow, by number, so every
    team is ranked exactly once.
    """
    ranked = list((_provider or teams_by_number)(championship))
    seen = {team.pk for team in ranked}
    if len(seen) != len(ranked):
        raise ValueError("the ranking provider listed a team twice")
    rest = [team for team in teams_by_number(championship) if team.pk not in seen]
    return ranked + rest
