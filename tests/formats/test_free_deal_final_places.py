"""Final places of a free-deal event with a knockout (rules.md 11.3, 13): once the bracket is
decided its winner is 1st, the runner-up 2nd, the losing semi-finalists 3= (3 and 4 after a
third-place game), the quarter-finals' losers 5=; every pair outside the bracket follows in
its Swiss order. Until the final is decided, the Swiss ranking alone."""

from __future__ import annotations

import pytest
from free_deal_factories import make_free_deal, next_round, play_round, win

from engine.free_deal import knockout as ko
from formats import format_of
from formats.free_deal import services as fd
from formats.free_deal.places import swiss_places
from scoring.models import KnockoutTie
from scoring.services import set_results_public
from scoring.services.knockout import enter_knockout_game, store_bracket
from scoring.services.knockout_settle import settle_bracket
from tournaments import services
from tournaments.models import FinalPlace

pytestmark = pytest.mark.django_db


def _result(table):
    # Distinct scores, so that the Swiss ranking has no level pairs.
    return win(101, 5 * table.ns_team.number + table.ew_team.number)


def swiss_played(director, *, pairs=8, rounds=3, result=_result, **settings):
    championship = make_free_deal(director, pairs=pairs, rounds=rounds, **settings)
    for _ in range(rounds):
        round_ = next_round(championship, director)
        play_round(round_, result)
        services.close_round(round_, by=director)
    return championship


def swiss_order(championship) -> list[int]:
    return [pk for pk, _place in swiss_places(championship)]


def places(championship) -> list[tuple[int, int]]:
    return format_of(championship).final_places(championship)


def play_stage(championship, director, stage, *, upsets=()):
    """Enter one game per tie of ``stage``: the better seed wins, but for the ties (by slot)
    in ``upsets``."""
    for tie in KnockoutTie.objects.filter(championship=championship,
                                          stage=stage).order_by("slot"):
        if tie.winner_id is not None or not (tie.first_id and tie.second_id):
            continue
        first, second = (70, 101) if tie.slot in upsets else (101, 70)
        enter_knockout_game(tie, first, second, by=director)


def winner_and_loser(championship, stage, slot) -> tuple[int, int]:
    tie = KnockoutTie.objects.get(championship=championship, stage=stage, slot=slot)
    loser = tie.second_id if tie.winner_id == tie.first_id else tie.first_id
    return tie.winner_id, loser


def test_a_decided_bracket_of_four_ranks_first_then_the_swiss(director):
    championship = swiss_played(director, knockout_size=4)
    swiss = swiss_order(championship)
    fd.start_knockout(championship, by=director)
    play_stage(championship, director, 1, upsets={1})  # seed 4 beats seed 1
    play_stage(championship, director, 2, upsets={1})  # the lower seed wins the final
    champion, runner_up = winner_and_loser(championship, 2, 1)
    assert (champion, runner_up) == (swiss[3], swiss[1])
    assert places(championship) == [
        (champion, 1), (runner_up, 2),
        # The losing semi-finalists share 3rd (listed by pair id), whatever their seeds.
        *sorted([(swiss[0], 3), (swiss[2], 3)]),
        # The pairs outside the bracket in their Swiss order, counted on.
        (swiss[4], 5), (swiss[5], 6), (swiss[6], 7), (swiss[7], 8)]


def test_a_third_place_game_places_its_winner_3rd_and_its_loser_4th(director):
    """The free-deal settings offer no third-place game, but the core's bracket may hold
    one (``store_bracket(third_place=True)``): its result splits the 3=."""
    championship = swiss_played(director, knockout_size=4)
    swiss = swiss_order(championship)
    field = [championship.teams.get(pk=pk) for pk in swiss]
    store_bracket(championship, ko.build_bracket(field, 4, best_of=1), by=director,
                  third_place=True)
    play_stage(championship, director, 1)
    settle_bracket(championship)  # the third-place game's pairs: the semi-finals' losers
    final = KnockoutTie.objects.get(championship=championship, stage=2, slot=1)
    enter_knockout_game(final, 101, 60, by=director)
    before_third = places(championship)
    assert before_third == swiss_places(championship)  # not decided until the third place
    third = KnockoutTie.objects.get(championship=championship, stage=2, slot=2)
    assert {third.first_id, third.second_id} == {swiss[2], swiss[3]}
    enter_knockout_game(third, 50, 101, by=director)  # seed 4 wins it
    assert places(championship) == [
        (swiss[0], 1), (swiss[1], 2), (swiss[3], 3), (swiss[2], 4),
        (swiss[4], 5), (swiss[5], 6), (swiss[6], 7), (swiss[7], 8)]


def test_a_bracket_of_eight_shares_each_round_losers_place(director):
    championship = swiss_played(director, pairs=10, rounds=3, knockout_size=8)
    swiss = swiss_order(championship)
    fd.start_knockout(championship, by=director)
    # Round 1: 1 v 8, 4 v 5, 2 v 7, 3 v 6; seed 5 beats 4.
    play_stage(championship, director, 1, upsets={2})
    play_stage(championship, director, 2)  # 1 beats 5, 2 beats 3
    play_stage(championship, director, 3)  # 1 beats 2
    seed = dict(enumerate(swiss, start=1))
    assert places(championship) == [
        (seed[1], 1), (seed[2], 2),
        *sorted([(seed[3], 3), (seed[5], 3)]),
        *sorted([(seed[4], 5), (seed[6], 5), (seed[7], 5), (seed[8], 5)]),
        (seed[9], 9), (seed[10], 10)]


def test_pairs_level_in_the_swiss_share_their_place_after_the_bracket(director):
    """Six pairs, one round, every table won 101 to 40: three winners 1=, three losers 4=.
    A final of two of the winners; the third winner alone is 3rd; the losers share 4th."""
    championship = swiss_played(director, pairs=6, rounds=1, knockout_size=2,
                                result=lambda _table: win(101, 40))
    swiss = swiss_places(championship)
    assert [place for _pk, place in swiss] == [1, 1, 1, 4, 4, 4]
    (final,) = fd.start_knockout(championship, by=director)
    enter_knockout_game(final, 60, 101, by=director)
    final.refresh_from_db()
    in_final = {final.first_id, final.second_id}
    rest = [pk for pk, _place in swiss if pk not in in_final]
    assert places(championship) == [
        (final.second_id, 1), (final.first_id, 2),
        (rest[0], 3), (rest[1], 4), (rest[2], 4), (rest[3], 4)]


def test_a_pair_withdrawn_before_the_seeding_follows_the_bracket_in_its_swiss_place(director):
    championship = swiss_played(director, knockout_size=4)
    swiss = swiss_order(championship)
    services.withdraw_team(championship.teams.get(pk=swiss[2]), by=director)
    fd.start_knockout(championship, by=director)  # seeds: Swiss 1, 2, 4, 5
    play_stage(championship, director, 1)
    play_stage(championship, director, 2)
    result = places(championship)
    assert result[:2] == [(swiss[0], 1), (swiss[1], 2)]
    assert sorted(result[2:4]) == sorted([(swiss[3], 3), (swiss[4], 3)])
    assert result[4:] == [(swiss[2], 5), (swiss[5], 6), (swiss[6], 7), (swiss[7], 8)]


def test_until_the_final_is_decided_the_swiss_ranking_stands(director):
    championship = swiss_played(director, knockout_size=4)
    assert places(championship) == swiss_places(championship)  # no bracket yet
    fd.start_knockout(championship, by=director)
    assert places(championship) == swiss_places(championship)
    play_stage(championship, director, 1, upsets={1, 2})
    assert places(championship) == swiss_places(championship)
    play_stage(championship, director, 2)
    assert places(championship) != swiss_places(championship)
    # An earlier round asked for: the Swiss after it, the knockout coming after every round.
    assert (format_of(championship).final_places(championship, rounds=2)
            == swiss_places(championship, up_to=2))


def kept(championship) -> list[tuple[int, int]]:
    return list(FinalPlace.objects.filter(championship=championship)
                .order_by("place", "team_id").values_list("team_id", "place"))


def test_a_final_played_after_the_finish_keeps_the_places_again(director):
    championship = swiss_played(director, knockout_size=4)
    fd.start_knockout(championship, by=director)
    play_stage(championship, director, 1)
    set_results_public(championship, True, user=director)
    championship = services.finish_championship(championship, by=director)
    swiss = swiss_places(championship)
    assert kept(championship) == sorted(swiss, key=lambda row: (row[1], row[0]))
    play_stage(championship, director, 2, upsets={1})
    after = places(championship)
    assert after != swiss
    assert kept(championship) == sorted(after, key=lambda row: (row[1], row[0]))
    assert kept(championship)[0] == (swiss[1][0], 1)  # seed 2 won the final


def decided(director, *, pairs, size):
    championship = swiss_played(director, pairs=pairs, rounds=3, knockout_size=size)
    fd.start_knockout(championship, by=director)
    for stage in range(1, size.bit_length()):
        play_stage(championship, director, stage)
    return championship


def test_the_places_take_as_many_queries_whatever_the_bracket(director,
                                                              django_assert_num_queries):
    """Seven: the closed rounds, the Swiss ranking's four reads, the ties and their games."""
    for pairs, size in ((6, 4), (16, 16)):
        championship = decided(director, pairs=pairs, size=size)
        championship = type(championship).objects.get(pk=championship.pk)
        with django_assert_num_queries(7):
            result = places(championship)
        assert result[0][1] == 1 and len(result) == pairs
