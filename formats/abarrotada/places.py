"""Each player's final place for the series and the ratings (rules.md 13), from the ranking
the standings page shows the public: the closed rounds (up to ``up_to`` when given), places
shared as shown (1, 2, 2, 4). An individual championship's ranking (10.2) and a free-deal
evening's (10.4) are ranked by their own selectors; these only read them."""

from __future__ import annotations

from formats.abarrotada import evening, selectors
from tournaments.models import Championship, Round


def _closed_rounds(championship: Championship, up_to: int | None) -> list[Round]:
    rounds = championship.rounds.filter(status=Round.Status.CLOSED)
    if up_to is not None:
        rounds = rounds.filter(number__lte=up_to)
    return list(rounds.order_by("number"))


def final_places(championship: Championship, *, up_to: int | None = None
                 ) -> list[tuple[int, int]]:
    """``(player id, place)`` of an individual championship, best first."""
    lines = selectors.standings(championship, rounds=_closed_rounds(championship, up_to))
    return [(line.player_id, line.place) for line in lines]


def evening_final_places(championship: Championship, *, up_to: int | None = None
                         ) -> list[tuple[int, int]]:
    """``(player id, place)`` of a free-deal evening, best first."""
    lines = evening.evening_standings(championship,
                                      rounds=_closed_rounds(championship, up_to))
    return [(line.player_id, line.place) for line in lines]
