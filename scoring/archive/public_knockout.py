"""A knockout bracket in the public archive (rules.md 11.3, 12.4), the same for every format
whose championship ends in one (the core's bracket, ``scoring.models.knockout``): its
rounds, each tie's pairs by number, seeds, games and winner."""

from __future__ import annotations

from scoring.selectors.knockout import knockout_bracket


def public_bracket(championship, number: dict[int, int]) -> list[dict]:
    """The knockout bracket, round by round: each tie's pairs (by number; null until known)
    and seeds, its games (both pairs' points, and the hands played where the format counts
    them, else null) and its winner. Empty before the stage starts."""
    return [
        {"round": stage, "ties": [
            {"tie": tie.slot,
             "first_pair": number.get(tie.first_id), "first_seed": tie.first_seed,
             "second_pair": number.get(tie.second_id), "second_seed": tie.second_seed,
             "games": [{"first_points": g.first_points, "second_points": g.second_points,
                        "hands": g.hands} for g in tie.games.all()],
             "winner": number.get(tie.winner_id)}
            for tie in ties]}
        for stage, ties in enumerate(knockout_bracket(championship), start=1)
    ]
