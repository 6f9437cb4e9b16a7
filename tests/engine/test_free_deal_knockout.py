"""The knockout stage after the Swiss (rules.md 11.3): a seeded bracket of 2, 4, 8 or 16,
ties of one game or best of three, winners moving on."""

import random

import pytest

from engine.free_deal import (
    BRACKET_SIZES,
    advance,
    build_bracket,
    rank_pairs,
    seed_order,
    tie_winner,
)


def first_round(bracket):
    return [(tie.top_seed, tie.bottom_seed) for tie in bracket.rounds[0]]


def test_standard_seeding():
    assert seed_order(2) == (1, 2)
    assert seed_order(4) == (1, 4, 2, 3)
    assert seed_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    assert seed_order(16) == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)
    with pytest.raises(ValueError):
        seed_order(6)


@pytest.mark.parametrize("size", BRACKET_SIZES)
def test_every_first_round_tie_adds_up_to_size_plus_one(size):
    bracket = build_bracket(list(range(100, 100 + size + 3)), size)
    assert all(top + bottom == size + 1 for top, bottom in first_round(bracket))
    assert sorted(s for tie in first_round(bracket) for s in tie) == list(range(1, size + 1))
    assert [len(r) for r in bracket.rounds] == [size // 2**k for k in range(1, size.bit_length())]


@pytest.mark.parametrize("size", [4, 8, 16])
def test_the_better_seeds_meet_as_late_as_possible(size):
    # When the better seed always wins, seeds 1..k reach the round of k.
    ranked = [f"p{seed}" for seed in range(1, size + 1)]
    bracket = build_bracket(ranked, size)
    results = {}
    for _ in bracket.rounds:
        bracket = advance(bracket, results)
        for tie in (t for r in bracket.rounds for t in r):
            if tie.ready and tie.winner is None:
                results[frozenset(tie.pairs)] = [tie.top]
    bracket = advance(bracket, results)
    for round_ties in bracket.rounds:
        seeds = sorted(s for tie in round_ties for s in (tie.top_seed, tie.bottom_seed))
        assert seeds == list(range(1, 2 * len(round_ties) + 1))
    assert (bracket.final.top_seed, bracket.final.bottom_seed) == (1, 2)
    assert bracket.champion == "p1"


def test_the_bracket_takes_the_top_of_the_ranking():
    games = [(p, q, 101, 50) for p, q in (("A", "B"), ("C", "D"), ("E", "F"), ("G", "H"))]
    ranking = rank_pairs("ABCDEFGH", games)
    bracket = build_bracket([p.pair for p in ranking], 4)
    # The four winners, by their equal records: A, C, E, G.
    assert [t.pairs for t in bracket.rounds[0]] == [("A", "G"), ("C", "E")]


def test_one_game_ties_advance_their_winners():
    bracket = build_bracket(list("ABCDEFGH"), 8)
    # A v H, D v E, B v G, C v F.
    assert [t.pairs for t in bracket.rounds[0]] == [("A", "H"), ("D", "E"), ("B", "G"),
                                                     ("C", "F")]  # fmt: skip
    bracket = advance(bracket, {frozenset("AH"): ["H"], frozenset("DE"): ["D"]})
    semi = bracket.tie(2, 1)
    # D (seed 4) is the better seed of the semi-final against H (seed 8).
    assert (semi.top, semi.bottom, semi.top_seed, semi.bottom_seed) == ("D", "H", 4, 8)
    assert bracket.tie(2, 2).pairs == (None, None) and not bracket.tie(2, 2).ready
    assert bracket.champion is None
    results = {
        frozenset("AH"): ["H"], frozenset("DE"): ["D"], frozenset("BG"): ["B"],
        frozenset("CF"): ["F"], frozenset("DH"): ["H"], frozenset("BF"): ["F"],
        frozenset("FH"): ["F"],
    }  # fmt: skip
    bracket = advance(build_bracket(list("ABCDEFGH"), 8), results)
    assert bracket.final.pairs == ("F", "H") and bracket.champion == "F"
    assert bracket.final.games == ("F",)


def test_best_of_three_is_first_to_two():
    assert tie_winner("A", "B", ["A", "A"], 3) == "A"
    assert tie_winner("A", "B", ["A", "B", "B"], 3) == "B"
    assert tie_winner("A", "B", ["A", "B"], 3) is None
    assert tie_winner("A", "B", [], 3) is None
    assert tie_winner("A", "B", ["B"], 1) == "B"
    bracket = build_bracket(list("ABCD"), 4, best_of=3)
    bracket = advance(bracket, {frozenset("AD"): ["D", "A"], frozenset("BC"): ["C", "C"]})
    assert bracket.tie(1, 1).winner is None and bracket.tie(1, 1).games == ("D", "A")
    assert bracket.tie(1, 2).winner == "C"
    # C waits in the lower slot of the final (its half of the bracket).
    assert bracket.final.pairs == (None, "C") and not bracket.final.ready


@pytest.mark.parametrize(
    ("games", "best_of"),
    [(["A", "A"], 1), (["A", "A", "B"], 3), (["A", "X"], 3), (["Z"], 1)],
)
def test_games_after_a_decided_tie_or_by_strangers_are_refused(games, best_of):
    with pytest.raises(ValueError):
        tie_winner("A", "B", games, best_of)


def test_bad_brackets_are_refused():
    with pytest.raises(ValueError):
        build_bracket(list("ABC"), 4)
    with pytest.raises(ValueError):
        build_bracket(list("ABCD"), 4, best_of=2)
    with pytest.raises(ValueError):
        build_bracket(list("ABCA"), 4)
    with pytest.raises(ValueError, match="no tie"):
        advance(build_bracket(list("ABCD"), 4), {frozenset("AB"): ["A"]})
    # The final's pairs are not known yet.
    with pytest.raises(ValueError, match="no tie"):
        advance(build_bracket(list("ABCD"), 4), {frozenset("AC"): ["A"]})


def test_a_random_bracket_always_crowns_one_of_its_pairs():
    rng = random.Random(11)
    for size in BRACKET_SIZES:
        for best_of in (1, 3):
            bracket = build_bracket(list(range(size)), size, best_of=best_of)
            results = {}
            while bracket.champion is None:
                for tie in (t for r in bracket.rounds for t in r):
                    if tie.ready and tie.winner is None:
                        key = frozenset(tie.pairs)
                        results[key] = [*results.get(key, []), rng.choice(tie.pairs)]
                bracket = advance(bracket, results)
            assert bracket.champion in range(size)
            assert all(t.winner is not None for r in bracket.rounds for t in r)
