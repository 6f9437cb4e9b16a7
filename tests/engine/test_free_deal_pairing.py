"""The Swiss of a free-deal pair tournament (rules.md 11.3): round 1 drawn or seeded, later
rounds top down from the ranking without rematches, the bye, withdrawn pairs."""

import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.free_deal import (
    Bye,
    PairingImpossible,
    RoundPairing,
    Table,
    drawn_first_round,
    next_round,
    pairing_history,
    rank_pairs,
    seeded_first_round,
    swiss_round,
)
from engine.free_deal import pairing as pairing_module
from engine.movements import swiss_first_round
from engine.swiss import first_pairing


def tables(plan):
    return [table.pairs for table in plan.tables]


def check_plan(plan, pairs):
    seen = plan.pairs()
    assert len(seen) == len(set(seen)) == len(pairs) and set(seen) == set(pairs)
    assert (plan.bye is None) == (len(pairs) % 2 == 0)


# --- An independent oracle: one score group (no match points given), by brute force ----------
# Several score groups: tests/engine/test_free_deal_score_groups.py.


def oracle(order, met, byes_had=()):
    """The first pairing in ``order`` without rematches, the bye to the lowest pair with the
    fewest byes that leaves a pairable field; by plain recursion (small fields only).  It is
    the policy when the whole field is one score group."""

    @cache
    def first(free: tuple):
        if not free:
            return ()
        top, rest = free[0], free[1:]
        for other in rest:
            if frozenset((top, other)) not in met:
                tail = first(tuple(p for p in rest if p != other))
                if tail is not None:
                    return ((top, other), *tail)
        return None

    if len(order) % 2 == 0:
        found = first(tuple(order))
        return None if found is None else (list(found), None)
    counts = Counter(byes_had)
    for bye in sorted(reversed(order), key=lambda p: counts[p]):
        found = first(tuple(p for p in order if p != bye))
        if found is not None:
            return list(found), bye
    return None


def pairable(field, met):
    """Whether ``field`` can be paired without a rematch (plain recursion)."""
    if not field:
        return True
    top, rest = field[0], field[1:]
    return any(
        frozenset((top, other)) not in met and pairable([p for p in rest if p != other], met)
        for other in rest
    )


# --- Round 1 --------------------------------------------------------------------------------


def test_the_draw_is_reproducible_and_independent_of_the_entry_order():
    pairs = list(range(1, 41))
    plan = drawn_first_round(pairs, b"championship key")
    check_plan(plan, pairs)
    assert plan == drawn_first_round(list(reversed(pairs)), b"championship key")
    assert plan != drawn_first_round(pairs, b"another key")


def test_the_draw_uses_the_swiss_draws_hmac_stream():
    # The same shuffle as the duplicate Swiss draw (engine.swiss_draw), never ``random``.
    pairs = list(range(1, 16))
    plan = drawn_first_round(pairs, b"seed")
    duplicate = swiss_first_round(pairs, b"seed")
    assert tables(plan) == [m.teams for m in duplicate.matches]
    assert plan.bye == duplicate.bye is not None


def test_the_draw_needs_a_seed_of_bytes():
    with pytest.raises(ValueError, match="seed"):
        drawn_first_round([1, 2], "seed")
    with pytest.raises(ValueError, match="seed"):
        drawn_first_round([1, 2], b"")


def test_the_draw_is_close_to_uniform():
    counts = Counter()
    for i in range(3000):
        plan = drawn_first_round([0, 1, 2, 3], i.to_bytes(4, "big"))
        (table,) = [t for t in plan.tables if 0 in t.pairs]
        counts[(set(table.pairs) - {0}).pop()] += 1
    assert set(counts) == {1, 2, 3} and all(900 < c < 1100 for c in counts.values()), counts


def test_the_draw_takes_ids_that_do_not_compare():
    pairs = [1, "a", (2, 3), 4.5]
    plan = drawn_first_round(pairs, b"k")
    check_plan(plan, pairs)
    assert plan == drawn_first_round(list(reversed(pairs)), b"k")


def test_a_seeded_first_round_sets_the_top_half_against_the_bottom_half():
    plan = seeded_first_round(list(range(1, 9)))
    assert tables(plan) == [(1, 5), (2, 6), (3, 7), (4, 8)] and plan.bye is None
    plan = seeded_first_round(list("ABCDEFG"))
    assert tables(plan) == [("A", "D"), ("B", "E"), ("C", "F")] and plan.bye == "G"


@pytest.mark.parametrize("pairs", [[1], [], [1, 1, 2], [1, None]])
def test_first_rounds_refuse_bad_fields(pairs):
    with pytest.raises(ValueError):
        seeded_first_round(pairs)
    with pytest.raises(ValueError):
        drawn_first_round(pairs, b"k")


def test_a_round_pairing_knows_its_tables():
    plan = RoundPairing((Table("a", "b"), Table("c", "d")), "e")
    assert plan.table_of("d") == 2 and plan.table_of("e") is None
    assert plan.pairs() == ["a", "b", "c", "d", "e"]
    with pytest.raises(KeyError):
        plan.table_of("z")


# --- Later rounds ---------------------------------------------------------------------------


def test_later_rounds_pair_top_down_and_table_one_is_the_top():
    plan = swiss_round(list("ABCDEF"), set())
    assert tables(plan) == [("A", "B"), ("C", "D"), ("E", "F")]


def test_never_the_same_two_pairs_twice():
    plan = swiss_round(list("ABCDEF"), {frozenset("AB")})
    assert tables(plan) == [("A", "C"), ("B", "D"), ("E", "F")]


def test_the_top_pair_looks_ahead():
    # A v B would leave C and D, who have met: A takes C instead.
    plan = swiss_round(list("ABCD"), {frozenset("CD")})
    assert tables(plan) == [("A", "C"), ("B", "D")]


def test_score_groups_come_before_a_ranking_that_does_not_start_with_them():
    # A ranking by difference first put B (1 point) above C (2 points).
    points = {"A": 2, "B": 1, "C": 2, "D": 1}
    plan = swiss_round(list("ABCD"), set(), match_points=points)
    assert tables(plan) == [("A", "C"), ("B", "D")]
    with pytest.raises(ValueError, match="match points"):
        swiss_round(list("ABCD"), set(), match_points={"A": 1})


def test_the_bye_goes_to_the_lowest_pair_without_one():
    assert swiss_round(list("ABCDE"), set()).bye == "E"
    assert swiss_round(list("ABCDE"), set(), ["E"]).bye == "D"
    assert swiss_round(list("ABCDE"), set(), ["E", "D", "B"]).bye == "C"
    # Everybody has had one: the lowest again.
    assert swiss_round(list("ABCDE"), set(), list("ABCDE")).bye == "E"
    assert swiss_round(list("ABCDE"), set(), [*"ABCDE", "E"]).bye == "D"


def test_a_second_bye_only_when_a_rematch_forbids_anything_else():
    # C had the bye; B or A having it would make C meet someone it has met.
    met = {frozenset("AC"), frozenset("BC")}
    plan = swiss_round(list("ABC"), met, ["C"])
    assert plan.bye == "C" and tables(plan) == [("A", "B")]


def test_withdrawn_pairs_are_left_out():
    plan = swiss_round(list("ABCDE"), set(), withdrawn={"B"})
    assert tables(plan) == [("A", "C"), ("D", "E")] and plan.bye is None


def test_no_pairing_without_a_rematch():
    met = {frozenset(p) for p in ("AB", "AC", "AD", "BC", "BD", "CD")}
    with pytest.raises(PairingImpossible):
        swiss_round(list("ABCD"), met)
    with pytest.raises(PairingImpossible, match="bye"):
        swiss_round(list("ABC"), {frozenset(p) for p in ("AB", "AC", "BC")})


def test_pairing_history_and_next_round_from_a_ranking():
    games = [("A", "B", 101, 20), ("C", "D", 101, 90)]
    met, byes = pairing_history(games, [Bye("E"), "F"])
    assert met == {frozenset("AB"), frozenset("CD")} and byes == ["E", "F"]
    ranking = rank_pairs("ABCDEF", games, [Bye("E")])
    # A, C, E on 1 (A +81, C +11, E 0); then F (0), D (-11), B (-81) on 0.
    assert [p.pair for p in ranking] == ["A", "C", "E", "F", "D", "B"]
    plan = next_round(ranking, games, [Bye("E")])
    assert tables(plan) == [("A", "C"), ("E", "F"), ("D", "B")]


# --- The search and its fallback find the same, first pairing --------------------------------


def random_history(rng, size, rounds):
    """Rounds of a plausible event: a random order each round, paired by the oracle-free
    engine itself (the history need only be rematch-free)."""
    pairs = list(range(size))
    met, byes = set(), []
    for _ in range(rounds):
        rng.shuffle(pairs)
        try:
            plan = swiss_round(pairs, met, byes)
        except PairingImpossible:
            break
        met |= {frozenset(t.pairs) for t in plan.tables}
        if plan.bye is not None:
            byes.append(plan.bye)
    return met, byes


@pytest.mark.parametrize("size", [6, 9, 12, 15])
def test_later_rounds_match_the_brute_force_oracle(size):
    rng = random.Random(size)
    for _ in range(60):
        met, byes = random_history(rng, size, rng.randint(1, size - 1))
        order = rng.sample(range(size), size)
        expected = oracle(order, met, byes)
        if expected is None:
            with pytest.raises(PairingImpossible):
                swiss_round(order, met, byes)
            continue
        plan = swiss_round(order, met, byes)
        assert (tables(plan), plan.bye) == (expected[0], expected[1])


def test_the_greedy_pass_and_its_repair_find_the_first_pairing_of_the_whole_field():
    # Against Edmonds' matching run on the whole field every time (engine.swiss).
    rng = random.Random(2024)
    for size in (8, 11, 20, 31, 60):
        for _ in range(15):
            met, byes = random_history(rng, size, rng.randint(1, min(size - 1, 12)))
            barred = [{j for j in range(size) if frozenset((i, j)) in met} for i in range(size)]
            free = [set(range(size)) - barred[i] - {i} for i in range(size)]
            skip = rng.randrange(size) if size % 2 else -1
            if skip >= 0:
                free = [
                    {j - (j > skip) for j in free[i] if j != skip} for i in range(size) if i != skip
                ]
            whole = first_pairing(free, len(free))
            got = pairing_module.first_pairing_of(size, barred, skip)
            if whole is None:
                assert got is None
                continue
            ranks = [i for i in range(size) if i != skip]
            assert [got[r] for r in ranks] == [ranks[m] for m in whole]


def test_a_dead_end_at_the_bottom_is_repaired_on_a_few_pairs_only(monkeypatch):
    # The bottom nine pairs of 150 have all met each other: the greedy pass dead-ends, and
    # nine pairs above must each take one of them.
    sizes = []
    original = pairing_module.first_pairing

    def spy(free, size):
        sizes.append(size)
        return original(free, size)

    monkeypatch.setattr(pairing_module, "first_pairing", spy)
    size, clique = 150, range(141, 150)
    met = {frozenset((a, b)) for a in clique for b in clique if a < b}
    plan = swiss_round(list(range(size)), met)
    assert sizes and max(sizes) < 40
    # The first 66 tables in rank order, then 132..140 each against a pair of the clique.
    assert [t.pairs for t in plan.tables[:66]] == [(2 * k, 2 * k + 1) for k in range(66)]
    assert [t.pairs for t in plan.tables[66:]] == [(132 + k, 141 + k) for k in range(9)]
    expected = oracle(list(range(size)), met)
    assert (tables(plan), plan.bye) == (expected[0], expected[1])


# --- Properties of whole events -------------------------------------------------------------


def play(rng, plan):
    return [(t.first, t.second, rng.randint(0, 121), rng.randint(0, 121)) for t in plan.tables]


@given(
    size=st.integers(2, 16),
    rounds=st.integers(1, 9),
    rnd=st.randoms(use_true_random=False),
    seed=st.binary(min_size=1, max_size=8),
)
def test_swiss_events_never_rematch_and_share_the_byes(size, rounds, rnd, seed):
    pairs = list(range(size))
    games, byes = [], []
    plan = drawn_first_round(pairs, seed)
    for _ in range(rounds):
        check_plan(plan, pairs)
        met = {frozenset(g[:2]) for g in games}
        assert not any(frozenset(t.pairs) in met for t in plan.tables), "a rematch"
        if plan.bye is not None:
            counts = Counter(byes)
            # A pair has another bye only when no pair with fewer could have it: leaving
            # any of those out instead leaves a field that cannot be paired.
            for other in pairs:
                if counts[other] < counts[plan.bye]:
                    assert not pairable([p for p in pairs if p != other], met)
            byes.append(plan.bye)
        games += play(rnd, plan)
        ranking = rank_pairs(pairs, games, byes)
        try:
            plan = next_round(ranking, games, byes)
        except PairingImpossible:
            order = [p.pair for p in ranking]
            assert oracle(order, {frozenset(g[:2]) for g in games}, byes) is None
            return


@given(
    size=st.integers(2, 30),
    rounds=st.integers(1, 6),
    rnd=st.randoms(use_true_random=False),
)
def test_the_pairing_depends_only_on_the_ranking_not_the_entry_order(size, rounds, rnd):
    pairs = list(range(size))
    games, byes = [], []
    plan = drawn_first_round(pairs, b"k")
    for _ in range(rounds):
        games += play(rnd, plan)
        if plan.bye is not None:
            byes.append(Bye(plan.bye))
        ranking = rank_pairs(pairs, games, byes)
        shuffled_pairs, shuffled_games, shuffled_byes = pairs[:], games[:], byes[:]
        rnd.shuffle(shuffled_pairs)
        rnd.shuffle(shuffled_games)
        rnd.shuffle(shuffled_byes)
        shuffled_ranking = rank_pairs(shuffled_pairs, shuffled_games, shuffled_byes)
        try:
            plan = next_round(ranking, games, byes)
        except PairingImpossible:
            with pytest.raises(PairingImpossible):
                next_round(shuffled_ranking, shuffled_games, shuffled_byes)
            return
        assert next_round(shuffled_ranking, shuffled_games, shuffled_byes) == plan
