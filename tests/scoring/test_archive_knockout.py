"""The full backup carries a free-deal championship's knockout stage (rules.md 11.3): export,
delete, import gives the same bracket and games; a level game is refused with its path; a
file from before the knockout stage still imports, with no knockout stage."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from archive_events import delete_championship

from scoring.archive import ArchiveError, export_full, import_archive, to_json_bytes
from scoring.archive.format import renumbered

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
from test_free_deal_knockout_stage import swiss_played  # noqa: E402

from formats.free_deal import services as fd  # noqa: E402
from scoring.models import KnockoutTie  # noqa: E402
from scoring.selectors.knockout import knockout_bracket
from scoring.services.knockout import enter_knockout_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director):
    championship = swiss_played(director, knockout_size=4, knockout_best_of=3)
    fd.start_knockout(championship, by=director)
    semi = KnockoutTie.objects.get(championship=championship, stage=1, slot=1)
    enter_knockout_game(semi, 101, 80, by=director)
    enter_knockout_game(semi, 101, 70, by=director)
    other = KnockoutTie.objects.get(championship=championship, stage=1, slot=2)
    enter_knockout_game(other, 20, 101, by=director)
    return championship


def bracket_of(championship):
    return [[(t.stage, t.slot, t.first and t.first.number, t.second and t.second.number,
              t.first_seed, t.second_seed, t.winner and t.winner.number,
              [(g.number, g.first_points, g.second_points, g.author, g.created_at)
               for g in t.games.all()]) for t in ties]
            for ties in knockout_bracket(championship)]


def test_the_knockout_stage_moves_whole(event, director):
    bracket = bracket_of(event)
    data = to_json_bytes(export_full(event))
    archive = json.loads(data)
    assert len(archive["free_deal_knockout_ties"]) == 3
    assert len(archive["free_deal_knockout_games"]) == 3
    assert archive["free_deal_settings"][0]["knockout_best_of"] == 3
    delete_championship(event)
    imported = import_archive(data, director=director)
    assert bracket_of(imported) == bracket
    again = json.loads(to_json_bytes(export_full(imported)))
    for archive_ in (archive, again):
        archive_.pop("exported_at")
    assert renumbered(again) == renumbered(archive)


def test_a_level_knockout_game_is_refused_with_its_path(event, director):
    archive = export_full(event)
    archive["free_deal_knockout_games"][0]["second_points"] = (
        archive["free_deal_knockout_games"][0]["first_points"])
    with pytest.raises(ArchiveError) as refused:
        import_archive(to_json_bytes(archive), director=director)
    assert refused.value.path == "free_deal_knockout_games[0].second_points"


def test_a_free_deal_knockout_game_with_hands_is_refused_with_its_path(event, director):
    # A free-deal knockout game is played to a target (rules.md 11.3): it has no hands.
    archive = export_full(event)
    assert {game["hands"] for game in archive["free_deal_knockout_games"]} == {None}
    archive["free_deal_knockout_games"][1]["hands"] = 8
    with pytest.raises(ArchiveError) as refused:
        import_archive(to_json_bytes(archive), director=director)
    assert refused.value.path == "free_deal_knockout_games[1].hands"


def test_a_file_from_before_the_knockout_stage_imports(event, director):
    archive = export_full(event)
    for key in ("free_deal_knockout_ties", "free_deal_knockout_games"):
        archive.pop(key)
    for name in ("knockout_size", "knockout_best_of"):
        archive["free_deal_settings"][0].pop(name)
    delete_championship(event)
    imported = import_archive(to_json_bytes(archive), director=director)
    assert imported.free_deal_settings.knockout_size == 0
    assert knockout_bracket(imported) == []
