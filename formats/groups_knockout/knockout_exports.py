"""The knockout stage and the final ranking in the groups' export files (rules.md 12.4):
what the workbook's "Knockout stage" and "Final ranking" sheets, the final ranking's CSV
file and the ranking sheet's first page read (``standings_exports``).

As the standings page, the bracket shows once it is drawn and the final ranking once the
final (and the third-place game, when there is one) is decided, whatever round the file
stands after: both come after every group game, so an earlier round's file does not change
them. The bracket is the core's (``scoring.views.knockout.bracket_rounds``), the ranking the
format's (``standings_knockout.final_places``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from formats.groups_knockout.standings import Stage
from formats.groups_knockout.standings_knockout import FinalPlace, final_places
from scoring.models import KnockoutTie
from tournaments.models import Team


@dataclass(frozen=True)
class FinalLine:
    """A line of the final ranking as the files show it: its place (``3=`` when shared),
    the pair, the knockout round it reached (``Winner`` for the winner; empty for a pair
    that did not go through) and its group and place there."""

    label: str
    team: Team
    reached: str
    group: str
    group_place: str


@dataclass(frozen=True)
class Knockout:
    """The bracket round by round (``(name, ties)``; empty before it is drawn), how many
    games a tie has, and the final ranking (``None`` until decided)."""

    rounds: list
    best_of: int
    lines: list[FinalLine] | None


def knockout_of(championship, stage: Stage) -> Knockout:
    """The bracket and the final ranking; ``stage`` is the group stage the file already
    read (used for the ranking when it holds every group game). Three queries more than the
    group stage (the bracket's ties, games and reports), and the group stage again for a
    file of an earlier round once the final is decided."""
    from formats import format_of
    from scoring.views.knockout import bracket_rounds

    rounds = bracket_rounds(championship)
    best_of = format_of(championship).knockout_best_of(championship)
    if not rounds:
        return Knockout([], best_of, None)
    places = final_places(championship, rounds=rounds,
                          stage=stage if stage.complete else None)
    return Knockout(rounds, best_of, None if places is None else lines_of(places, rounds, stage))


def lines_of(places: list[FinalPlace], rounds: list, stage: Stage) -> list[FinalLine]:
    reached: dict[int, str] = {}
    for name, ties in rounds:  # first round first: a later round's name wins
        for tie in ties:
            for team_id in (tie.first_id, tie.second_id):
                if team_id is not None:
                    reached[team_id] = name
    last = max(tie.stage for _name, ties in rounds for tie in ties)
    final = next(tie for _name, ties in rounds for tie in ties
                 if tie.stage == last and tie.slot == 1)
    reached[final.winner_id] = _("Winner")
    group_place = {row.team.pk: (view.letter, row.place)
                   for view in stage.groups for row in view.rows}
    return [FinalLine(place.label, place.team,
                      reached.get(place.team.pk, "") if place.knockout else "",
                      *group_place.get(place.team.pk, ("", "")))
            for place in places]


def decided(championship) -> bool:
    """Whether the bracket is drawn and its final (and third-place game) decided, in one
    query: the final and the third-place game are the last round's ties
    (``scoring.services.knockout_settle``)."""
    winners = list(KnockoutTie.objects.filter(championship=championship)
                   .order_by("-stage").values_list("stage", "winner_id"))
    return bool(winners) and all(winner for stage, winner in winners
                                 if stage == winners[0][0])


def final_header() -> list[str]:
    return [_("Place"), _("Pair number"), _("Pair"), _("Players"), _("Club"),
            _("Knockout round reached"), _("Group"), _("Group place")]


def final_values(line: FinalLine) -> list:
    team = line.team
    return [line.label, team.number, team.name, team.players, team.club, line.reached,
            line.group, line.group_place]


def knockout_header(best_of: int) -> list[str]:
    games = []
    for number in range(1, best_of + 1):
        games += [_("Game %(number)s: first pair's points") % {"number": number},
                  _("Game %(number)s: second pair's points") % {"number": number}]
    return [_("Round"), _("Tie"), _("First pair's seed"), _("First pair number"),
            _("First pair"), _("Second pair's seed"), _("Second pair number"),
            _("Second pair"), *games, _("Winner's pair number"), _("Winner")]


def knockout_rows(knockout: Knockout) -> list[list]:
    """Each tie, round by round: its pairs and seeds (empty until known; a bye has one
    pair), each game's points (empty when not played) and its winner."""
    rows = []
    for name, ties in knockout.rounds:
        for tie in ties:
            games = list(tie.games.all())
            points = []
            for index in range(knockout.best_of):
                game = games[index] if index < len(games) else None
                points += [game.first_points if game else None,
                           game.second_points if game else None]
            rows.append([name, tie.slot, tie.first_seed, _number(tie.first),
                         _name(tie.first), tie.second_seed, _number(tie.second),
                         _name(tie.second), *points, _number(tie.winner), _name(tie.winner)])
    return rows


def _number(team):
    return team.number if team is not None else None


def _name(team) -> str | None:
    return team.name if team is not None else None
