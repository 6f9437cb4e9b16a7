"""Properties of a deal's final scores, on random results and adjustments: rules.md 6.3 and
6.5."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.duplicate import Breach, TableResult, score_deal
from engine.seats import Side

# --- properties ----------------------------------------------------------------------------

results_strategy = st.lists(
    st.tuples(
        st.integers(0, 72),
        st.booleans(),
        st.booleans(),
        st.sampled_from(list(Breach)),
    ),
    min_size=1,
    max_size=14,
)


def build(rows, trumps=Side.NS):
    return [
        TableResult(i, points, trumps, bot, con, breach)
        for i, (points, bot, con, breach) in enumerate(rows)
    ]


@settings(max_examples=300)
@given(results_strategy, st.sampled_from(list(Side)))
def test_scoring_properties(rows, trumps):
    results = build(rows, trumps)
    scores = score_deal(results)
    assert set(scores) == {r.key for r in results}
    valid = [r for r in results if r.breach is Breach.NONE]
    for r in results:
        s = scores[r.key]
        assert (s.ns_deal_score, s.ew_deal_score) == r.deal_scores
        for side in Side:
            final = s.final(side)
            assert isinstance(final, Fraction)
            assert 0 <= final <= 2
            if r.breach.concerns(side):
                assert final == 0
            elif r.breach is Breach.NONE:
                assert 1 <= final <= 2
    for side in Side:
        pool = [
            (r.deal_scores[0 if side is Side.NS else 1], scores[r.key].final(side)) for r in valid
        ]
        # Monotone: a better deal score never gets a worse final; equal scores, equal finals.
        for p, f in pool:
            for q, g in pool:
                if p < q:
                    assert f < g
                elif p == q:
                    assert f == g
        if pool and len({p for p, _ in pool}) == 1:
            assert all(f == Fraction(3, 2) for _, f in pool)
        if pool and len({p for p, _ in pool}) > 1:
            assert min(f for _, f in pool) == 1 and max(f for _, f in pool) == 2
        expected_average = sum(f for _, f in pool) / len(pool) if pool else Fraction(3, 2)
        for r in results:
            if r.breach.concerns(side.opponents) and not r.breach.concerns(side):
                assert scores[r.key].final(side) == expected_average


@settings(max_examples=200)
@given(
    results_strategy,
    st.data(),
)
def test_adjustments_replace_and_are_left_out(rows, data):
    results = build(rows)
    keys = [r.key for r in results]
    adjusted_keys = data.draw(st.lists(st.sampled_from(keys), unique=True, max_size=len(keys)))
    adjustments = {
        key: {
            data.draw(st.sampled_from(list(Side))): data.draw(
                st.fractions(min_value=0, max_value=2, max_denominator=20)
            )
        }
        for key in adjusted_keys
    }
    scores = score_deal(results, adjustments)
    # Scoring the same deal without the adjusted sides (as if absent) gives the same finals
    # to every unadjusted valid side.
    for side in Side:
        for key, sides in adjustments.items():
            for adj_side, value in sides.items():
                assert scores[key].final(adj_side) == value
                assert scores[key].adjusted(adj_side)
        pool_results = [
            r for r in results if r.breach is Breach.NONE and side not in adjustments.get(r.key, {})
        ]
        reference = score_deal(pool_results)
        for r in pool_results:
            assert scores[r.key].final(side) == reference[r.key].final(side)
            assert not scores[r.key].adjusted(side)
