"""Groups then knockout, same-group separation in the first knockout round (rules.md 12.3),
clause by clause: ties taken in order of their higher seed; the lower seed swaps with the
nearest-seeded pair (by seed number; at equal distance the lower seed first); in the same
half; never a pair with a bye; never a swap leaving a tie of one group; else the tie stands
(B = 4)."""

from hypothesis import given
from hypothesis import strategies as st

from engine.free_deal.knockout import seed_order
from engine.groups import GroupLine, GroupStanding, PlacedLine, qualify, separate


def bracket(size, pairs=None, groups=None):
    """Seeds as pair ids; ``groups`` maps a group name to its seeds, every other seed alone
    in a group of its own."""
    pairs = size if pairs is None else pairs
    slots = [s if s <= pairs else None for s in seed_order(size)]
    group_of = {s: f"own{s}" for s in range(1, pairs + 1)}
    for name, seeds in (groups or {}).items():
        group_of.update((s, name) for s in seeds)
    return slots, {s: s for s in range(1, pairs + 1)}, group_of


def ties(slots):
    return [tuple(sorted(p for p in slots[k:k + 2] if p is not None))
            for k in range(0, len(slots), 2)]  # fmt: skip


def test_no_tie_of_one_group_no_swap():
    slots, seed_of, group_of = bracket(8)
    assert separate(slots, seed_of, group_of) == (slots, ())


def test_the_lower_seed_swaps_with_the_nearest_seeded_pair():
    # Top half 1 v 8, 4 v 5: 1 and 8 of group A; 5 (3 away from 8) is nearer than 4 (4 away).
    slots, swaps = separate(*bracket(8, groups={"A": [1, 8]}))
    assert swaps == ((8, 5),)
    assert ties(slots) == [(1, 5), (4, 8), (2, 7), (3, 6)]


def test_ties_are_taken_in_order_of_their_higher_seed():
    # B = 16, top half 1 v 16, 8 v 9, 4 v 13, 5 v 12.  1 and 16 of A, 4 and 13 of B.  Taking
    # 1 v 16 first, 16 swaps with 13 (3 away) and both ties are mended at once; taking 4 v 13
    # first would have swapped 13 with 12 and then needed a second swap.
    slots, swaps = separate(*bracket(16, groups={"A": [1, 16], "B": [4, 13]}))
    assert swaps == ((16, 13),)
    assert ties(slots)[:4] == [(1, 13), (8, 9), (4, 16), (5, 12)]


def test_at_equal_distance_the_lower_seed_first():
    # B = 32: the tie 8 v 25 of group A.  24 and 28 (1 and 3 away from 25) cannot be swapped
    # (24's swap would leave 8 v 24 of A, 28's 8 v 28); 21 and 29 are both 4 away: 29, the
    # lower seed, is taken.
    slots, swaps = separate(*bracket(32, groups={"A": [8, 25, 24, 28]}))
    assert swaps == ((25, 29),)
    assert (8, 29) in ties(slots)


def test_only_a_pair_of_the_same_half():
    # 1 v 8 of A; in the top half 4 and 5 would each leave a tie of A (4 is of A), so the
    # tie stands though 7, in the bottom half, is only 1 away.
    slots, swaps = separate(*bracket(8, groups={"A": [1, 8, 4]}))
    assert swaps == () and ties(slots)[0] == (1, 8)


def test_never_a_pair_with_a_bye():
    # 12 pairs in a bracket of 16: seeds 1-4 have byes.  Top half 1 v -, 8 v 9, 4 v -,
    # 5 v 12.  5 and 12 of A, and 8 of A too so that 9 and 8 would each leave a tie of A:
    # only 1 and 4 are left, and they have byes.
    slots, swaps = separate(*bracket(16, pairs=12, groups={"A": [5, 12, 8]}))
    assert swaps == () and (5, 12) in ties(slots)
    # With 13 pairs, 4 meets 13 (no bye): 12 swaps with 13, 1 away.
    slots, swaps = separate(*bracket(16, pairs=13, groups={"A": [5, 12, 8]}))
    assert swaps == ((12, 13),)


def test_a_swap_never_leaves_a_tie_of_one_group():
    # 1 v 16 of A.  13 is nearest (3 away), but 13's swap would leave 4 v 16 of A (4 is of
    # A); 4 itself would leave 1 v 4 of A; 12 (4 away) is next.
    slots, swaps = separate(*bracket(16, groups={"A": [1, 16, 4]}))
    assert swaps == ((16, 12),)
    assert ties(slots)[:4] == [(1, 12), (8, 9), (4, 13), (5, 16)]


def test_with_a_bracket_of_4_the_tie_stands():
    slots, swaps = separate(*bracket(4, groups={"A": [1, 4], "B": [2, 3]}))
    assert swaps == () and ties(slots) == [(1, 4), (2, 3)]
    slots, swaps = separate(*bracket(2, groups={"A": [1, 2]}))
    assert swaps == () and ties(slots) == [(1, 2)]


def test_the_swap_in_a_qualification_and_seeds_kept():
    def group(name, bonus):
        return GroupStanding(tuple(
            PlacedLine(k, False, GroupLine(f"{name}{k}", 3, w, w, 100 + 10 * w + bonus, 100))
            for k, w in enumerate((3, 2, 1, 0), start=1)))  # fmt: skip

    # 4 groups, Q = 2, B = 8: seeds A1 B1 C1 D1 (bonus order), then A2 B2 C2 D2.
    # Standard ties: 1 v 8 (A1 v D2), 4 v 5 (D1 v A2), 2 v 7 (B1 v C2), 3 v 6 (C1 v B2).
    result = qualify([group("A", 40), group("B", 30), group("C", 20), group("D", 10)],
                     per_group=2)  # fmt: skip
    assert result.seeds == ("A1", "B1", "C1", "D1", "A2", "B2", "C2", "D2")
    assert result.swaps == ()
    # Reverse the runners-up: D2 best of them (seed 5), A2 seed 8: A1 v A2 and D1 v D2.
    groups = [group("A", 40), group("B", 30), group("C", 20), group("D", 10)]
    groups = [GroupStanding((g.lines[0], PlacedLine(2, False, GroupLine(
        g.lines[1].pair, 3, 2, 2, 200 - bonus, 100))) + g.lines[2:])
              for g, bonus in zip(groups, (40, 30, 20, 10), strict=True)]  # fmt: skip
    result = qualify(groups, per_group=2)
    assert result.seeds[4:] == ("D2", "C2", "B2", "A2")
    # 1 v 8 (A1 v A2): 8 swaps with 5 (D2), 3 away, which mends 4 v 5 (D1 v D2) too; then
    # 2 v 7 (B1 v B2): 7 swaps with 6 (C2), which mends 3 v 6 (C1 v C2).
    assert result.swaps == (("A2", "D2"), ("B2", "C2"))
    first = [(t.top, t.bottom, t.top_seed, t.bottom_seed) for t in result.bracket.rounds[0]]
    assert first == [("A1", "D2", 1, 5), ("D1", "A2", 4, 8), ("B1", "C2", 2, 6),
                     ("C1", "B2", 3, 7)]


@given(st.sampled_from((4, 8, 16, 32)), st.data())
def test_separation_keeps_every_pair_and_bye_and_never_adds_a_tie_of_one_group(size, data):
    pairs = data.draw(st.integers(size // 2 + 1, size))
    groups = data.draw(st.lists(st.integers(0, max(1, pairs // 3)), min_size=pairs,
                                max_size=pairs))  # fmt: skip
    slots, seed_of, _ = bracket(size, pairs)
    group_of = {s: groups[s - 1] for s in range(1, pairs + 1)}
    after, swaps = separate(slots, seed_of, group_of)

    def clashes(slots):
        return sum(1 for k in range(0, size, 2) if None not in slots[k:k + 2]
                   and group_of[slots[k]] == group_of[slots[k + 1]])  # fmt: skip

    assert sorted(p for p in after if p) == list(range(1, pairs + 1))
    assert [p is None for p in after] == [p is None for p in slots]  # byes stay put
    assert [after.index(p) < size // 2 for p in after if p] == \
        [slots.index(p) < size // 2 for p in after if p]  # nobody changes half
    assert clashes(after) <= clashes(slots)
    assert len(swaps) <= clashes(slots)
    # Only the pairs of the swaps moved.
    moved = {p for p in after if p and after.index(p) != slots.index(p)}
    assert moved <= {p for swap in swaps for p in swap}
