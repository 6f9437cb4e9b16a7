"""The group standings and who goes through (rules.md 12.2, 12.3): reads only, no writes.

Each group's ranking is the engine's (``engine.groups.rank_group``) over the games that
count (``scoring.selectors.games.counted_games``: each table's confirmed game), up to the
round the reader may see: the public the closed rounds, the director every confirmed game,
``?after=N`` an earlier closed round (``scoring.selectors.scope.ranking_scope``, chosen by
the view) and the walkovers of withdrawn pairs (rules.md 12.4, ``GroupWalkover``, counted
with the round the schedule gives their game). Four queries whatever the number of groups:
the settings, the pairs in their groups (with the teams), the counted games, the walkovers;
the rest is worked out in memory.

Going through (:func:`going_through`) waits for the stage to be complete: every game of
every game of every group's round robin confirmed or a walkover (a game of two withdrawn
pairs is not played). Before that it only counts the games still missing.

The director's kept draws (``GroupDraw``, rules.md 12.2, 12.3: made by
``services.draws``) settle a tie only when exactly their pairs are level: a group's draw
its group's tie, a draw across the groups a tie of the per-game comparison. They are read
(one more query) only when some tie needs a draw, so the pages cost the same without one.
While a tie needs a draw its pairs share the place (``2=``) and nobody goes through; the
stage lists it in ``draws_needed``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

import engine.groups as eg
from engine.field_error import worded
from formats.groups_knockout.models import GroupDrawPair, GroupWalkover, group_letter
from formats.groups_knockout.rules import message
from formats.groups_knockout.services import groups_of, settings_of
from scoring.selectors.games import counted_games
from tournaments.models import Championship, Team

DIRECT, REPECHAGE = "direct", "repechage"


@dataclass(frozen=True)
class StandingRow:
    """A pair's line in its group: its place (``2=`` while a draw is needed), its figures,
    and how it goes through once the stage is complete (``DIRECT``, ``REPECHAGE`` or ``""``)."""

    place: str
    team: Team
    line: eg.GroupLine
    through: str = ""
    #: Its place was settled by the director's kept draw.
    drawn: bool = False


@dataclass
class GroupStandingView:
    number: int
    rows: list[StandingRow]
    standing: eg.GroupStanding
    #: The pairs of each tie waiting for the director's draw, as teams.
    needs_draw: list[list[Team]] = field(default_factory=list)
    #: The group's walkovers in scope: (winner, withdrawn pair, margin), by round.
    walkovers: list[tuple[Team, Team, int]] = field(default_factory=list)

    @property
    def letter(self) -> str:
        return group_letter(self.number)


@dataclass(frozen=True)
class DrawTie:
    """Pairs level on every figure where their order matters: a tie of group ``group``'s
    ranking, or of the comparison across the groups (``group`` ``None``). ``pairs`` are
    their ids (by id; in the drawn order once drawn), ``teams`` the same pairs."""

    group: int | None
    pairs: tuple[int, ...]
    teams: tuple[Team, ...]

    @property
    def letter(self) -> str:
        return group_letter(self.group) if self.group is not None else ""

    @property
    def numbers(self) -> str:
        """The pairs' numbers, as the director types them into the draw's form."""
        return ", ".join(str(team.number) for team in self.teams)


class KeptDraws:
    """The championship's kept draws, read at the first question (one query)."""

    def __init__(self, championship: Championship) -> None:
        self.championship = championship
        self._draws: list[tuple[int | None, tuple[int, ...]]] | None = None

    def _read(self) -> list[tuple[int | None, tuple[int, ...]]]:
        if self._draws is None:
            draws: dict[int, tuple[int | None, list[int]]] = {}
            rows = (GroupDrawPair.objects.filter(draw__championship=self.championship)
                    .order_by("draw_id", "position")
                    .values_list("draw_id", "draw__group__number", "team_id"))
            for draw, group, team in rows:
                draws.setdefault(draw, (group, []))[1].append(team)
            self._draws = [(group, tuple(order)) for group, order in draws.values()]
        return self._draws

    def order_of(self, group: int | None, pairs) -> tuple[int, ...] | None:
        """The drawn order of exactly ``pairs`` (the latest such draw), or ``None``."""
        wanted = set(pairs)
        found = None
        for draw_group, order in self._read():
            if draw_group == group and set(order) == wanted:
                found = order
        return found


@dataclass
class Stage:
    """The group stage as far as the reader sees it: each group's standing, the games of the
    round robins not yet counted, and who goes through once none is missing."""

    groups: list[GroupStandingView]
    teams: dict[int, Team]
    group_of: dict[int, int]
    scheduled: int  # the games of every group's round robin
    missing: int  # those not counted (not confirmed, or beyond the rounds in scope)
    qualification: eg.Qualification | None = None
    #: Why nobody goes through although the stage is complete (a draw needed, a bracket too
    #: small...), in the reader's language.
    blocked: str = ""
    #: The ties waiting for the director's draw now: every group's, then the one across the
    #: groups that stops who goes through (known once the groups' are drawn).
    draws_needed: list[DrawTie] = field(default_factory=list)
    #: The kept draws that settle a tie now, each in its drawn order.
    drawn: list[DrawTie] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return bool(self.groups) and not self.missing


def group_stage(championship: Championship, *, up_to: int | None = None) -> Stage:
    """Each group's standing (group A first) from the games counted up to round ``up_to``
    (every confirmed game when ``None``), and, once every group game is counted, who goes
    through (rules.md 12.3, with the championship's settings). Four queries; five when a
    tie needs a draw (the kept draws)."""
    settings = settings_of(championship)
    pairs = dict(enumerate(groups_of(championship), start=1))
    numbers = sorted(pairs)
    teams = {team.pk: team for group in pairs.values() for team in group}
    group_of = {team.pk: number for number, group in pairs.items() for team in group}
    results: dict[int, list[eg.GameResult]] = {number: [] for number in numbers}
    played: set[frozenset] = set()
    walkovers = _walkovers(championship, up_to, group_of, results, played)
    for game in counted_games(championship, up_to=up_to):
        group = group_of.get(game.first_id)
        if group is None or group != group_of.get(game.second_id):
            continue  # not a game of one group (a pair placed in none)
        if frozenset((game.first_id, game.second_id)) in walkovers:
            continue  # the walkover counts (rules.md 12.4)
        played.add(frozenset((game.first_id, game.second_id)))
        results[group].append(eg.GameResult(game.first_id, game.second_id, game.first_points,
                                            game.second_points, game.hands_played or None))
    scheduled: set[frozenset] = set()
    if numbers:
        for planned in eg.group_stage_schedule([[t.pk for t in pairs[n]] for n in numbers]):
            scheduled.update(frozenset(game.pairs) for game in planned.games)
    withdrawn = {pk for pk, team in teams.items() if team.withdrawn}
    scheduled -= {game for game in scheduled - played if game <= withdrawn}  # never played
    stage = Stage([], teams, group_of, len(scheduled), len(scheduled - played))
    kept = KeptDraws(championship)
    for number in numbers:
        standing = _ranked(stage, kept, number, [t.pk for t in pairs[number]],
                           results[number], settings.win_points)
        stage.groups.append(GroupStandingView(
            number, [], standing, [[teams[pk] for pk in tie] for tie in standing.needs_draw],
            [(teams[game.first], teams[game.second], game.margin)
             for game in results[number] if game.walkover]))
    if stage.complete:
        _qualify(stage, settings, kept)
    through = {}
    if stage.qualification is not None:
        through = dict.fromkeys(stage.qualification.direct, DIRECT)
        through.update(dict.fromkeys(stage.qualification.repechage, REPECHAGE))
    drawn = {pk for tie in stage.drawn if tie.group is not None for pk in tie.pairs}
    for view in stage.groups:
        view.rows = [StandingRow(placed.label, teams[placed.pair], placed.line,
                                 through.get(placed.pair, ""), placed.pair in drawn)
                     for placed in view.standing.lines]
    return stage


def _tie(stage: Stage, group: int | None, pairs) -> DrawTie:
    return DrawTie(group, tuple(pairs), tuple(stage.teams[pk] for pk in pairs))


def _ranked(stage: Stage, kept: KeptDraws, number: int, pairs: list[int], results,
            win: int) -> eg.GroupStanding:
    """Group ``number``'s ranking, each tie that needs a draw settled by the kept draw of
    exactly its pairs (rules.md 12.2); those left wait in ``stage.draws_needed``."""
    standing = eg.rank_group(pairs, results, win=win)
    if not standing.needs_draw:
        return standing
    orders = [kept.order_of(number, tie) for tie in standing.needs_draw]
    draw = [pk for order in orders if order is not None for pk in order]
    if draw:
        # Only exactly matching draws are given: the engine applies a draw to a block all
        # of whose pairs it lists, and the blocks are disjoint.
        standing = eg.rank_group(pairs, results, win=win, draw=draw)
        stage.drawn.extend(_tie(stage, number, order) for order in orders if order)
    stage.draws_needed.extend(_tie(stage, number, tie) for tie in standing.needs_draw)
    return standing


def _walkovers(championship, up_to, group_of, results, played) -> set[frozenset]:
    """Add the walkovers in scope to their groups' results (one query); their games."""
    rows = GroupWalkover.objects.filter(group__championship=championship)
    if up_to is not None:
        rows = rows.filter(round_number__lte=up_to)
    games = set()
    for winner, withdrawn, margin in rows.values_list("winner_id", "withdrawn_id", "margin"):
        if winner in group_of and group_of[winner] == group_of.get(withdrawn):
            games.add(frozenset((winner, withdrawn)))
            results[group_of[winner]].append(eg.GameResult(winner, withdrawn, margin, 0,
                                                           walkover=True))
    played |= games
    return games


def _qualify(stage: Stage, settings, kept: KeptDraws) -> None:
    """Who goes through; a tie across the groups settled by the kept draw of exactly its
    pairs (rules.md 12.3), each in turn, as the engine finds them."""
    withdrawn = [pk for pk, team in stage.teams.items() if team.withdrawn]
    draw: list[int] = []
    while True:
        try:
            stage.qualification = eg.qualify(
                [view.standing for view in stage.groups],
                per_group=settings.qualifiers_per_group, size=settings.bracket_size,
                withdrawn=withdrawn, draw=draw, best_of=settings.best_of)
            return
        except eg.DrawNeeded as error:
            tied = error.params["pairs"]
            order = kept.order_of(None, tied) if error.field == "draw" else None
            if order is None or set(order) <= set(draw):
                if error.field == "draw":  # a group's tie is in draws_needed already
                    stage.draws_needed.append(_tie(stage, None, eg.sorted_ids(tied)))
                stage.blocked = blocked_message(error, stage.teams)
                return
            draw.extend(order)
            stage.drawn.append(_tie(stage, None, order))
        except eg.GroupsError as error:
            stage.blocked = blocked_message(error, stage.teams)
            return


def blocked_message(error: eg.GroupsError, teams: dict[int, Team]) -> str:
    """Why nobody goes through yet, in the reader's language."""
    if error.code == "draw_needed":
        return _("Pairs %(pairs)s are level on every figure: the director must draw "
                 "between them before anyone goes through.") % {
            "pairs": ", ".join(str(teams[pk].number) for pk in error.params["pairs"])}
    texts = {
        "bracket_too_small": _("%(direct)s pairs go through directly, more than a bracket "
                               "of %(size)s holds: choose a larger bracket."),
        "too_few_pairs": _("A bracket needs at least %(min)s pairs going through; "
                           "%(count)s can."),
    }
    return worded(error, texts) if error.code in texts else message(error)


@dataclass(frozen=True)
class ComparedPair:
    """A pair of a repechage tier, with its group and its figures per game (12.3)."""

    team: Team
    group: str
    place: int
    line: eg.GroupLine
    per_game: tuple[float, float, float]  # match points, difference and points per game
    picked: bool


@dataclass(frozen=True)
class FirstRoundTie:
    number: int
    top: Team | None
    top_seed: int | None
    top_group: str
    bottom: Team | None
    bottom_seed: int | None
    bottom_group: str

    @property
    def bye(self) -> bool:
        return self.top is not None and self.bottom is None

    @property
    def same_group(self) -> bool:
        return self.bottom is not None and self.top_group == self.bottom_group


@dataclass
class GoingThrough:
    """The director's page of who goes through: the seeds with their groups and places, each
    repechage tier compared, the pairs left out for having no win, the byes and the seeded
    first round."""

    stage: Stage
    seeds: list[tuple[int, Team, str, int, str]] = field(default_factory=list)
    tiers: list[list[ComparedPair]] = field(default_factory=list)
    excluded: list[Team] = field(default_factory=list)
    byes: list[Team] = field(default_factory=list)
    ties: list[FirstRoundTie] = field(default_factory=list)
    swaps: list[tuple[Team, Team]] = field(default_factory=list)


def going_through(championship: Championship) -> GoingThrough:
    """Who goes through, from every confirmed group game (the director's view); empty but
    for the stage until it is complete and nothing blocks it. Four queries (those of
    :func:`group_stage`)."""
    stage = group_stage(championship)
    page = GoingThrough(stage)
    result = stage.qualification
    if result is None:
        return page
    teams = stage.teams
    letter = {pk: group_letter(number) for pk, number in stage.group_of.items()}
    place = {placed.pair: placed.place for view in stage.groups for placed in view.standing.lines}
    lines = {placed.pair: placed.line for view in stage.groups for placed in view.standing.lines}
    repechage = set(result.repechage)
    page.seeds = [(seed, teams[pk], letter[pk], place[pk],
                   REPECHAGE if pk in repechage else DIRECT)
                  for seed, pk in enumerate(result.seeds, start=1)]
    page.tiers = [[ComparedPair(teams[pk], letter[pk], place[pk], lines[pk],
                                tuple(map(float, eg.per_game(lines[pk]))),
                                pk in repechage) for pk in tier]
                  for tier in result.compared]
    page.excluded = [teams[pk] for pk in result.excluded]
    page.byes = [teams[pk] for pk in result.byes]
    page.ties = [FirstRoundTie(tie.number, teams.get(tie.top), tie.top_seed,
                               letter.get(tie.top, ""), teams.get(tie.bottom), tie.bottom_seed,
                               letter.get(tie.bottom, ""))
                 for tie in result.bracket.rounds[0]]
    page.swaps = [(teams[a], teams[b]) for a, b in result.swaps]
    return page
