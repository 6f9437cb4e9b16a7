"""The groups-then-knockout rows of a full backup (``formats.groups_knockout.archive.BACKUP``),
checked before anything is written by the rules the forms and services apply: the settings
(``rules.check_settings``), the groups (a pair in one group, at one position), every table
within one group, the sit-outs, the walkovers (rules.md 12.4), the kept draws between level
pairs (rules.md 12.2, 12.3), every game
(``rules.check_game``, rules.md 12.1), the knockout bracket (rules.md 12.3: pairs of the
groups, in the bracket the settings ask for, the core's check of a drawn bracket,
``scoring.archive.knockout.check_drawn_bracket``) and its games' hands (rules.md 12.4).
Each refusal names the row.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from engine.groups import bracket_size
from formats.groups_knockout.models import GroupsSettings
from formats.groups_knockout.rules import check_game, check_knockout_game, check_settings
from scoring.archive.errors import refuse
from scoring.archive.knockout import ENTRIES, GAMES, TIES, ArchivedBracket, check_drawn_bracket
from scoring.services.games import GameValues
from scoring.services.values import GameRefused
from tournaments.models import Championship
from tournaments.services.common import ServiceError


def check_archive(checked) -> None:
    rows = checked.rows
    settings = _settings(checked)
    group_of = _groups(rows, settings)
    _tables(rows, group_of)
    _sit_outs(rows, group_of)
    _walkovers(rows, group_of)
    _draws(rows, group_of)
    _bracket(rows, group_of, settings)
    _knockout_hands(rows, settings)
    for i, entry in enumerate(rows["game_entries"]):
        game = GameValues(entry["first_points"], entry["second_points"], entry["ended_by"],
                          entry["hands_played"],
                          tuple(entry["hands"]) if entry["hands"] is not None else None)
        try:
            check_game(settings, game)
        except GameRefused as error:
            refuse(f"game_entries[{i}].{error.field}", error.message)


def _settings(checked) -> GroupsSettings:
    rows = checked.rows["groups_settings"]
    if len(rows) > 1:
        refuse("groups_settings[1]", _("a championship has one set of settings."))
    values = {k: v for k, v in (rows[0] if rows else {}).items() if k != "id"}
    settings = GroupsSettings(
        championship=Championship(doubling=checked.championship["doubling"]), **values)
    try:
        check_settings(settings)
    except ServiceError as error:
        refuse(f"groups_settings[0].{error.field or 'group_size'}", error.message)
    return settings


def _groups(rows: dict, settings: GroupsSettings) -> dict[int, int]:
    """Each pair's group (by id): a pair in one group, at one position of it, no group
    larger than the settings allow."""
    numbers = set()
    for i, group in enumerate(rows["groups"]):
        if group["number"] < 1 or group["number"] in numbers:
            refuse(f"groups[{i}].number", _("groups are numbered from 1, each number once."))
        numbers.add(group["number"])
    group_of: dict[int, int] = {}
    positions = set()
    sizes: dict[int, int] = {}
    for i, place in enumerate(rows["group_pairs"]):
        path = f"group_pairs[{i}]"
        if place["team_id"] in group_of:
            refuse(f"{path}.team", _("the pair is already in a group."))
        if place["position"] < 1 or (place["group_id"], place["position"]) in positions:
            refuse(f"{path}.position", _("a group's positions start at 1, each taken once."))
        group_of[place["team_id"]] = place["group_id"]
        positions.add((place["group_id"], place["position"]))
        sizes[place["group_id"]] = sizes.get(place["group_id"], 0) + 1
        if sizes[place["group_id"]] > settings.group_size:
            refuse(path, _("the group has more pairs than the group size (%(size)s).")
                   % {"size": settings.group_size})
    return group_of


def _tables(rows: dict, group_of: dict[int, int]) -> None:
    """A group round's table is a game of two pairs of one group."""
    for i, table in enumerate(rows["tables"]):
        if table["ns_team_id"] is None or table["ew_team_id"] is None:
            continue
        first = group_of.get(table["ns_team_id"])
        if first is None or first != group_of.get(table["ew_team_id"]):
            refuse(f"tables[{i}].ew_team", _("the two pairs of a table are not in the same "
                                              "group."))


def _sit_outs(rows: dict, group_of: dict[int, int]) -> None:
    """A sit-out is a pair of a group with no table in that round, once a round."""
    seated = {(t["round_id"], team) for t in rows["tables"]
              for team in (t["ns_team_id"], t["ew_team_id"])}
    seen = set()
    for i, sit_out in enumerate(rows["group_sit_outs"]):
        key = (sit_out["round_id"], sit_out["team_id"])
        if sit_out["team_id"] not in group_of:
            refuse(f"group_sit_outs[{i}].team", _("the pair is in no group."))
        if key in seated or key in seen:
            refuse(f"group_sit_outs[{i}]", _("the pair has a table or another sit-out in "
                                              "this round."))
        seen.add(key)


def _walkovers(rows: dict, group_of: dict[int, int]) -> None:
    """A walkover (rules.md 12.4): won by a pair of the group from a withdrawn pair of it,
    once for the two, by a margin above 0."""
    withdrawn = {team["id"] for team in rows["teams"] if team["withdrawn"]}
    games = set()
    for i, walkover in enumerate(rows["group_walkovers"]):
        path = f"group_walkovers[{i}]"
        winner, loser = walkover["winner_id"], walkover["withdrawn_id"]
        group = walkover["group_id"]
        if group_of.get(winner) != group or group_of.get(loser) != group:
            refuse(path, _("both pairs of a walkover are in its group."))
        if winner == loser or frozenset((winner, loser)) in games:
            refuse(path, _("a walkover is between two pairs, once."))
        if loser not in withdrawn:
            refuse(f"{path}.withdrawn", _("the pair that loses a walkover has withdrawn."))
        if walkover["margin"] < 1 or walkover["round_number"] < 1:
            refuse(f"{path}.margin", _("a walkover is won by at least 1 point, in a round "
                                        "from 1."))
        games.add(frozenset((winner, loser)))


def _knockout_hands(rows: dict, settings: GroupsSettings) -> None:
    """A knockout game's hands, and a pair's report's, as the forms check them (rules.md
    12.4: a game as in 12.1, ``rules.check_knockout_game``). A game from a file written
    before the hands were recorded has none, and stands."""
    for key in (GAMES, ENTRIES):
        for i, row in enumerate(rows[key]):
            if row["hands"] is None:
                continue
            try:
                check_knockout_game(settings, row["first_points"], row["second_points"],
                                    row["hands"])
            except ServiceError as error:
                refuse(f"{key}[{i}].{error.field or 'hands'}", error.message)


def _draws(rows: dict, group_of: dict[int, int]) -> None:
    """A kept draw orders two pairs or more, at positions 1, 2, 3...: pairs of its group
    (a group's tie), or pairs of groups (a tie across the groups). Whether they are level
    now is not checked: a draw is kept, and settles a tie only while exactly its pairs are
    level (rules.md 12.2)."""
    pairs: dict[int, list[tuple[int, int, int]]] = {}
    for i, row in enumerate(rows["group_draw_pairs"]):
        pairs.setdefault(row["draw_id"], []).append((row["position"], row["team_id"], i))
    for i, draw in enumerate(rows["group_draws"]):
        drawn = sorted(pairs.get(draw["id"], []))
        if len(drawn) < 2 or [p for p, _team, _row in drawn] != list(range(1, len(drawn) + 1)):
            refuse(f"group_draws[{i}]", _("a draw orders two pairs or more, at positions 1, "
                                           "2, 3..."))
        for _position, team, row in drawn:
            group = group_of.get(team)
            if group is None or draw["group_id"] not in (None, group):
                refuse(f"group_draw_pairs[{row}].team", _("the pair is not in the draw's "
                                                          "group."))


def _bracket(rows: dict, group_of: dict[int, int], settings: GroupsSettings) -> None:
    """The knockout bracket is drawn from the groups (rules.md 12.3): each of its pairs
    played in one, in a bracket of the settings' size (by default the smallest power of two
    that holds the groups' qualifiers), its ties the best of the settings' games, with a
    third-place game if they ask for one. Pairs may have changed places in its first round
    (the same-group separation, the director's swap: each keeps its seed), and a pair
    withdrawn during the knockout loses its tie without a game (rules.md 12.4)."""
    for i, tie in enumerate(rows[TIES]):
        for side in ("first", "second"):
            if tie[f"{side}_id"] is not None and tie[f"{side}_id"] not in group_of:
                refuse(f"{TIES}[{i}].{side}", _("the pair went through from no group."))
    size = settings.bracket_size or bracket_size(len(rows["groups"]),
                                                 settings.qualifiers_per_group)
    check_drawn_bracket(rows, ArchivedBracket(
        size, settings.best_of, "groups_settings[0].bracket_size",
        third_place=settings.third_place, seeds_as_drawn=False, walkovers=True))
