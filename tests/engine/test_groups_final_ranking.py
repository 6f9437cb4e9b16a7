"""Groups then knockout, the knockout and the final ranking (rules.md 12.4): shared third
and fifth places, a third-place game, byes, the pairs that did not go through by group place
and the per-game comparison, and a withdrawal in the knockout."""

import pytest

from engine.free_deal.knockout import advance
from engine.groups import (
    GroupLine,
    GroupsError,
    GroupStanding,
    PlacedLine,
    final_ranking,
    qualify,
    third_place_pairs,
)


def group(name, wins=(3, 2, 1, 0), bonus=0, games=3):
    return GroupStanding(tuple(
        PlacedLine(k, False, GroupLine(f"{name}{k}", games, w, w, 100 + 10 * w + bonus, 100))
        for k, w in enumerate(wins, start=1)))  # fmt: skip


def play(bracket, better=True, withdrawn=()):
    """Play the bracket out: the better seed wins every tie (or the worse one)."""
    results = {}
    while True:
        bracket = advance(bracket, results, withdrawn=withdrawn)
        open_ties = [t for r in bracket.rounds for t in r if t.ready and t.winner is None]
        if not open_ties:
            return bracket
        for tie in open_ties:
            results[frozenset(tie.pairs)] = [tie.top if better else tie.bottom]


def table(ranking):
    return [(entry.label, entry.pair) for entry in ranking]


GROUPS = [group(name, bonus=b) for name, b in zip("ABCDEFGH", range(80, 0, -10), strict=True)]


def test_winner_runner_up_then_shared_third_and_fifth_places():
    result = qualify(GROUPS, size=8)  # the 8 group winners, A1 seed 1 ... H1 seed 8
    ranking = final_ranking(play(result.bracket), GROUPS)
    assert table(ranking)[:8] == [
        ("1", "A1"), ("2", "B1"), ("3=", "C1"), ("3=", "D1"),
        ("5=", "E1"), ("5=", "F1"), ("5=", "G1"), ("5=", "H1"),
    ]  # fmt: skip
    assert all(entry.knockout for entry in ranking[:8])


def test_a_third_place_game_splits_the_semi_finalists():
    bracket = play(qualify(GROUPS, size=8).bracket)
    assert set(third_place_pairs(bracket)) == {"C1", "D1"}
    ranking = final_ranking(bracket, GROUPS, third_place_winner="D1")
    assert table(ranking)[2:5] == [("3", "D1"), ("4", "C1"), ("5=", "E1")]
    with pytest.raises(GroupsError) as caught:
        final_ranking(bracket, GROUPS, third_place_winner="E1")
    assert caught.value.field == "third_place_winner"


def test_the_pairs_that_did_not_go_through_by_group_place_then_per_game():
    groups = [group("A", bonus=30), group("B", bonus=20),
              group("C", (2, 2, 1, 1), bonus=15, games=3),
              group("D", (4, 3, 2, 1, 0), bonus=10, games=4)]  # fmt: skip
    result = qualify(groups, per_group=2, size=8)
    ranking = final_ranking(play(result.bracket), groups)
    rest = table(ranking)[8:]
    # All the thirds first: D3 (2 wins of 4, 1/2 a game), then A3, B3, C3 (1 of 3) by their
    # difference per game (+40, +30, +25 over 3); then the fourths: C4 (1 of 3), D4 (1 of
    # 4), A4 and B4 (0, A4 +30 over 3 ahead of B4 +20); then D5.
    assert [pair for _, pair in rest] == ["D3", "A3", "B3", "C3", "C4", "D4", "A4", "B4", "D5"]
    assert rest[0] == ("9", "D3")
    assert all(not entry.knockout for entry in ranking[8:])


def test_equal_figures_share_a_place_among_those_that_did_not_go_through():
    groups = [group("A"), group("B", bonus=5), group("C", bonus=5)]
    result = qualify(groups, size=4, draw=["B1", "C1", "B2", "C2"])
    ranking = final_ranking(play(result.bracket), groups)
    # B2 and C2 have the same figures; one went through (drawn), the other is 5th alone.
    places = dict((entry.pair, entry.label) for entry in ranking)
    assert places["C2"] == "5" and places["A2"] == "6"
    assert places["B3"] == places["C3"] == "7=" and places["A3"] == "9"
    assert places["B4"] == places["C4"] == "10=" and places["A4"] == "12"


def test_byes_and_places_counting_the_pairs_that_went_further():
    # 6 pairs in a bracket of 8: seeds 1 and 2 have byes.  Round 1: 4 v 5, 3 v 6 (2 losers,
    # 5th shared); semi-finals: 2 losers, 3rd shared.
    groups = [group("A", (3, 2, 1, 0), bonus=9), group("B", (3, 2, 1, 0))]
    result = qualify(groups, size=8)
    assert len(result.seeds) == 6 and len(result.byes) == 2
    ranking = final_ranking(play(result.bracket), groups)
    assert [entry.label for entry in ranking] == ["1", "2", "3=", "3=", "5=", "5=", "7", "8"]
    assert [entry.pair for entry in ranking[:2]] == ["A1", "B1"]


def test_no_final_ranking_before_the_final():
    result = qualify(GROUPS, size=8)
    with pytest.raises(GroupsError) as caught:
        final_ranking(result.bracket, GROUPS)
    assert caught.value.code == "knockout_not_finished"


# --- Withdrawal in the knockout -------------------------------------------------------------


def test_a_withdrawn_pair_s_opponent_goes_through_without_a_game():
    bracket = qualify(GROUPS, size=8).bracket
    first = advance(bracket, {}, withdrawn=["H1"])  # seed 8, against seed 1
    tie = first.rounds[0][0]
    assert (tie.top, tie.bottom, tie.winner, tie.games) == ("A1", "H1", "A1", ())
    assert first.rounds[1][0].top == "A1"
    ranking = final_ranking(play(bracket, withdrawn=["H1"]), GROUPS)
    assert ("5=", "H1") in table(ranking)  # a loser of round 1


def test_a_tie_won_before_withdrawing_stands_and_the_next_opponent_goes_through():
    bracket = qualify(GROUPS, size=8).bracket
    results = {frozenset(("A1", "H1")): ["A1"]}
    after = advance(bracket, results, withdrawn=["A1"])
    assert after.rounds[0][0].winner == "A1"
    # A1 would meet the winner of D1 v E1: once that is known, it goes through.
    results[frozenset(("D1", "E1"))] = ["E1"]
    after = advance(bracket, results, withdrawn=["A1"])
    assert after.rounds[1][0].pairs == ("A1", "E1") and after.rounds[1][0].winner == "E1"


def test_when_both_pairs_of_a_tie_are_gone_the_next_opponent_goes_through():
    bracket = qualify(GROUPS, size=8).bracket
    after = advance(bracket, {frozenset(("A1", "H1")): ["A1"]}, withdrawn=["D1", "E1"])
    assert after.rounds[0][1].winner is None
    assert after.rounds[1][0].winner == "A1"


def test_a_withdrawal_in_the_group_stage_ranks_the_pair_with_those_that_did_not_go_through():
    result = qualify(GROUPS, size=8, withdrawn=["C1"])  # C2 goes through instead
    assert "C2" in result.direct and "C1" not in result.seeds
    ranking = final_ranking(play(result.bracket), GROUPS)
    assert table(ranking)[8] == ("9", "C1")  # the first group winner that did not go through


def test_a_pair_with_a_bye_that_withdraws_shares_the_first_round_losers_place():
    groups = [group("A", (3, 2, 1, 0), bonus=9), group("B", (3, 2, 1, 0))]
    result = qualify(groups, size=8)
    assert result.byes[0] == "A1"
    bracket = play(result.bracket, withdrawn=["A1"])
    assert bracket.rounds[0][0].winner is None  # nobody goes on from A1's tie
    # B2 went through to the final unopposed, so one semi-finalist lost: A2 3rd alone, and
    # the first round's two losers and A1 share 4th.
    ranking = final_ranking(bracket, groups)
    assert table(ranking)[:6] == [("1", "B1"), ("2", "B2"), ("3", "A2"), ("4=", "A1"),
                                  ("4=", "A3"), ("4=", "B3")]
