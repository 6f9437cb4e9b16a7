"""A groups pair's scorecard (rules.md 12): its group games round by round (the opponent,
the group, both pairs' points, won or lost, a walkover of a withdrawn pair) and its line of
its group's standing. Read from what the standings count (``standings.group_stage``, the
counted games and the walkovers), up to the same round: the card and the standings agree."""

from __future__ import annotations

from dataclasses import dataclass

from formats.groups_knockout.models import GroupWalkover
from formats.groups_knockout.standings import StandingRow, group_stage
from scoring.selectors.games import counted_games
from tournaments.models import Championship, Team


@dataclass(frozen=True)
class CardRow:
    """One group game of the pair: played (``table_number`` set) or a walkover (rules.md
    12.4, won ``margin`` to 0 by the pair still in, lost by the pair withdrawn)."""

    round_number: int
    table_number: int | None
    opponent: Team | None
    group: str
    points_for: int
    points_against: int
    won: bool
    walkover: bool = False


@dataclass(frozen=True)
class PairCard:
    """The pair's group (its letter; empty before the groups are made), its line of the
    group's standing (``None`` before the groups) and its games, round 1 first."""

    group: str
    row: StandingRow | None
    rows: list[CardRow]


def pair_card(championship: Championship, team: Team, *, up_to: int | None) -> PairCard:
    """The scorecard of ``team`` after round ``up_to`` (every confirmed game when ``None``).
    Six queries, whatever the number of pairs."""
    stage = group_stage(championship, up_to=up_to)
    group = next((view for view in stage.groups
                  if any(row.team.pk == team.pk for row in view.rows)), None)
    if group is None:
        return PairCard("", None, [])
    row = next(row for row in group.rows if row.team.pk == team.pk)
    teams = stage.teams
    walkovers = GroupWalkover.objects.filter(group__championship=championship)
    if up_to is not None:
        walkovers = walkovers.filter(round_number__lte=up_to)
    rows = []
    given = set()
    for number, winner, withdrawn, margin in walkovers.values_list(
            "round_number", "winner_id", "withdrawn_id", "margin"):
        if team.pk in (winner, withdrawn):
            won = winner == team.pk
            other = withdrawn if won else winner
            given.add(other)
            rows.append(CardRow(number, None, teams.get(other), group.letter,
                                margin if won else 0, 0 if won else margin, won, True))
    for game in counted_games(championship, up_to=up_to):
        if team.pk not in (game.first_id, game.second_id):
            continue
        first = game.first_id == team.pk
        other = game.second_id if first else game.first_id
        if other in given or stage.group_of.get(other) != stage.group_of.get(team.pk):
            continue  # the walkover counts instead; or not a game of the group
        own, against = ((game.first_points, game.second_points) if first
                        else (game.second_points, game.first_points))
        rows.append(CardRow(game.round_number, game.table_number, teams.get(other),
                            group.letter, own, against, own > against))
    rows.sort(key=lambda card_row: card_row.round_number)
    return PairCard(group.letter, row, rows)
