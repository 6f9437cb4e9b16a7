"""The free-deal part of the archive (``scoring.archive``).

- :data:`BACKUP`: its row lists in the full backup, after the core's (the rows are checked
  by ``formats.free_deal.archive_rules``);
- :func:`public_results`: its part of the public archive (``scoring.archive.public``):
  every counted game of the closed rounds, the byes, the sections, the ranking after them
  and the knockout bracket (rules.md 11.3), by the pairs' numbers as on the pages.
"""

from __future__ import annotations

from formats.free_deal import selectors
from formats.free_deal.models import FreeDealSettings, PairSection, Section, SectionBye
from formats.free_deal.services import settings_of
from scoring.archive.format import ArchivePart, TableSpec
from scoring.archive.public_knockout import public_bracket
from tournaments.models import Round

BACKUP = ArchivePart(
    tables=(
        # The free-deal format (rules.md 11): its settings (its games are the core's
        # ``game_entries`` and ``game_reviews``). Empty list for a duplicate championship.
        TableSpec("free_deal_settings", FreeDealSettings,
                  ("id", "target", "hand_limit", "round_minutes", "cap", "sant_vicenc",
                   "match_points", "tie_breaks", "bye_difference", "bye_points", "seeding",
                   "knockout_size", "knockout_best_of")),
        # Free-deal sections (rules.md 11.3): the sections, each pair's, and each section's byes.
        TableSpec("free_deal_sections", Section, ("id", "name", "position")),
        TableSpec("free_deal_pair_sections", PairSection, ("id", "team", "section"),
                  {"team": "teams", "section": "free_deal_sections"}),
        TableSpec("free_deal_section_byes", SectionBye, ("id", "round", "team"),
                  {"round": "rounds", "team": "teams"}),
    ),
    implicit_championship=(FreeDealSettings, Section),
    # A version 1 file (a duplicate championship from before formats) has none of these.
    version_2_tables=("free_deal_settings",),
    # Added within version 2: a file without them is a championship without sections (or
    # knockout stage), read as empty lists. The knockout bracket's rows are the core's
    # (``scoring.archive.knockout``), under the keys they had when the bracket was this
    # format's own.
    optional_tables=("free_deal_sections", "free_deal_pair_sections", "free_deal_section_byes"),
    optional_settings={"free_deal_settings": {"knockout_size": 0, "knockout_best_of": 1}},
)


def _fraction(value) -> str:
    return f"{value.numerator}/{value.denominator}"


def public_results(championship, rounds, number: dict[int, int]) -> dict:
    closed = max((r.number for r in rounds if r.status == Round.Status.CLOSED), default=0)
    tables = {t.pk: t.number for r in rounds for t in r.tables.all()}
    settings = settings_of(championship)
    parts = selectors.section_rankings(championship, up_to=closed)
    lines = [line for part in parts for line in part.lines]
    result = {
        "free_deal_settings": {
            name: getattr(settings, name)
            for name in ("target", "hand_limit", "round_minutes", "cap", "sant_vicenc",
                         "match_points", "tie_breaks", "bye_difference", "bye_points")
        },
        "games": [
            {"round": game.round_number, "table": tables.get(game.table_id),
             "first_pair": number[game.first_id], "second_pair": number[game.second_id],
             "first_points": game.first_points, "second_points": game.second_points}
            for game in sorted(selectors.counted_games(championship, up_to=closed),
                               key=lambda g: (g.round_number, tables.get(g.table_id, 0)))
        ],
        "byes": [{"round": round_number, "pair": number[pair]}
                 for round_number, pair in sorted(selectors.byes(championship, up_to=closed))],
        "standings": [
            {"label": line.place, "pair": line.team.number,
             "match_points": _fraction(line.match_points), "games": line.games,
             "wins": line.wins, "draws": line.draws, "losses": line.losses, "byes": line.byes,
             "points": line.points, "points_against": line.points_against,
             "point_difference": line.point_difference, "buchholz": _fraction(line.buchholz)}
            for line in lines
        ],
    }
    bracket = public_bracket(championship, number)
    if bracket:
        result["knockout"] = bracket
    if parts[0].section is not None:
        # With sections (rules.md 11.3): each section's pairs, and the section of each
        # standings line (a place is within the section).
        result["sections"] = [
            {"name": part.section.name,
             "pairs": sorted(line.team.number for line in part.lines)}
            for part in parts if part.section is not None]
        for line, row in zip(lines, result["standings"], strict=True):
            row["section"] = line.section_name
    return result
