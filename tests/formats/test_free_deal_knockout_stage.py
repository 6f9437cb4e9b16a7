"""The knockout stage after the Swiss (rules.md 11.3): the bracket seeded from the final
ranking, winners moving on, best of three, and the refusals (nothing written)."""

from __future__ import annotations

import pytest
from django.utils import translation
from free_deal_factories import make_free_deal, next_round, play_round, win

from formats.free_deal import services as fd
from scoring.models import GameEntry, KnockoutGame, KnockoutTie
from scoring.selectors.knockout import knockout_bracket
from scoring.services.knockout import enter_knockout_game
from tournaments import services
from tournaments.services.common import ServiceError

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def _result(table):
    # Distinct scores so that the ranking has no level pairs: the first pair wins.
    return win(101, 5 * table.ns_team.number + table.ew_team.number)


def swiss_played(director, *, pairs=8, rounds=3, **settings):
    championship = make_free_deal(director, pairs=pairs, rounds=rounds, **settings)
    for _ in range(rounds):
        round_ = next_round(championship, director)
        play_round(round_, _result)
        services.close_round(round_, by=director)
    return championship


def expected_ranking(championship) -> list[int]:
    """The final ranking computed here from the games alone: wins, then point difference,
    then points (the scores are chosen so these decide)."""
    figures = {team.pk: [0, 0, 0] for team in championship.teams.filter(withdrawn=False)}
    for entry in GameEntry.objects.filter(table__round__championship=championship):
        table = entry.table
        for team, mine, theirs in ((table.ns_team_id, entry.first_points, entry.second_points),
                                   (table.ew_team_id, entry.second_points, entry.first_points)):
            if team in figures:
                figures[team][0] += mine > theirs
                figures[team][1] += mine - theirs
                figures[team][2] += mine
    keys = sorted(figures, key=lambda pk: tuple(figures[pk]), reverse=True)
    assert len({tuple(v) for v in figures.values()}) == len(figures), "the test needs no ties"
    return keys


def test_the_bracket_is_seeded_from_the_final_ranking(director):
    championship = swiss_played(director, knockout_size=8)
    ranked = expected_ranking(championship)
    fd.start_knockout(championship, by=director)
    first_round = KnockoutTie.objects.filter(championship=championship, stage=1)
    # 1 v 8, 4 v 5, 2 v 7, 3 v 6: the standard bracket, better seed first.
    expected = [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert [(t.first_id, t.second_id) for t in first_round] == [
        (ranked[a - 1], ranked[b - 1]) for a, b in expected]
    assert [(t.first_seed, t.second_seed) for t in first_round] == expected
    assert [len(stage) for stage in knockout_bracket(championship)] == [4, 2, 1]


def test_a_withdrawn_pair_is_not_seeded(director):
    championship = swiss_played(director, knockout_size=4)
    ranked = expected_ranking(championship)
    services.withdraw_team(championship.teams.get(pk=ranked[0]), by=director)
    assert [t.pk for t in fd.knockout_field(championship)] == ranked[1:]
    fd.start_knockout(championship, by=director)
    top = KnockoutTie.objects.get(championship=championship, stage=1, slot=1)
    assert (top.first_id, top.second_id) == (ranked[1], ranked[4])


def test_winners_move_on_and_the_final_crowns_the_champion(director):
    championship = swiss_played(director, knockout_size=4)
    ranked = expected_ranking(championship)
    fd.start_knockout(championship, by=director)
    semi_1, semi_2 = KnockoutTie.objects.filter(championship=championship, stage=1)
    # The lower semi-final first: seed 3 beats seed 2, then seed 4 beats seed 1.
    enter_knockout_game(semi_2, 40, 101, by=director)
    final = KnockoutTie.objects.get(championship=championship, stage=2)
    assert (final.first_id, final.second_id) == (None, ranked[2])
    enter_knockout_game(semi_1, 90, 101, by=director)
    final.refresh_from_db()
    # The better seed (3) goes first in the final.
    assert (final.first_id, final.second_id) == (ranked[2], ranked[3])
    assert (final.first_seed, final.second_seed) == (3, 4)
    game = enter_knockout_game(final, 101, 77, by=director)
    final.refresh_from_db()
    assert final.winner_id == ranked[2]
    assert game.by_director == director and game.number == 1


def test_best_of_three_needs_two_wins(director):
    championship = swiss_played(director, knockout_size=2, knockout_best_of=3)
    ranked = expected_ranking(championship)
    (final,) = fd.start_knockout(championship, by=director)
    enter_knockout_game(final, 101, 50, by=director)
    final.refresh_from_db()
    assert final.winner_id is None
    enter_knockout_game(final, 60, 101, by=director)
    final.refresh_from_db()
    assert final.winner_id is None
    enter_knockout_game(final, 30, 101, by=director)
    final.refresh_from_db()
    assert final.winner_id == ranked[1]
    with pytest.raises(ServiceError) as decided:
        enter_knockout_game(final, 101, 0, by=director)
    assert decided.value.field == "tie"
    assert final.games.count() == 3


def test_a_level_game_is_refused_naming_the_field(director):
    championship = swiss_played(director, knockout_size=2)
    (final,) = fd.start_knockout(championship, by=director)
    with pytest.raises(ServiceError) as level:
        enter_knockout_game(final, 88, 88, by=director)
    assert level.value.field == "second_points"
    assert "level" in str(level.value.message)
    with pytest.raises(ServiceError) as negative:
        enter_knockout_game(final, -1, 50, by=director)
    assert negative.value.field == "first_points"
    assert not KnockoutGame.objects.exists()


def test_start_is_refused_until_the_swiss_is_over_and_when_not_asked(director):
    championship = make_free_deal(director, pairs=8, rounds=2, knockout_size=4)
    with pytest.raises(ServiceError, match="not been played"):
        fd.start_knockout(championship, by=director)
    round_ = next_round(championship, director)
    play_round(round_, _result)
    with pytest.raises(ServiceError, match="Only 1 of the 2"):
        fd.start_knockout(championship, by=director)
    off = swiss_played(director, knockout_size=0)
    with pytest.raises(ServiceError) as not_asked:
        fd.start_knockout(off, by=director)
    assert not_asked.value.field == "knockout_size"
    assert not KnockoutTie.objects.exists()


def test_an_open_round_and_too_few_pairs_are_refused(director):
    championship = make_free_deal(director, pairs=6, rounds=1, knockout_size=8)
    round_ = next_round(championship, director)
    play_round(round_, _result)
    with pytest.raises(ServiceError, match="Close round 1"):
        fd.start_knockout(championship, by=director)
    services.close_round(round_, by=director)
    with pytest.raises(ServiceError, match="needs 8 pairs") as few:
        fd.start_knockout(championship, by=director)
    assert few.value.field == "knockout_size"
    assert not KnockoutTie.objects.exists()


def test_the_stage_starts_once(director):
    championship = swiss_played(director, knockout_size=2)
    fd.start_knockout(championship, by=director)
    with pytest.raises(ServiceError, match="already started"):
        fd.start_knockout(championship, by=director)
    assert KnockoutTie.objects.count() == 1


def test_the_settings_lock_with_the_others(director):
    championship = swiss_played(director, pairs=4, rounds=1)
    with pytest.raises(ServiceError) as locked:
        fd.save_settings(championship, knockout_size=4)
    assert locked.value.field == "knockout_size"
