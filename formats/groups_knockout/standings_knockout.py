"""The final ranking of a groups-then-knockout championship (rules.md 12.4), once the final
(and the third-place game, when there is one) is decided. A read: the bracket is the core's
(``scoring.views.knockout.bracket_rounds``), the ranking the engine's
(``engine.groups.final_places``): the winner, the runner-up, the pairs by the round they
went out in (sharing a place: ``3=``, ``5=``), then the pairs that did not go through by
their group place."""

from __future__ import annotations

from dataclasses import dataclass

from engine.groups.final_places import final_ranking
from scoring.services.knockout_settle import engine_bracket, is_third_place
from tournaments.models import Championship, Team


@dataclass(frozen=True)
class FinalPlace:
    """A line of the final ranking: its place (``3=`` when shared), the pair, and whether
    it played in the bracket (else it is ranked by its group place)."""

    label: str
    team: Team
    knockout: bool


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
    if not ties:
        return None
    last = max(tie.stage for tie in ties)
    third = next((tie for tie in ties if is_third_place(tie, last)), None)
    final = next(tie for tie in ties if tie.stage == last and tie.slot == 1)
    if final.winner_id is None or (third is not None and third.winner_id is None):
        return None
    stage = stage or group_stage(championship)
    teams = dict(stage.teams)
    teams.update((team.pk, team) for tie in ties for team in (tie.first, tie.second)
                 if team is not None)
    withdrawn = {pk for pk, team in teams.items() if team.withdrawn}
    bracket = engine_bracket([tie for tie in ties if tie is not third],
                             format_of(championship).knockout_best_of(championship),
                             withdrawn=withdrawn)
    ranking = final_ranking(bracket, [view.standing for view in stage.groups],
                            third_place_winner=third.winner_id if third else None)
    return [FinalPlace(place.label, teams[place.pair], place.knockout) for place in ranking]
