"""The full backup of a groups-then-knockout championship (rules.md 12): its settings, groups,
sit-outs, walkovers, games and knockout bracket (the core's rows) move whole (export,
delete, import: the same group standings and who goes through, the same game history, the
same bracket and final ranking); a file the project could not have written is
refused with the path of the row, and nothing is written."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest
from archive_events import delete_championship
from built_once import building_once
from django.test import Client

from scoring.archive import ArchiveError, export_full, import_archive, to_json_bytes
from scoring.archive.format import renumbered

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
from groups_knockout_factories import played_groups_event  # noqa: E402

from formats.groups_knockout.models import Group, GroupPair, GroupSitOut, GroupWalkover  # noqa: E402
from formats.groups_knockout.standings import group_stage  # noqa: E402
from scoring.models import GameEntry, GameReview  # noqa: E402
from tournaments.models import Championship  # noqa: E402

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director):
    return played_groups_event(director)


def standings_of(championship):
    stage = group_stage(championship)
    return [(view.letter, row.place, row.team.name, row.line.match_points,
             row.line.points_for, row.line.points_against, row.through)
            for view in stage.groups for row in view.rows]


def history_of(championship):
    return sorted(
        (e.table.round.number, e.table.number, e.first_points, e.second_points, e.note,
         e.author, tuple((r.verdict, r.comment) for r in e.reviews.order_by("id")))
        for e in GameEntry.objects.filter(table__round__championship=championship))


def rows_now():
    return tuple(model.objects.count() for model in (Championship, Group, GroupPair,
                                                     GroupSitOut, GroupWalkover, GameEntry,
                                                     GameReview))


def test_a_groups_championship_moves_whole(event, director):
    standings, history = standings_of(event), history_of(event)
    assert {row[-1] for row in standings} == {"direct", ""}  # the stage is complete
    data = to_json_bytes(export_full(event))
    archive = json.loads(data)
    assert archive["groups_settings"][0]["win_points"] == 2
    assert [len(archive[key]) for key in ("groups", "group_pairs", "group_walkovers")] == [2, 9, 3]
    assert archive["group_sit_outs"] and archive["game_reviews"] and archive["pin_attempts"]
    delete_championship(event)
    imported = import_archive(data, director=director)
    assert imported.format == "groups_knockout"
    assert imported.groups_settings.qualifiers_per_group == 2
    assert standings_of(imported) == standings
    assert history_of(imported) == history
    again = json.loads(to_json_bytes(export_full(imported)))
    for archive_ in (archive, again):
        archive_.pop("exported_at")
    assert renumbered(again) == renumbered(archive)
    team = imported.teams.order_by("number").first()
    assert Client().get(team.private_path).status_code == 200


def refused(archive, director) -> str:
    before = rows_now()
    with pytest.raises(ArchiveError) as error:
        import_archive(to_json_bytes(archive), director=director)
    assert rows_now() == before  # nothing written
    return error.value.path


@pytest.fixture(scope="module")
def built_archive(django_db_setup, django_db_blocker):
    """The played event's full backup, built and exported once for the module and rolled
    back, so that it is not in the database (as if deleted): only the refusal stops an
    import (tests/built_once.py)."""
    with building_once(django_db_blocker) as director:
        return export_full(played_groups_event(director))


@pytest.fixture
def archive(built_archive):
    """The test's own copy of the archive, to break as it likes."""
    return copy.deepcopy(built_archive)


def test_a_pair_in_two_groups_is_refused(archive, director):
    second = archive["group_pairs"][-1]
    archive["group_pairs"].append({**second, "id": second["id"] + 1000,
                                   "team": archive["group_pairs"][0]["team"], "position": 9})
    # The core's check of the database's constraints (one group per pair) names the row.
    assert refused(archive, director) == f"group_pairs[{len(archive['group_pairs']) - 1}]"


def test_two_pairs_at_one_position_are_refused(archive, director):
    archive["group_pairs"][1]["position"] = archive["group_pairs"][0]["position"]
    assert refused(archive, director) == "group_pairs[1]"


def test_a_table_across_two_groups_is_refused(archive, director):
    group_of = {row["team"]: row["group"] for row in archive["group_pairs"]}
    first_round = [(i, t) for i, t in enumerate(archive["tables"])
                   if t["round"] == archive["rounds"][0]["id"]]
    i, one = first_round[0]
    other = next(t for _j, t in first_round if group_of[t["ns_team"]] != group_of[one["ns_team"]])
    one["ew_team"], other["ew_team"] = other["ew_team"], one["ew_team"]
    assert refused(archive, director) == f"tables[{i}].ew_team"


def test_a_game_at_a_table_of_another_championship_is_refused(archive, director):
    archive["game_entries"][0]["table"] = 987654
    path = refused(archive, director)
    assert path.startswith("game_entries[0].table")


def test_a_game_the_group_rules_refuse_is_refused_with_its_path(archive, director):
    entry = archive["game_entries"][0]
    entry["second_points"] = entry["first_points"]  # a group game is never level
    assert refused(archive, director).startswith("game_entries[0].")


def test_a_game_ended_by_the_target_is_refused(archive, director):
    archive["game_entries"][0]["ended_by"] = "target"
    assert refused(archive, director) == "game_entries[0].ended_by"


def test_a_sit_out_of_a_seated_pair_is_refused(archive, director):
    table = archive["tables"][0]
    archive["group_sit_outs"][0].update(round=table["round"], team=table["ns_team"])
    assert refused(archive, director) == "group_sit_outs[0]"


def test_a_walkover_from_a_pair_that_has_not_withdrawn_is_refused(archive, director):
    for team in archive["teams"]:
        team["withdrawn"] = False
    assert refused(archive, director) == "group_walkovers[0].withdrawn"


def test_a_walkover_outside_its_group_is_refused(archive, director):
    other = next(g["id"] for g in archive["groups"]
                 if g["id"] != archive["group_walkovers"][0]["group"])
    archive["group_walkovers"][0]["group"] = other
    assert refused(archive, director) == "group_walkovers[0]"


def test_settings_the_engine_cannot_play_are_refused(archive, director):
    archive["groups_settings"][0]["group_size"] = 7
    assert refused(archive, director) == "groups_settings[0].group_size"


def test_group_rows_in_a_free_deal_archive_are_refused(archive, director):
    archive["championship"]["format"] = "free_deal_pairs"
    assert refused(archive, director) in ("groups_settings[0]", "groups[0]", "group_pairs[0]")


def test_the_public_archive_has_the_closed_rounds_group_games_and_standings(director):
    from scoring.archive import export_public
    from scoring.services.games import GameValues, director_set_game
    from tournaments import services

    championship = played_groups_event(director, finish_rounds=False)  # rounds 1, 2 closed
    (round3,) = services.generate_next_round(championship)
    services.release_round(round3, by=director)
    for table in round3.tables.filter(bye_team=None).select_related("ns_team", "ew_team"):
        director_set_game(table=table, values=GameValues(90, 10, "hands", 8), user=director)
    public = export_public(championship)
    assert public["groups_settings"]["win_points"] == 2
    assert [g["group"] for g in public["groups"]] == ["A", "B"]
    assert sorted(n for g in public["groups"] for n in g["pairs"]) == list(range(1, 10))
    assert {game["round"] for game in public["games"]} == {1, 2}  # round 3 is open
    assert all(game["group"] in ("A", "B") for game in public["games"])
    # Every table of rounds 1 and 2 but the one whose game a withdrawal took away.
    assert len(public["games"]) == championship.rounds.get(number=1).tables.count() + (
        championship.rounds.get(number=2).tables.filter(bye_team=None).count()) == 7
    stage = group_stage(championship, up_to=2)
    assert [(row["group"], row["label"], row["pair"], row["match_points"], row["points"])
            for row in public["standings"]] == [
        (view.letter, row.place, row.team.number, row.line.match_points, row.line.points_for)
        for view in stage.groups for row in view.rows]
    assert public["standings"] != [] and all(row["through"] == "" for row in public["standings"])
    # Pair 9 withdrew after round 1: its walkovers of round 2 count, not those of later rounds.
    assert public["walkovers"] and all(w["withdrawn"] == 9 for w in public["walkovers"])
    walkovers = GroupWalkover.objects.filter(group__championship=championship)
    assert len(public["walkovers"]) == walkovers.filter(round_number__lte=2).count() < (
        walkovers.count())


def bracket_of(championship):
    from scoring.models import KnockoutTie

    return [(tie.stage, tie.slot, number_of(tie.first), number_of(tie.second), tie.first_seed,
             tie.second_seed, number_of(tie.winner),
             [(g.number, g.first_points, g.second_points, g.hands) for g in tie.games.all()])
            for tie in KnockoutTie.objects.filter(championship=championship)
            .select_related("first", "second", "winner").order_by("stage", "slot")]


def number_of(team):
    return team.number if team is not None else None


def final_ranking_of(championship):
    from formats.groups_knockout.standings_knockout import final_places

    places = final_places(championship)
    return None if places is None else [(p.label, p.team.number, p.knockout) for p in places]


@pytest.fixture
def bracket_event(event, director):
    """The groups' event with its bracket confirmed (two through per group: a bracket of
    four) and played to the end, the first semi-final won by the lower seed."""
    from formats.groups_knockout.services.knockout import confirm_qualifiers
    from scoring.models import KnockoutTie
    from scoring.services.knockout import enter_knockout_game

    confirm_qualifiers(event, by=director)
    for stage in (1, 2):
        for tie in KnockoutTie.objects.filter(championship=event, stage=stage):
            if tie.winner_id is None and tie.first_id and tie.second_id:
                upset = (stage, tie.slot) == (1, 1)
                enter_knockout_game(tie, 40 if upset else 60, 60 if upset else 40,
                                    hands=10 if upset else 8, by=director)
    return event


def test_a_groups_championship_with_its_bracket_moves_whole(bracket_event, director):
    bracket, ranking = bracket_of(bracket_event), final_ranking_of(bracket_event)
    assert len(bracket) >= 3 and all(tie[6] is not None for tie in bracket)
    assert ranking is not None and ranking[0][2]  # the final decided: a final ranking
    data = to_json_bytes(export_full(bracket_event))
    archive = json.loads(data)
    assert len(archive["free_deal_knockout_ties"]) == len(bracket)
    # Each game's hands (rules.md 12.4): 10 for the upset, 8 for the others.
    assert sorted({game["hands"] for game in archive["free_deal_knockout_games"]}) == [8, 10]
    delete_championship(bracket_event)
    imported = import_archive(data, director=director)
    assert bracket_of(imported) == bracket
    assert final_ranking_of(imported) == ranking
    again = json.loads(to_json_bytes(export_full(imported)))
    for archive_ in (archive, again):
        archive_.pop("exported_at")
    assert renumbered(again) == renumbered(archive)


def test_a_tie_naming_a_pair_of_another_championship_is_refused(bracket_event, director):
    archive = export_full(bracket_event)
    delete_championship(bracket_event)
    archive["free_deal_knockout_ties"][0]["first"] = 987654
    assert refused(archive, director).startswith("free_deal_knockout_ties[0].first")


def test_a_tie_naming_a_pair_of_no_group_is_refused(bracket_event, director):
    archive = export_full(bracket_event)
    delete_championship(bracket_event)
    # A pair of the championship that played in no group cannot have gone through.
    archive["teams"].append({**archive["teams"][0], "id": 987654, "number": 99,
                             "name": "Parella de fora", "link_secret": "x" * 22})
    tie = next(i for i, t in enumerate(archive["free_deal_knockout_ties"])
               if t["first"] is not None and t["winner"] != t["first"])
    archive["free_deal_knockout_ties"][tie]["first"] = 987654
    assert refused(archive, director) == f"free_deal_knockout_ties[{tie}].first"


def test_a_knockout_game_whose_hands_a_game_cannot_last_is_refused(bracket_event, director):
    archive = export_full(bracket_event)
    delete_championship(bracket_event)
    archive["free_deal_knockout_games"][1]["hands"] = 9  # 8, 10, 12... (rules.md 12.4)
    assert refused(archive, director) == "free_deal_knockout_games[1].hands"


def test_a_file_from_before_the_knockout_games_hands_imports(bracket_event, director):
    bracket = bracket_of(bracket_event)
    archive = export_full(bracket_event)
    delete_championship(bracket_event)
    for key in ("free_deal_knockout_games", "free_deal_knockout_entries"):
        for row in archive[key]:
            row.pop("hands")
    imported = import_archive(to_json_bytes(archive), director=director)
    # The same bracket, its games with no hands recorded.
    assert bracket_of(imported) == [(*tie[:7], [(*game[:3], None) for game in tie[7]])
                                    for tie in bracket]


def test_a_pairs_report_keeps_its_hands(event, director):
    from formats.groups_knockout.services.knockout import confirm_qualifiers
    from scoring.models import KnockoutEntry, KnockoutTie
    from scoring.services.knockout_captains import submit_knockout_entry

    confirm_qualifiers(event, by=director)
    tie = KnockoutTie.objects.filter(championship=event, stage=1).select_related("first")[0]
    submit_knockout_entry(team=tie.first, tie_id=tie.pk, first_points=70, second_points=64,
                          hands=12)
    archive = export_full(event)
    assert [row["hands"] for row in archive["free_deal_knockout_entries"]] == [12]
    wrong = json.loads(to_json_bytes(archive))
    wrong["free_deal_knockout_entries"][0]["hands"] = 11
    delete_championship(event)
    assert refused(wrong, director) == "free_deal_knockout_entries[0].hands"
    imported = import_archive(to_json_bytes(archive), director=director)
    assert KnockoutEntry.objects.get(tie__championship=imported).hands == 12


def test_the_public_archive_has_the_bracket_once_drawn_and_the_final_ranking_once_decided(
        event, director):
    from formats.groups_knockout.services.knockout import confirm_qualifiers
    from scoring.archive import export_public
    from scoring.models import KnockoutTie
    from scoring.services.knockout import enter_knockout_game

    assert "knockout" not in export_public(event) and "final_ranking" not in export_public(event)
    confirm_qualifiers(event, by=director)
    semis = list(KnockoutTie.objects.filter(championship=event, stage=1).order_by("slot")
                 .select_related("first", "second"))
    enter_knockout_game(semis[0], 40, 60, hands=8, by=director)  # the lower seed wins
    public = export_public(event)
    assert "final_ranking" not in public  # the final is still to play
    assert [r["round"] for r in public["knockout"]] == [1, 2]
    assert public["knockout"][0]["ties"][0] == {
        "tie": 1, "first_pair": semis[0].first.number, "first_seed": semis[0].first_seed,
        "second_pair": semis[0].second.number, "second_seed": semis[0].second_seed,
        "games": [{"first_points": 40, "second_points": 60, "hands": 8}],
        "winner": semis[0].second.number}
    enter_knockout_game(semis[1], 60, 40, hands=8, by=director)
    final = KnockoutTie.objects.select_related("first", "second").get(championship=event,
                                                                       stage=2)
    enter_knockout_game(final, 40, 60, hands=8, by=director)
    public = export_public(event)
    assert public["knockout"][1]["ties"][0]["winner"] == final.second.number
    ranking = public["final_ranking"]
    assert [(r["label"], r["knockout"]) for r in ranking] == [
        ("1", True), ("2", True), ("3=", True), ("3=", True), ("5", False), ("6", False),
        ("7", False), ("8", False), ("9", False)]
    assert [r["pair"] for r in ranking[:2]] == [final.second.number, final.first.number]
    # The losing semi-finalists share third (no third-place game).
    assert {r["pair"] for r in ranking[2:4]} == {semis[0].first.number,
                                                 semis[1].second.number}
    assert ranking[-1]["pair"] == 9  # withdrawn in the group stage: last of group A
    assert ranking == final_ranking_rows(event)


def final_ranking_rows(championship):
    return [{"label": label, "pair": pair, "knockout": knockout}
            for label, pair, knockout in final_ranking_of(championship)]


def test_a_finished_groups_championship_with_its_bracket_moves_whole(bracket_event, director):
    from scoring.archive import export_public
    from scoring.services import set_results_public
    from tournaments import services

    set_results_public(bracket_event, True, user=director)
    services.finish_championship(bracket_event, by=director)
    bracket_event.refresh_from_db()
    public = export_public(bracket_event)
    assert public["final_ranking"] == final_ranking_rows(bracket_event)
    bracket, ranking = bracket_of(bracket_event), final_ranking_of(bracket_event)
    data = to_json_bytes(export_full(bracket_event))
    delete_championship(bracket_event)
    imported = import_archive(data, director=director)
    assert imported.status == Championship.Status.FINISHED
    assert bracket_of(imported) == bracket and final_ranking_of(imported) == ranking
    again = export_public(imported)
    assert again["knockout"] == public["knockout"]
    assert again["final_ranking"] == public["final_ranking"]


@pytest.fixture
def drawn_event(director):
    """A group's three pairs level on every figure, their draw kept (rules.md 12.2)."""
    from test_groups_knockout_draws import three_level

    from formats.groups_knockout.services.draws import record_draw

    championship, group_a = three_level(director)
    numbers = [team.number for team in group_a[:3]]
    record_draw(championship, [numbers[1], numbers[2], numbers[0]], by=director)
    return championship


def test_a_groups_championship_moves_with_its_kept_draws(drawn_event, director):
    from formats.groups_knockout.models import GroupDraw

    standings = standings_of(drawn_event)
    assert [row[1] for row in standings[:4]] == ["1", "2", "3", "4"]
    data = to_json_bytes(export_full(drawn_event))
    archive = json.loads(data)
    assert len(archive["group_draws"]) == 1 and len(archive["group_draw_pairs"]) == 3
    delete_championship(drawn_event)
    imported = import_archive(data, director=director)
    assert standings_of(imported) == standings
    stage = group_stage(imported)
    assert [row.drawn for row in stage.groups[0].rows] == [True, True, True, False]
    draw = GroupDraw.objects.get(championship=imported)
    assert draw.group.championship_id == imported.pk and draw.method == "given"
    again = json.loads(to_json_bytes(export_full(imported)))
    for archive_ in (archive, again):
        archive_.pop("exported_at")
    assert renumbered(again) == renumbered(archive)


def test_a_kept_draw_the_project_could_not_have_made_is_refused(drawn_event, director):
    archive = export_full(drawn_event)
    delete_championship(drawn_event)
    bad = json.loads(to_json_bytes(archive))
    bad["group_draw_pairs"][2]["position"] = 5
    assert refused(bad, director) == "group_draws[0]"
    bad = json.loads(to_json_bytes(archive))
    bad["group_draw_pairs"] = bad["group_draw_pairs"][:1]
    assert refused(bad, director) == "group_draws[0]"
    bad = json.loads(to_json_bytes(archive))
    group_b = next(g["id"] for g in bad["groups"] if g["number"] == 2)
    other = next(p["team"] for p in bad["group_pairs"] if p["group"] == group_b)
    bad["group_draw_pairs"][1]["team"] = other
    assert refused(bad, director) == "group_draw_pairs[1].team"
    # A file from before the draws has none: read as no kept draw (the tie waits again).
    old = json.loads(to_json_bytes(archive))
    del old["group_draws"], old["group_draw_pairs"]
    imported = import_archive(to_json_bytes(old), director=director)
    assert group_stage(imported).draws_needed
