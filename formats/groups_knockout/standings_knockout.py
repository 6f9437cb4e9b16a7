"""The final ranking of a groups-then-knockout championship (rules.md 12.4), once the final
(and the third-place game, when there is one) is decided. A read: the bracket is the core's
(``scoring.views.knockout.bracket_rounds``), the ranking the engine's
(``engine.groups.final_places``): the winner, the runner-up, the pairs by the round they
went out in (sharing a place: ``3=``, ``5=``), then the pairs that did not go through by
their group place."""

from __future__ import annotations

from dataclasses import dataclass

from engine.groups.comparison import tied_blocks
from engine.groups.final_places import final_ranking
from engine.groups.ranking import sorted_ids
from scoring.services.knockout_settle import decided_ties, engine_bracket
from tournaments.models import Championship, Team


@dataclass(frozen=True)
class FinalPlace:
    """A line of the final ranking: its place (``3=`` when shared), the pair, and whether
    it played in the bracket (else it is ranked by its group place)."""

    label: str
    team: Team
    knockout: bool
    #: The place as a number (3 for ``3=``).
    place: int = 0


def final_places(championship: Championship, *, stage=None,
                 rounds=None) -> list[FinalPlace] | None:
    """The final ranking, or ``None`` until the final is decided (or without a bracket).
    ``stage`` is the whole group stage already read (``standings.group_stage``), ``rounds``
    the bracket already read (``bracket_rounds``): read again when not given."""
    from formats import format_of
    from formats.groups_knockout.standings import group_stage
    from scoring.views.knockout import bracket_rounds

    rounds = bracket_rounds(championship) if rounds is None else rounds
    ties = [tie for _name, round_ties in rounds for tie in round_ties]
    decided = decided_ties(ties)
    if decided is None:
        return None
    played, third = decided
    stage = stage or group_stage(championship)
    teams = dict(stage.teams)
    teams.update((team.pk, team) for tie in ties for team in (tie.first, tie.second)
                 if team is not None)
    withdrawn = {pk for pk, team in teams.items() if team.withdrawn}
    bracket = engine_bracket(played, format_of(championship).knockout_best_of(championship),
                             withdrawn=withdrawn)
    ranking = final_ranking(bracket, [view.standing for view in stage.groups],
                            third_place_winner=third.winner_id if third else None)
    return [FinalPlace(place.label, teams[place.pair], place.knockout, place.place)
            for place in ranking]


def places_for_register(championship: Championship, *, up_to: int | None = None
                        ) -> list[tuple[int, int]]:
    """``(pair id, place)`` for the series and the ratings (rules.md 13, ``Format.final_places``):
    the final ranking once the knockout is decided (and ``up_to`` is not given); before that,
    or with no knockout, the pairs by their group place as the final ranking ranks the pairs
    that did not go through: every group winner, then every runner-up..., and within one
    group place by the per-game comparison of 12.3, equal figures sharing the place."""
    from formats.groups_knockout.standings import group_stage

    stage = group_stage(championship, up_to=up_to)
    if up_to is None:
        places = final_places(championship, stage=stage)
        if places is not None:
            return [(line.team.pk, line.place) for line in places]
    by_place: dict[int, list] = {}
    for view in stage.groups:
        for placed in view.standing.lines:
            by_place.setdefault(placed.place, []).append(placed.line)
    ranking: list[tuple[int, int]] = []
    for group_place in sorted(by_place):
        for block in tied_blocks(by_place[group_place]):
            place = len(ranking) + 1
            ranking.extend((pair, place) for pair in sorted_ids(line.pair for line in block))
    return ranking
