"""The groups-then-knockout part of the archive (``scoring.archive``).

- :data:`BACKUP`: its row lists in the full backup, after the core's (the games are the
  core's ``game_entries`` and ``game_reviews``; the rows are checked by
  ``formats.groups_knockout.archive_rules``);
- :func:`public_results`: its part of the public archive (``scoring.archive.public``): the
  group games of the closed rounds, the walkovers counted with them and each group's
  standing after them (rules.md 12.2); once drawn, the knockout bracket (the core's part,
  ``scoring.archive.public_knockout``), and once its final is decided, the final ranking
  (rules.md 12.4); by the pairs' numbers as on the pages.
"""

from __future__ import annotations

from formats.groups_knockout.models import (
    Group,
    GroupDraw,
    GroupDrawPair,
    GroupPair,
    GroupSitOut,
    GroupsSettings,
    GroupWalkover,
)
from formats.groups_knockout.services import settings_of
from formats.groups_knockout.standings import group_stage
from formats.groups_knockout.standings_knockout import final_places
from scoring.archive.format import ArchivePart, TableSpec
from scoring.archive.public_knockout import public_bracket
from scoring.selectors.games import counted_games
from tournaments.models import Round

SETTINGS_FIELDS = ("group_size", "hands_per_game", "extra_hands", "win_points",
                   "qualifiers_per_group", "bracket_size", "best_of", "third_place", "seeding")

BACKUP = ArchivePart(
    tables=(
        # The groups-then-knockout format (rules.md 12): its settings, its groups with each
        # pair's position, each group round's sit-outs and the walkovers of withdrawn pairs.
        TableSpec("groups_settings", GroupsSettings, ("id", *SETTINGS_FIELDS)),
        TableSpec("groups", Group, ("id", "number", "draw_seed")),
        TableSpec("group_pairs", GroupPair, ("id", "group", "team", "position"),
                  {"group": "groups", "team": "teams"}),
        TableSpec("group_sit_outs", GroupSitOut, ("id", "round", "team"),
                  {"round": "rounds", "team": "teams"}),
        TableSpec("group_walkovers", GroupWalkover,
                  ("id", "group", "winner", "withdrawn", "margin", "round_number", "made_at"),
                  {"group": "groups", "winner": "teams", "withdrawn": "teams"},
                  championship_lookup="group__championship"),
        # The director's kept draws between level pairs (rules.md 12.2, 12.3): a group's
        # tie (``group``) or one across the groups (``group`` empty), the pairs in the drawn
        # order.
        TableSpec("group_draws", GroupDraw, ("id", "group", "method", "made_at"),
                  {"group": "groups"}),
        TableSpec("group_draw_pairs", GroupDrawPair, ("id", "draw", "team", "position"),
                  {"draw": "group_draws", "team": "teams"},
                  championship_lookup="draw__championship"),
    ),
    implicit_championship=(GroupsSettings, Group, GroupPair, GroupDraw),
    # Added within version 2 (a file from before the format, or before its draws, has none
    # of them).
    optional_tables=("groups_settings", "groups", "group_pairs", "group_sit_outs",
                     "group_walkovers", "group_draws", "group_draw_pairs"),
)


def public_results(championship, rounds, number: dict[int, int]) -> dict:
    closed = max((r.number for r in rounds if r.status == Round.Status.CLOSED), default=0)
    tables = {t.pk: t.number for r in rounds for t in r.tables.all()}
    settings = settings_of(championship)
    stage = group_stage(championship, up_to=closed)
    result = {
        "groups_settings": {name: getattr(settings, name) for name in SETTINGS_FIELDS},
        "groups": [
            {"group": view.letter, "pairs": [number[team.pk] for team in
                                             _in_position(stage, view.number)]}
            for view in stage.groups],
        "games": [
            {"round": game.round_number, "table": tables.get(game.table_id),
             "group": _letter(stage, stage.group_of.get(game.first_id)),
             "first_pair": number[game.first_id], "second_pair": number[game.second_id],
             "first_points": game.first_points, "second_points": game.second_points,
             "hands_played": game.hands_played}
            for game in sorted(counted_games(championship, up_to=closed),
                               key=lambda g: (g.round_number, tables.get(g.table_id, 0)))],
        "walkovers": [
            {"group": view.letter, "winner": number[winner.pk],
             "withdrawn": number[withdrawn.pk], "margin": margin}
            for view in stage.groups for winner, withdrawn, margin in view.walkovers],
        "standings": [
            {"group": view.letter, "label": row.place, "pair": number[row.team.pk],
             "games": row.line.games, "wins": row.line.wins, "losses": row.line.losses,
             "match_points": row.line.match_points, "points": row.line.points_for,
             "points_against": row.line.points_against,
             "point_difference": row.line.difference, "through": row.through}
            for view in stage.groups for row in view.rows],
    }
    bracket = public_bracket(championship, number)
    if bracket:
        result["knockout"] = bracket
        # As the standings page: from every group game (they all count once the bracket
        # is drawn, whatever round is the last closed).
        places = final_places(championship, stage=stage if stage.complete else None)
        if places is not None:
            result["final_ranking"] = [
                {"label": place.label, "pair": number[place.team.pk],
                 "knockout": place.knockout} for place in places]
    return result


def _in_position(stage, group_number: int) -> list:
    return [stage.teams[pk] for pk, n in stage.group_of.items() if n == group_number]


def _letter(stage, group_number) -> str | None:
    view = next((v for v in stage.groups if v.number == group_number), None)
    return view.letter if view is not None else None
