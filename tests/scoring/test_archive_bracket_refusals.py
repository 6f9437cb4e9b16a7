"""A full backup whose knockout bracket (rules.md 11.3) or individual seating (rules.md 10.3)
the project could not have made is refused at import, naming the row, and nothing is
written. Before these checks such archives imported, and a tie without seeds or with more
games than its best-of made every later entry in the bracket a 500."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest
from archive_events import row_counts
from built_once import building_once

from scoring.archive import ArchiveError, export_full, import_archive, to_json_bytes

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
from abarrotada_factories import make_individual, next_round  # noqa: E402
from test_free_deal_knockout_stage import swiss_played  # noqa: E402

from formats.free_deal import services as fd  # noqa: E402
from scoring.models import KnockoutTie  # noqa: E402
from scoring.services.knockout import enter_knockout_game

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def bracket_archive(django_db_setup, django_db_blocker):
    """A knockout stage of four pairs, best of three: semi-final 1 won 2-0, semi-final 2
    at 0-1, the final waiting for its second pair. Built and exported once for the module
    and rolled back (so that only the refusal stops an import)."""
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
def bracket(bracket_archive):
    """The test's own copy of the bracket's archive, to break as it likes."""
    return copy.deepcopy(bracket_archive)


def refused(archive: dict, director, path: str, text: str) -> None:
    before = row_counts()
    with pytest.raises(ArchiveError) as caught:
        import_archive(to_json_bytes(archive), director=director)
    assert caught.value.path == path, caught.value.message
    assert caught.value.message.startswith(f"{path}: ") and text in caught.value.message, (
        caught.value.message)
    assert row_counts() == before


def tie(archive: dict, stage: int, slot: int) -> tuple[int, dict]:
    return next((i, t) for i, t in enumerate(archive["free_deal_knockout_ties"])
                if (t["stage"], t["slot"]) == (stage, slot))


def add_game(archive: dict, tie_row: dict, number: int, first: int, second: int) -> None:
    games = archive["free_deal_knockout_games"]
    games.append({**games[-1], "id": max(g["id"] for g in games) + 1, "tie": tie_row["id"],
                  "number": number, "first_points": first, "second_points": second})


def test_the_bracket_imports_untouched(bracket, director):
    championship = import_archive(to_json_bytes(bracket), director=director)
    assert championship.knockout_ties.count() == 3


@pytest.mark.parametrize("stage,slot,side", [(1, 2, "first"), (1, 1, "second"),
                                             (2, 1, "first")])
def test_a_tie_without_seeds(bracket, director, stage, slot, side):
    i, row = tie(bracket, stage, slot)
    row[f"{side}_seed"] = None
    refused(bracket, director, f"free_deal_knockout_ties[{i}].{side}_seed", "seed")


def test_a_seed_outside_the_bracket(bracket, director):
    i, row = tie(bracket, 1, 2)
    row["second_seed"] = 9
    refused(bracket, director, f"free_deal_knockout_ties[{i}].second_seed", "from 1 to 4")


def test_an_undecided_tie_with_more_games_than_its_best_of(bracket, director):
    _i, row = tie(bracket, 1, 2)  # 0-1 in a best of three: at most two more games
    add_game(bracket, row, 2, 101, 30)
    add_game(bracket, row, 3, 101, 30)
    add_game(bracket, row, 4, 101, 30)
    last = len(bracket["free_deal_knockout_games"]) - 1
    refused(bracket, director, f"free_deal_knockout_games[{last}].number", "best of 3")


def test_an_undecided_tie_its_games_decide(bracket, director):
    i, row = tie(bracket, 1, 2)
    add_game(bracket, row, 2, 30, 101)  # the second pair's second win: decided, yet no winner
    refused(bracket, director, f"free_deal_knockout_ties[{i}].winner", "its games")


def test_a_game_after_the_tie_was_decided(bracket, director):
    _i, row = tie(bracket, 1, 1)  # won 2-0
    add_game(bracket, row, 3, 30, 101)
    last = len(bracket["free_deal_knockout_games"]) - 1
    refused(bracket, director, f"free_deal_knockout_games[{last}]", "already decided")


def test_games_numbered_with_a_gap(bracket, director):
    _i, row = tie(bracket, 1, 2)
    add_game(bracket, row, 3, 101, 30)
    last = len(bracket["free_deal_knockout_games"]) - 1
    refused(bracket, director, f"free_deal_knockout_games[{last}].number", "numbered")


def test_a_game_in_a_tie_whose_pairs_are_not_known(bracket, director):
    _i, row = tie(bracket, 2, 1)
    add_game(bracket, row, 1, 101, 30)
    last = len(bracket["free_deal_knockout_games"]) - 1
    refused(bracket, director, f"free_deal_knockout_games[{last}].tie", "not known")


def test_a_tie_winner_outside_the_tie(bracket, director):
    i, row = tie(bracket, 1, 1)
    _j, other = tie(bracket, 1, 2)
    row["winner"] = other["first"]
    refused(bracket, director, f"free_deal_knockout_ties[{i}].winner", "not one of")


def test_a_pair_against_itself(bracket, director):
    i, row = tie(bracket, 1, 2)
    row["second"], row["second_seed"] = row["first"], row["first_seed"]
    bracket["free_deal_knockout_games"] = [
        g for g in bracket["free_deal_knockout_games"] if g["tie"] != row["id"]]
    refused(bracket, director, f"free_deal_knockout_ties[{i}].second", "against itself")


@pytest.mark.parametrize("field,value,text", [("stage", 3, "round 3"), ("stage", 0, "round 0"),
                                              ("slot", 2, "tie 2"), ("slot", 0, "tie 0")])
def test_a_stage_or_slot_out_of_range(bracket, director, field, value, text):
    i, row = tie(bracket, 2, 1)  # the final: one tie
    row[field] = value
    refused(bracket, director, f"free_deal_knockout_ties[{i}].{field}", text)


@pytest.mark.parametrize("size", [2, 8, 0])
def test_a_bracket_size_not_matching_its_ties(bracket, director, size):
    bracket["free_deal_settings"][0]["knockout_size"] = size
    refused(bracket, director, "free_deal_settings[0].knockout_size", "")


def test_a_bracket_with_a_tie_missing(bracket, director):
    i, row = tie(bracket, 2, 1)
    del bracket["free_deal_knockout_ties"][i]
    refused(bracket, director, "free_deal_settings[0].knockout_size", "3 ties")


# --- Individual seating (rules.md 10.3) -------------------------------------------------


@pytest.fixture(scope="module")
def seating_archive(django_db_setup, django_db_blocker):
    """Nine players, round 1 drafted and released: two tables of four, one sit-out.
    Built and exported once for the module, and rolled back."""
    with building_once(django_db_blocker) as director:
        championship = make_individual(director, players=9, rounds=2, deals=1)
        next_round(championship, director)
        return export_full(championship)


@pytest.fixture
def seating(seating_archive):
    """The test's own copy of the seating's archive."""
    return copy.deepcopy(seating_archive)


def test_the_seating_imports_untouched(seating, director):
    championship = import_archive(to_json_bytes(seating), director=director)
    assert championship.teams.count() == 9


def test_a_sit_out_who_is_also_seated(seating, director):
    seated = seating["individual_seatings"][0]
    seating["individual_sit_outs"][0]["player"] = seated["player"]
    refused(seating, director, "individual_sit_outs[0].player", "also seated")


@pytest.mark.parametrize("left", [1, 3])
def test_a_table_without_a_player_in_each_seat(seating, director, left):
    table = seating["individual_tables"][0]["id"]
    at_table = [s for s in seating["individual_seatings"] if s["table"] == table]
    for gone in at_table[left:]:
        seating["individual_seatings"].remove(gone)
    refused(seating, director, "individual_tables[0]", f"{left}")

