"""A full backup's knockout bracket (rules.md 11.3, 12.3, 12.4) is checked against what its
settings ask, whatever the format: the number of ties and their rounds, the seeds of the
standard bracket (1 v B, byes for the missing lowest seeds), each later pair the winner
before it, the third-place tie's the semi-finals' losers, at most best-of games a tie and
the winner its games give. Groups then knockout's bracket once had none of these checks
(only that its pairs came from the groups). A file the project could not have written is
refused naming the row, and nothing is written; a bracket it could have written (a swap in
the first round, a bye, a tie won without its games) imports."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest
from archive_events import delete_championship, row_counts
from built_once import building_once
from django.apps import apps

from scoring.archive import ArchiveError, export_full, import_archive, to_json_bytes

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
from groups_knockout_factories import played_groups_event  # noqa: E402
from test_free_deal_knockout_stage import swiss_played  # noqa: E402

from formats.free_deal import services as fd  # noqa: E402
from scoring.models import KnockoutTie  # noqa: E402
from scoring.services.knockout import enter_knockout_game  # noqa: E402
from tournaments.models import Championship  # noqa: E402

pytestmark = pytest.mark.django_db

TIES, GAMES = "free_deal_knockout_ties", "free_deal_knockout_games"


def counts() -> dict[str, int]:
    found = row_counts()
    for model in apps.get_app_config("groups_knockout").get_models():
        found[model._meta.db_table] = model._base_manager.count()
    return found


def refused(archive: dict, director, path: str, text: str = "") -> str:
    """The import refused at ``path`` with ``text`` in its message, nothing written."""
    before = counts()
    with pytest.raises(ArchiveError) as caught:
        import_archive(to_json_bytes(archive), director=director)
    assert caught.value.path == path, caught.value.message
    assert caught.value.message.startswith(f"{path}: ") and text in caught.value.message, (
        caught.value.message)
    assert counts() == before
    return caught.value.message


def tie(archive: dict, stage: int, slot: int) -> tuple[int, dict]:
    return next((i, t) for i, t in enumerate(archive[TIES])
                if (t["stage"], t["slot"]) == (stage, slot))


def add_game(archive: dict, tie_row: dict, number: int, first: int, second: int) -> int:
    games = archive[GAMES]
    games.append({**games[-1], "id": max(g["id"] for g in games) + 1, "tie": tie_row["id"],
                  "number": number, "first_points": first, "second_points": second})
    return len(games) - 1


def with_a_bye(archive: dict) -> dict:
    """The bracket as if only three pairs had gone through: seed 4 missing, seed 1's first
    tie a bye (won at once, no game), seed 1 in the final; no third-place game."""
    settings = archive.get("groups_settings")
    if settings:
        settings[0]["third_place"] = False
        archive[TIES].remove(tie(archive, 2, 2)[1])
    _i, first = tie(archive, 1, 1)
    archive[GAMES] = [g for g in archive[GAMES] if g["tie"] != first["id"]]
    went_on = first["winner"]
    first.update(second=None, second_seed=None, winner=first["first"])
    _i, final = tie(archive, 2, 1)
    side = "first" if final["first"] == went_on else "second"
    final.update({side: first["first"], f"{side}_seed": 1})
    if final["second_seed"] is not None and final["second_seed"] < final["first_seed"]:
        final.update(first=final["second"], second=final["first"],
                     first_seed=final["second_seed"], second_seed=final["first_seed"])
    return archive


# --- Groups then knockout (rules.md 12.3, 12.4) -----------------------------------------


def _groups_bracket(director, *, swap: bool = False) -> dict:
    """The groups' event (two through from each of two groups: a bracket of four, one game a
    tie, a third-place game): its bracket confirmed; unless ``swap`` (seeds 3 and 4 swapped
    before confirming, nothing played), both semi-finals played, the first won by the lower
    seed, the final and the third-place game waiting."""
    from formats.groups_knockout.models import GroupsSettings
    from formats.groups_knockout.services.knockout import confirm_qualifiers, qualified_bracket

    championship = played_groups_event(director)
    GroupsSettings.objects.filter(championship=championship).update(third_place=True)
    if swap:
        bracket, teams = qualified_bracket(championship)
        first = bracket.rounds[0]
        confirm_qualifiers(championship, by=director,
                           swap=(teams[first[0].bottom].number, teams[first[1].bottom].number))
        return export_full(championship)
    confirm_qualifiers(championship, by=director)
    for semi in KnockoutTie.objects.filter(championship=championship, stage=1):
        upset = semi.slot == 1
        enter_knockout_game(semi, 40 if upset else 60, 60 if upset else 40,
                            hands=10 if upset else 8, by=director)
    return export_full(championship)


@pytest.fixture(scope="module")
def groups_archive(django_db_setup, django_db_blocker):
    with building_once(django_db_blocker) as director:
        return _groups_bracket(director)


@pytest.fixture
def groups(groups_archive):
    return copy.deepcopy(groups_archive)


def test_the_groups_bracket_imports_untouched(groups, director):
    assert len(groups[TIES]) == 4  # two semi-finals, the final, the third-place game
    _i, third = tie(groups, 2, 2)
    assert third["first"] is not None and third["second"] is not None
    championship = import_archive(to_json_bytes(groups), director=director)
    assert championship.knockout_ties.count() == 4


def test_a_groups_bracket_with_swapped_pairs_imports(director):
    # The director may swap two qualifiers before confirming (each keeps its seed): round 1
    # is then seed 1 v seed 3 and seed 2 v seed 4, not the standard bracket.
    archive = _groups_bracket(director, swap=True)
    _i, first = tie(archive, 1, 1)
    assert (first["first_seed"], first["second_seed"]) == (1, 3)
    delete_championship(Championship.objects.get(deal_key=archive["championship"]["deal_key"]))
    assert import_archive(to_json_bytes(archive), director=director).knockout_ties.count() == 4


def test_a_groups_bracket_with_a_bye_imports(groups, director):
    championship = import_archive(to_json_bytes(with_a_bye(groups)), director=director)
    bye = championship.knockout_ties.get(stage=1, slot=1)
    assert bye.second_id is None and bye.winner_id == bye.first_id


def test_a_groups_tie_won_without_its_games_imports(groups, director):
    # A pair withdrawn during the knockout loses its tie without a game (rules.md 12.4),
    # and the tie stands once it is reinstated.
    _i, semi = tie(groups, 1, 2)
    groups[GAMES] = [g for g in groups[GAMES] if g["tie"] != semi["id"]]
    championship = import_archive(to_json_bytes(groups), director=director)
    assert championship.knockout_ties.get(stage=1, slot=2).winner_id is not None


def test_a_groups_tie_lost_by_a_pair_withdrawn_between_two_games_then_reinstated_imports(
        groups, director):
    # Best of three: each tie's one game has not decided it, so its winner went through by a
    # withdrawal; the pair came back since (not withdrawn in the file), and the tie stands.
    groups["groups_settings"][0]["best_of"] = 3
    decided = sum(1 for row in groups[TIES] if row["winner"] is not None)
    assert decided >= 2
    championship = import_archive(to_json_bytes(groups), director=director)
    assert championship.knockout_ties.filter(winner__isnull=False).count() == decided


@pytest.mark.parametrize("size", [2, 8])
def test_a_groups_bracket_not_the_settings_size(groups, director, size):
    groups["groups_settings"][0]["bracket_size"] = size
    refused(groups, director, "groups_settings[0].bracket_size", "ties")


def test_a_groups_third_place_tie_the_settings_do_not_have(groups, director):
    groups["groups_settings"][0]["third_place"] = False
    refused(groups, director, "groups_settings[0].bracket_size", "has 3 ties; the archive has 4")


@pytest.mark.parametrize("stage,slot,field,value", [(2, 1, "stage", 3), (1, 2, "slot", 3),
                                                    (2, 1, "slot", 3)])
def test_a_groups_tie_out_of_the_bracket(groups, director, stage, slot, field, value):
    i, row = tie(groups, stage, slot)
    row[field] = value
    refused(groups, director, f"{TIES}[{i}].{field}", "not ")


def test_a_groups_seed_outside_the_bracket(groups, director):
    i, row = tie(groups, 1, 2)
    row["second_seed"] = 9
    refused(groups, director, f"{TIES}[{i}].second_seed", "from 1 to 4")


def test_a_groups_tie_with_the_worse_seed_first(groups, director):
    i, row = tie(groups, 1, 2)
    row["first_seed"], row["second_seed"] = row["second_seed"], row["first_seed"]
    refused(groups, director, f"{TIES}[{i}].second_seed", "better seed")


def test_a_groups_seed_given_twice(groups, director):
    _i, top = tie(groups, 1, 1)
    i, row = tie(groups, 1, 2)
    row["first_seed"] = top["first_seed"]  # 1 v 3: in order, yet seed 1 twice
    later = i if row["first"] > top["first"] else tie(groups, 1, 1)[0]
    refused(groups, director, f"{TIES}[{later}].first", "once")


def test_a_groups_seed_missing_below_a_later_one(groups, director):
    with_a_bye(groups)
    i, row = tie(groups, 1, 2)
    row["second_seed"] = 4  # seeds 1, 2, 4: seed 3 missing
    refused(groups, director, f"{TIES}[{i}].second_seed", "seed 3 is missing")


def test_a_groups_bye_in_the_wrong_tie(groups, director):
    with_a_bye(groups)
    i, top = tie(groups, 1, 1)
    _j, row = tie(groups, 1, 2)
    # Seed 3 leaves seed 2 for seed 1: seed 2 with a bye, seed 1 playing.
    top.update(second=row["second"], second_seed=row["second_seed"])
    row.update(second=None, second_seed=None, winner=row["first"])
    groups[GAMES] = [g for g in groups[GAMES] if g["tie"] != row["id"]]
    refused(groups, director, f"{TIES}[{i}].first_seed", "has 1 pair, not 2")


def test_a_groups_bye_not_won(groups, director):
    with_a_bye(groups)
    i, top = tie(groups, 1, 1)
    top["winner"] = None
    refused(groups, director, f"{TIES}[{i}].winner", "bye")


def test_a_groups_final_pair_that_lost_before(groups, director):
    _i, semi = tie(groups, 1, 1)
    i, final = tie(groups, 2, 1)
    loser = semi["first"] if semi["winner"] == semi["second"] else semi["second"]
    seed = semi["first_seed"] if loser == semi["first"] else semi["second_seed"]
    side = "first" if final["first"] == semi["winner"] else "second"
    final.update({side: loser, f"{side}_seed": seed})
    if final["second_seed"] < final["first_seed"]:  # the better seed first
        final.update(first=final["second"], second=final["first"],
                     first_seed=final["second_seed"], second_seed=final["first_seed"])
    refused(groups, director, f"{TIES}[{i}].{'first' if final['first'] == loser else 'second'}",
            "did not win")


def test_a_groups_third_place_tie_of_a_semi_final_winner(groups, director):
    _i, final = tie(groups, 2, 1)
    i, third = tie(groups, 2, 2)
    third.update(first=final["first"], second=final["second"],
                 first_seed=final["first_seed"], second_seed=final["second_seed"])
    refused(groups, director, f"{TIES}[{i}].first", "losers")


def test_a_groups_tie_with_more_games_than_its_best_of(groups, director):
    _i, semi = tie(groups, 1, 2)
    j = add_game(groups, semi, 2, 60, 40)
    refused(groups, director, f"{GAMES}[{j}].number", "best of 1")


def test_a_groups_game_after_the_tie_was_decided(groups, director):
    groups["groups_settings"][0]["best_of"] = 3
    _i, semi = tie(groups, 1, 1)  # the second pair's first win
    add_game(groups, semi, 2, 40, 60)
    j = add_game(groups, semi, 3, 40, 60)
    refused(groups, director, f"{GAMES}[{j}]", "already decided")


def test_a_groups_tie_won_by_the_pair_that_lost_its_game(groups, director):
    i, semi = tie(groups, 1, 1)
    semi["winner"] = semi["first"] if semi["winner"] == semi["second"] else semi["second"]
    refused(groups, director, f"{TIES}[{i}].winner", "its games")


# --- Free-deal pairs (rules.md 11.3) ----------------------------------------------------


@pytest.fixture(scope="module")
def free_deal_archive(django_db_setup, django_db_blocker):
    """Four pairs, best of three: semi-final 1 won 2-0, semi-final 2 at 0-1, the final
    waiting for its second pair."""
    with building_once(django_db_blocker) as director:
        championship = swiss_played(director, knockout_size=4, knockout_best_of=3)
        fd.start_knockout(championship, by=director)
        semi = KnockoutTie.objects.get(championship=championship, stage=1, slot=1)
        enter_knockout_game(semi, 101, 80, by=director)
        enter_knockout_game(semi, 101, 70, by=director)
        other = KnockoutTie.objects.get(championship=championship, stage=1, slot=2)
        enter_knockout_game(other, 20, 101, by=director)
        return export_full(championship)


@pytest.fixture
def free_deal(free_deal_archive):
    return copy.deepcopy(free_deal_archive)


def test_a_free_deal_final_waiting_for_its_first_pair_imports(free_deal, director):
    # The second semi-final decided first: the final has its second pair only (this once
    # crashed the check of the seeds' order).
    _i, top = tie(free_deal, 1, 1)
    free_deal[GAMES] = [g for g in free_deal[GAMES]
                        if g["tie"] != top["id"] or g["number"] == 1]
    top["winner"] = None
    _j, row = tie(free_deal, 1, 2)
    add_game(free_deal, row, 2, 30, 101)
    row["winner"] = row["second"]
    _k, final = tie(free_deal, 2, 1)
    final.update(first=None, first_seed=None, second=row["second"],
                 second_seed=row["second_seed"])
    championship = import_archive(to_json_bytes(free_deal), director=director)
    final = championship.knockout_ties.get(stage=2, slot=1)
    assert final.first_id is None and final.second_id is not None


def test_two_ties_at_one_place_of_the_bracket(free_deal, director):
    i, row = tie(free_deal, 1, 2)
    row["slot"] = 1
    refused(free_deal, director, f"{TIES}[{i}]", "unique")


def test_a_free_deal_bracket_not_seeded_one_against_four(free_deal, director):
    # Free-deal pairs are seeded as drawn: no swap (unlike the groups' bracket).
    i, top = tie(free_deal, 1, 1)
    _j, row = tie(free_deal, 1, 2)
    top["second"], row["second"] = row["second"], top["second"]
    top["second_seed"], row["second_seed"] = row["second_seed"], top["second_seed"]
    refused(free_deal, director, f"{TIES}[{i}].first_seed", "standard bracket")


def test_a_free_deal_tie_with_the_worse_seed_first(free_deal, director):
    i, row = tie(free_deal, 1, 2)
    row["first_seed"], row["second_seed"] = row["second_seed"], row["first_seed"]
    refused(free_deal, director, f"{TIES}[{i}].second_seed", "better seed")


def test_a_free_deal_seed_given_twice(free_deal, director):
    _i, top = tie(free_deal, 1, 1)
    i, row = tie(free_deal, 1, 2)
    row["first_seed"] = top["first_seed"]
    later = i if row["first"] > top["first"] else tie(free_deal, 1, 1)[0]
    refused(free_deal, director, f"{TIES}[{later}].first", "once")


def test_a_free_deal_final_pair_that_lost_before(free_deal, director):
    _i, semi = tie(free_deal, 1, 1)
    i, final = tie(free_deal, 2, 1)
    loser = semi["second"] if semi["winner"] == semi["first"] else semi["first"]
    final.update(first=loser, first_seed=semi["second_seed"] if loser == semi["second"]
                 else semi["first_seed"])
    refused(free_deal, director, f"{TIES}[{i}].first", "did not win")


def test_a_free_deal_bracket_with_a_bye(free_deal, director):
    # Free-deal's bracket is the top pairs of the ranking, all of them playing.
    i, _top = tie(with_a_bye(free_deal), 1, 1)
    refused(free_deal, director, f"{TIES}[{i}].second", "no byes")


def test_a_bracket_of_a_format_without_one_is_told_it_has_no_such_rows(free_deal, director):
    # Before, the core's bracket checks ran first: this file was told about a level game.
    free_deal["championship"]["format"] = "duplicate_pairs"
    for key in ("free_deal_settings", "game_entries", "game_reviews"):
        free_deal[key] = []
    free_deal[GAMES][0]["second_points"] = free_deal[GAMES][0]["first_points"]
    refused(free_deal, director, f"{TIES}[0]", "no such rows")
