"""A whole free-deal event (rules.md section 11): 150 pairs, 7 Swiss rounds of random games
checked by ``check_game``, paired and ranked by the engine, and the final ranking compared
with an independent computation written here from section 11.

The random games come from a generator whose seed is drawn fresh for every run and printed;
set ``FREE_DEAL_EVENT_SEED`` to replay a run.
"""

import os
import random
import secrets
import time
from collections import Counter
from fractions import Fraction

import pytest

from engine.free_deal import (
    FIRST,
    SECOND,
    EndedBy,
    GameReport,
    GameSettings,
    HandRecord,
    check_game,
    drawn_first_round,
    next_round,
    rank_pairs,
)

PAIRS = 150
ROUNDS = 7
WITHDRAWS_AFTER_ROUND = 4  # one pair withdraws: the field turns odd and byes appear


@pytest.fixture(scope="module")
def seed():
    value = int(os.environ.get("FREE_DEAL_EVENT_SEED") or secrets.randbits(48))
    print(f"\nfree-deal event seed: {value} (replay with FREE_DEAL_EVENT_SEED={value})")
    return value


def play_game(rng, settings):
    """A game played hand by hand with the default settings, as a table would report it."""
    totals = {FIRST: 0, SECOND: 0}
    record = []
    makers = rng.choice([FIRST, SECOND])
    ended_by = EndedBy.TIME
    hands_before_time = rng.randint(4, 20)  # when the round's clock runs out
    while True:
        contract = rng.choice(["O", "C", "E", "B", "BOT"])
        doubling = rng.choices([0, 1, 2, 3], weights=[80, 14, 5, 1])[0]
        factor = (2 if contract == "BOT" else 1) * (1, 2, 4, 8)[doubling]
        defenders = SECOND if makers == FIRST else FIRST
        makers_points = max(0, min(72, round(rng.gauss(40, 12))))
        if rng.random() < 0.01:  # a revoke by the makers
            scorer, points = defenders, 36 * factor
        elif makers_points == 36:
            scorer, points = None, 0
        else:
            scorer = makers if makers_points > 36 else defenders
            points = abs(makers_points - 36) * factor
        record.append(HandRecord(makers, contract, doubling, scorer, points))
        if scorer:
            totals[scorer] += points
        makers = defenders
        if max(totals.values()) >= settings.target:
            ended_by = EndedBy.TARGET
            break
        if len(record) == settings.hand_limit:
            ended_by = EndedBy.HANDS
            break
        if len(record) == hands_before_time:
            break
    capped = {pair: min(total, settings.cap) for pair, total in totals.items()}
    report = GameReport(capped[FIRST], capped[SECOND], ended_by, len(record), tuple(record))
    return check_game(report, settings)


# --- The independent computations of section 11.3 --------------------------------------------


def expected_ranking(pairs, games, byes):
    """Match points (1, 1/2, 0; a bye is a win with 0 points and 0 difference), point
    difference, points, Buchholz (opponents' match points; a bye adds 0), then a shared
    place: as (place label, pair, match points, difference, points, Buchholz)."""
    match_points = {pair: Fraction(0) for pair in pairs}
    difference = dict.fromkeys(pairs, 0)
    points = dict.fromkeys(pairs, 0)
    opponents = {pair: [] for pair in pairs}
    for a, b, pa, pb in games:
        match_points[a] += 1 if pa > pb else Fraction(1, 2) if pa == pb else 0
        match_points[b] += 1 if pb > pa else Fraction(1, 2) if pa == pb else 0
        difference[a] += pa - pb
        difference[b] += pb - pa
        points[a] += pa
        points[b] += pb
        opponents[a].append(b)
        opponents[b].append(a)
    for pair in byes:
        match_points[pair] += 1
    buchholz = {pair: sum((match_points[o] for o in opponents[pair]), Fraction(0))
                for pair in pairs}  # fmt: skip

    def key(pair):
        return (match_points[pair], difference[pair], points[pair], buchholz[pair])

    order = sorted(pairs, key=lambda pair: (tuple(-x for x in key(pair)), pair))
    rows = []
    for i, pair in enumerate(order):
        place = next(j for j in range(i + 1) if key(order[j]) == key(pair)) + 1
        shared = sum(1 for other in order if key(other) == key(pair)) > 1
        label = f"{place}=" if shared else str(place)
        rows.append((label, pair, *key(pair)))
    return rows


def needless_floats(tables, order, points, met):
    """Pairs a score group sends down although it could have kept them (rules.md 11.3).

    The groups are taken top down as the policy takes them, each with the pairs that
    floated into it.  Two pairs ``a`` and ``b`` that a group sends down could have stayed
    if they may meet (or may meet the two pairs of one of the group's tables, crosswise)
    and their opponents below may meet each other: that pairing seats more pairs in the
    group and changes nothing above it.  Returns the first such finding, or ``None``.
    """
    opponent = {a: b for table in tables for a, b in (table, table[::-1])}
    allowed = lambda a, b: frozenset((a, b)) not in met  # noqa: E731
    floaters = []
    for value in sorted({points[pair] for pair in order}, reverse=True):
        bracket = floaters + [pair for pair in order if points[pair] == value]
        inside = set(bracket)
        floaters = [pair for pair in bracket if opponent[pair] not in inside]
        kept = [(a, opponent[a]) for a in bracket if opponent[a] in inside and a < opponent[a]]
        for i, a in enumerate(floaters):
            for b in floaters[i + 1 :]:
                if not allowed(opponent[a], opponent[b]):
                    continue
                if allowed(a, b):
                    return a, b
                for c, d in kept:
                    if (allowed(a, c) and allowed(b, d)) or (allowed(a, d) and allowed(b, c)):
                        return a, b, (c, d)
    return None


def test_a_150_pair_event_from_draw_to_final_ranking(seed):
    rng = random.Random(seed)
    settings = GameSettings()
    pairs = list(range(1, PAIRS + 1))
    active = set(pairs)
    games, byes = [], []
    withdrawn = set()
    plan = drawn_first_round(pairs, rng.randbytes(16))
    for number in range(1, ROUNDS + 1):
        where = f"round {number} (seed {seed})"
        seen = plan.pairs()
        assert sorted(seen) == sorted(active), where
        met = {frozenset(g[:2]) for g in games}
        assert not any(frozenset(t.pairs) in met for t in plan.tables), f"a rematch in {where}"
        if number > 1:
            # Independently: score groups by match points, ranking order within them, the
            # bye to the lowest pair with the fewest byes.
            ranking = expected_ranking(pairs, games, byes)
            order = [row[1] for row in ranking if row[1] in active]
            order.sort(key=lambda pair: -next(r[2] for r in ranking if r[1] == pair))
            if len(order) % 2:
                counts = Counter(byes)
                fewest = min(counts[p] for p in order)
                expected_bye = [p for p in order if counts[p] == fewest][-1]
                assert plan.bye == expected_bye, where
                order.remove(expected_bye)
            # Table 1 is the top pair's, and so on down; the higher pair is named first.
            tops = [order.index(t.first) for t in plan.tables]
            assert tops == sorted(tops), where
            assert all(order.index(t.first) < order.index(t.second) for t in plan.tables), where
            # Score groups kept together: no group sends down two pairs it could have kept
            # (the exact search over small fields: test_free_deal_score_groups.py).
            points = {row[1]: row[2] for row in ranking}
            tables = [t.pairs for t in plan.tables]
            assert needless_floats(tables, order, points, met) is None, where
        for table in plan.tables:
            outcome = play_game(rng, settings)
            games.append((table.first, table.second, outcome.first_points, outcome.second_points))
        if plan.bye is not None:
            byes.append(plan.bye)
        if number == WITHDRAWS_AFTER_ROUND:
            leaving = rng.choice(pairs)
            withdrawn.add(leaving)
            active.discard(leaving)
        ranking = rank_pairs(pairs, games, byes)
        if number < ROUNDS:
            start = time.perf_counter()
            plan = next_round(ranking, games, byes, withdrawn=withdrawn)
            # "150 pairs are paired in well under a second" (the benchmark measures it
            # properly: about a millisecond; this bound only catches a runaway search).
            assert time.perf_counter() - start < 1, where

    # The final ranking, against the independent computation.
    got = [
        (p.label, p.pair, p.line.match_points, p.line.point_difference, p.line.points,
         p.line.buchholz)
        for p in rank_pairs(pairs, games, byes)
    ]  # fmt: skip
    assert got == expected_ranking(pairs, games, byes), f"seed {seed}"
    # Every pair is ranked, the withdrawn one too; byes went to different pairs.
    assert len(got) == PAIRS and withdrawn <= {row[1] for row in got}
    assert max(Counter(byes).values()) == 1, f"seed {seed}"
    assert len(games) == (PAIRS // 2) * WITHDRAWS_AFTER_ROUND + ((PAIRS - 1) // 2) * (
        ROUNDS - WITHDRAWS_AFTER_ROUND
    )
