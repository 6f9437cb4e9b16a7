"""The free-deal rows of a full backup (``formats.free_deal.archive.BACKUP``), checked before
anything is written by the rules the forms and services apply: the settings, every game,
the sections (rules.md 11.3) and the knockout stage (``archive_knockout``). Each refusal
names the row.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from formats.free_deal.archive_knockout import check_knockout
from formats.free_deal.models import FreeDealSettings
from formats.free_deal.rules import check_game, check_settings
from scoring.archive.errors import refuse
from scoring.services.games import GameValues
from scoring.services.values import GameRefused
from tournaments.models import Championship
from tournaments.services.common import ServiceError


def check_archive(checked) -> None:
    """A free-deal championship's rows: its settings and games through the rules its forms
    apply (``formats.free_deal.rules``), its sections and its knockout stage."""
    rows = checked.rows["free_deal_settings"]
    if len(rows) > 1:
        refuse("free_deal_settings[1]", _("a championship has one set of settings."))
    values = {k: v for k, v in (rows[0] if rows else {}).items() if k != "id"}
    settings = FreeDealSettings(
        championship=Championship(doubling=checked.championship["doubling"]), **values)
    try:
        check_settings(settings)
    except ServiceError as error:
        refuse(f"free_deal_settings[0].{error.field or 'target'}", error.message)
    for i, entry in enumerate(checked.rows["game_entries"]):
        game = GameValues(entry["first_points"], entry["second_points"], entry["ended_by"],
                          entry["hands_played"],
                          tuple(entry["hands"]) if entry["hands"] is not None else None)
        try:
            check_game(settings, game)
        except GameRefused as error:
            refuse(f"game_entries[{i}].{error.field}", error.message)
    _sections(checked.rows)
    check_knockout(checked.rows, settings)


def _sections(rows: dict) -> None:
    """Free-deal sections (rules.md 11.3): pairs of two sections never share a table, and a
    section bye is a pair of a section sitting out a round it has no table in, one per
    section and round."""
    section_of = {row["team_id"]: row["section_id"] for row in rows["free_deal_pair_sections"]}
    if not section_of:
        if rows["free_deal_section_byes"]:
            refuse("free_deal_section_byes[0]", _("a section bye needs sections."))
        return
    seated = set()
    for i, table in enumerate(rows["tables"]):
        seated |= {(table["round_id"], table["ns_team_id"]), (table["round_id"],
                                                               table["ew_team_id"])}
        if section_of.get(table["ns_team_id"]) != section_of.get(table["ew_team_id"]):
            refuse(f"tables[{i}].ew_team", _("the two pairs of a table are in different "
                                              "sections."))
    byes = set()
    for i, bye in enumerate(rows["free_deal_section_byes"]):
        section = section_of.get(bye["team_id"])
        if section is None:
            refuse(f"free_deal_section_byes[{i}].team", _("the pair is in no section."))
        if (bye["round_id"], bye["team_id"]) in seated or (bye["round_id"], section) in byes:
            refuse(f"free_deal_section_byes[{i}]", _("a section has one bye a round, for a "
                                                      "pair without a table in it."))
        byes.add((bye["round_id"], section))
