"""The full backup of a free-deal championship (rules.md 11) carries its format, settings and
games: export, delete, import gives the same ranking and game history; its games go through
the rules the pages apply; and a version 1 file (from before formats) still imports as a
duplicate championship."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from archive_events import delete_championship, demo_championship
from django.test import Client

from scoring.archive import ArchiveError, export_full, import_archive, to_json_bytes
from scoring.archive.format import backup_layout, renumbered

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
from free_deal_factories import make_free_deal, next_round, play_round, win  # noqa: E402

from formats.free_deal import selectors  # noqa: E402
from scoring.models import GameEntry, GameReview  # noqa: E402
from scoring.services import games as game_services  # noqa: E402
from tournaments import services  # noqa: E402

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director):
    championship = make_free_deal(director, pairs=5, match_points="3-1-0", cap=121)
    round1 = next_round(championship, director)
    play_round(round1, lambda table: win(101, 20 + table.number))
    services.close_round(round1, by=director)
    round2 = next_round(championship, director)
    table = round2.tables.order_by("number").first()
    entry, _ = game_services.submit_game(team=table.ns_team, table=table, values=win(60, 101),
                                         idempotency_key="free-deal-archive")
    game_services.dispute_game(entry_id=entry.pk, team=table.ew_team, comment="era 99")
    game_services.director_set_game(table=table, values=win(101, 99), user=director, note="l'acta")
    return championship


def ranking_of(championship):
    return [(line.team.name, line.place, line.match_points, line.point_difference,
             line.buchholz, line.byes) for line in selectors.ranking(championship)]


def history_of(championship):
    return sorted(
        (e.table.round.number, e.table.number, e.first_points, e.second_points, e.note,
         e.author, tuple((r.verdict, r.comment) for r in e.reviews.order_by("id")))
        for e in GameEntry.objects.filter(table__round__championship=championship))


def test_a_free_deal_championship_moves_whole(event, director):
    ranking, history = ranking_of(event), history_of(event)
    settings = event.free_deal_settings.match_points
    data = to_json_bytes(export_full(event))
    archive = json.loads(data)
    assert archive["championship"]["format"] == "free_deal_pairs"
    assert len(archive["game_entries"]) == 4 and len(archive["game_reviews"]) == 4
    delete_championship(event)
    imported = import_archive(data, director=director)
    assert imported.format == "free_deal_pairs"
    assert imported.free_deal_settings.match_points == settings
    assert ranking_of(imported) == ranking
    assert history_of(imported) == history
    again = json.loads(to_json_bytes(export_full(imported)))
    for archive_ in (archive, again):
        archive_.pop("exported_at")
    assert renumbered(again) == renumbered(archive)
    # The imported pairs' pages work.
    team = imported.teams.order_by("number").first()
    assert Client().get(team.private_path).status_code == 200


def test_a_game_the_rules_refuse_is_refused_with_its_path(event, director):
    archive = export_full(event)
    archive["game_entries"][0]["first_points"] = 130  # above the cap
    before = GameEntry.objects.count(), GameReview.objects.count()
    with pytest.raises(ArchiveError) as refused:
        import_archive(to_json_bytes(archive), director=director)
    assert refused.value.path == "game_entries[0].first_points"
    assert (GameEntry.objects.count(), GameReview.objects.count()) == before


def test_games_in_a_duplicate_archive_are_refused(event, director):
    games = export_full(event)["game_entries"]
    duplicate = demo_championship(director)
    archive = export_full(duplicate)
    delete_championship(duplicate)
    archive["game_entries"] = [{**game, "table": archive["tables"][0]["id"], "by_team": None,
                                "idempotency_key": None} for game in games]
    with pytest.raises(ArchiveError) as refused:
        import_archive(to_json_bytes(archive), director=director)
    assert refused.value.path == "game_entries[0]"


def test_a_version_1_file_imports_as_a_duplicate_championship(director):
    duplicate = demo_championship(director)
    archive = export_full(duplicate)
    delete_championship(duplicate)
    archive["format_version"] = 1
    del archive["championship"]["format"]
    for key in backup_layout().version_2_tables:
        del archive[key]
    imported = import_archive(to_json_bytes(archive), director=director)
    assert imported.format == "duplicate_pairs"
    assert imported.rounds.count() > 0


def test_the_public_archive_of_a_free_deal_championship_has_its_games(event):
    from scoring.archive import export_public

    archive = export_public(event)
    assert archive["championship"]["format"] == "free_deal_pairs"
    # Closed rounds only: round 1's two games, not round 2's.
    assert {game["round"] for game in archive["games"]} == {1}
    assert len(archive["games"]) == 2 and len(archive["byes"]) == 1
    assert [line["match_points"] for line in archive["standings"]][:2] == ["3/1", "3/1"]
    text = json.dumps(archive)
    values = set()

    def collect(node):
        if isinstance(node, dict):
            for value in node.values():
                collect(value)
        elif isinstance(node, list):
            for value in node:
                collect(value)
        else:
            values.add(str(node))

    collect(archive)
    for team in event.teams.all():
        # (A PIN's four digits may well stand inside a date: no value is a PIN.)
        assert team.link_secret not in text and team.pin not in values
