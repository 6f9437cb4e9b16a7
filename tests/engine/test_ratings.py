"""Players' ratings across championships (rules.md 13.3; engine/ratings.py)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from engine import (
    INITIAL_RATING,
    RATING_CODES,
    RankedMatch,
    Rating,
    RatingError,
    rebuild_ratings,
    shown_rating,
    update_ratings,
)


def pairs(*names: str) -> list[tuple[str, str]]:
    """Pairs from two-letter names: ``"ab"`` is the pair of players a and b."""
    return [tuple(name) for name in names]


def random_matches(rng: random.Random, count: int, players: int) -> list[RankedMatch]:
    """``count`` championships of pairs drawn from ``players`` players, some with ties, some
    of a single pair (which count for nothing)."""
    matches = []
    for index in range(count):
        size = rng.choice([1, 2, 3, 5, 8])
        drawn = rng.sample(range(players), 2 * size)
        entrants = [tuple(drawn[2 * i:2 * i + 2]) for i in range(size)]
        places = [1]
        for position in range(1, size):
            places.append(places[-1] if rng.random() < 0.3 else position + 1)
        matches.append(RankedMatch(entrants, places, key=f"c{index}"))
    return matches


# --- The library and its defaults -------------------------------------------------------------


def test_a_new_player_holds_the_library_s_defaults():
    assert INITIAL_RATING == Rating(25.0, 25.0 / 3.0)
    model = PlackettLuce()
    assert (INITIAL_RATING.mu, INITIAL_RATING.sigma) == (model.mu, model.sigma)
    assert rebuild_ratings([]).rating("nobody") == INITIAL_RATING


def test_the_shown_rating_is_the_mean_less_three_standard_deviations():
    rating = Rating(31.5, 2.25)
    assert shown_rating(rating) == 31.5 - 3 * 2.25 == rating.shown
    assert shown_rating(INITIAL_RATING) == pytest.approx(0.0, abs=1e-12)
    library = PlackettLuce().rating(mu=31.5, sigma=2.25)
    assert shown_rating(rating) == pytest.approx(library.ordinal())


def test_one_match_rates_as_the_library_does_with_its_defaults_and_ranks():
    match = RankedMatch(pairs("ab", "cd", "ef", "gh"), [1, 2, 2, 4])
    ours = update_ratings({"a": Rating(28.0, 5.0)}, match)
    model = PlackettLuce()
    teams = [[model.rating(mu=28.0, sigma=5.0), model.rating()]] + [
        [model.rating(), model.rating()] for _ in range(3)]
    theirs = model.rate(teams, ranks=[1, 2, 2, 4])
    for entrant, team in zip(match.entrants, theirs, strict=True):
        for player, rating in zip(entrant, team, strict=True):
            assert ours[player] == Rating(rating.mu, rating.sigma)


# --- Replaying from scratch and one match at a time ---------------------------------------------


def test_the_rebuild_equals_the_updates_applied_in_order():
    matches = random_matches(random.Random(13), 60, 40)
    ratings: dict = {}
    for match in matches:
        ratings = update_ratings(ratings, match)
    rebuilt = rebuild_ratings(matches)
    assert rebuilt.ratings == ratings  # exactly, not approximately
    assert len(ratings) > 30


def test_the_history_holds_each_player_s_rating_after_every_match_they_played():
    matches = [
        RankedMatch.in_order(pairs("ab", "cd"), key="spring"),
        RankedMatch.in_order(pairs("ef", "gh"), key="summer"),
        RankedMatch.in_order(pairs("cd", "ab"), key="autumn"),
    ]
    rebuilt = rebuild_ratings(matches)
    history = rebuilt.history("a")
    assert [(step.match, step.key) for step in history] == [(0, "spring"), (2, "autumn")]
    assert history[0].rating == rebuild_ratings(matches[:1]).rating("a")
    assert history[-1].rating == rebuilt.rating("a")
    assert [step.key for step in rebuilt.history("e")] == ["summer"]
    assert rebuilt.history("z") == ()


def test_an_update_leaves_the_ratings_it_was_given_alone():
    before = {"a": Rating(30.0, 4.0), "x": Rating(20.0, 6.0)}
    after = update_ratings(before, RankedMatch.in_order(pairs("ab", "cd")))
    assert before == {"a": Rating(30.0, 4.0), "x": Rating(20.0, 6.0)}
    assert after["x"] == before["x"]  # not in the match
    assert after["a"] != before["a"]
    assert set(after) == {"a", "b", "c", "d", "x"}


def test_a_changed_earlier_result_changes_later_ratings():
    first = RankedMatch.in_order(pairs("ab", "cd"))
    second = RankedMatch.in_order(pairs("ab", "ef"))
    # e and f never met c and d: they move only through what a and b brought to the second.
    original = rebuild_ratings([first, second])
    corrected = rebuild_ratings([RankedMatch.in_order(pairs("cd", "ab")), second])
    assert corrected.rating("e") != original.rating("e")
    # Now beaten by a pair that lost its first championship: losing to it costs more.
    assert corrected.rating("e").mu < original.rating("e").mu


def test_the_order_of_the_matches_matters():
    matches = [
        RankedMatch.in_order(pairs("ab", "cd", "ef")),
        RankedMatch.in_order(pairs("ef", "ab")),
        RankedMatch.in_order(pairs("cd", "ef")),
    ]
    forward = rebuild_ratings(matches).ratings
    backward = rebuild_ratings(matches[::-1]).ratings
    assert set(forward) == set(backward)
    assert any(forward[player] != backward[player] for player in forward)


# --- Ties, pairs and matches that count for nothing -------------------------------------------


def test_tied_entrants_of_equal_ratings_get_equal_new_ratings():
    rated = update_ratings({}, RankedMatch(pairs("ab", "cd", "ef", "gh"), [1, 2, 2, 4]))
    assert rated["c"] == rated["d"] == rated["e"] == rated["f"]
    assert rated["a"].mu > rated["c"].mu > rated["g"].mu
    # Two alone, tied: neither gains nor loses ground, both grow more certain.
    level = update_ratings({}, RankedMatch([("a",), ("b",)], [1, 1]))
    assert level["a"] == level["b"]
    assert level["a"].mu == pytest.approx(INITIAL_RATING.mu)
    assert level["a"].sigma < INITIAL_RATING.sigma


def test_a_tie_is_not_a_win():
    won = update_ratings({}, RankedMatch.in_order([("a",), ("b",)]))
    tied = update_ratings({}, RankedMatch([("a",), ("b",)], [1, 1]))
    assert won["a"].mu > tied["a"].mu


def test_both_players_of_a_pair_move():
    rated = update_ratings({"a": Rating(30.0, 3.0)}, RankedMatch.in_order(pairs("ab", "cd")))
    assert rated["a"].mu > 30.0 and rated["b"].mu > INITIAL_RATING.mu
    assert rated["c"].mu < INITIAL_RATING.mu and rated["d"].mu < INITIAL_RATING.mu
    # The more certain player moves less.
    assert rated["a"].mu - 30.0 < rated["b"].mu - INITIAL_RATING.mu


@pytest.mark.parametrize("entrants", [[], [("a", "b")], [("a",)]])
def test_a_match_of_fewer_than_two_entrants_changes_nothing(entrants):
    match = RankedMatch.in_order(entrants, key="lonely")
    assert not match.counts
    held = {"a": Rating(27.0, 4.0)}
    assert update_ratings(held, match) == held
    other = RankedMatch.in_order(pairs("ab", "cd"))
    with_it = rebuild_ratings([other, match, other])
    assert with_it.ratings == rebuild_ratings([other, other]).ratings
    assert "lonely" not in {step.key for step in with_it.history("a")}


# --- Refusals -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("entrants", "places", "field", "code"), [
    ([("a", "b"), ("c", "a")], [1, 2], "entrants[1]", "player_twice"),
    ([("a", "a"), ("c", "d")], [1, 2], "entrants[0]", "player_twice"),
    ([("a", "b"), ()], [1, 2], "entrants[1]", "empty_entrant"),
    ([("a",), ("b",)], [1], "places", "places_count"),
    ([("a",), ("b",)], [0, 1], "places[0]", "bad_place"),
    ([("a",), ("b",)], [2, 2], "places[0]", "bad_place"),
    ([("a",), ("b",)], [1, 3], "places[1]", "bad_place"),
    ([("a",), ("b",), ("c",)], [1, 1, 2], "places[2]", "bad_place"),  # 1, 1, 3
    ([("a",), ("b",), ("c",)], [1, 3, 2], "places[1]", "bad_place"),
    ([("a",), ("b",)], [1, 2.0], "places[1]", "bad_place"),
    ([("a",), ("b",)], [True, 2], "places[0]", "bad_place"),
    ([(["a"],), ("b",)], [1, 2], "entrants[0]", "invalid"),
])  # fmt: skip
def test_a_match_is_refused_naming_the_field(entrants, places, field, code):
    with pytest.raises(RatingError) as refused:
        RankedMatch(entrants, places)
    assert (refused.value.field, refused.value.code) == (field, code)
    assert code in RATING_CODES


@pytest.mark.parametrize(("mu", "sigma", "field"), [
    (math.nan, 1.0, "mu"), (math.inf, 1.0, "mu"), ("25", 1.0, "mu"),
    (25.0, 0.0, "sigma"), (25.0, -1.0, "sigma"), (25.0, math.inf, "sigma"),
])  # fmt: skip
def test_a_rating_is_refused_unless_finite(mu, sigma, field):
    with pytest.raises(RatingError) as refused:
        Rating(mu, sigma)
    assert (refused.value.field, refused.value.code) == (field, "bad_rating")


def test_an_update_takes_only_a_ranked_match():
    with pytest.raises(TypeError):
        update_ratings({}, [("a",), ("b",)])


# --- Properties ---------------------------------------------------------------------------------

means = st.floats(min_value=-20.0, max_value=70.0, allow_nan=False)
deviations = st.floats(min_value=0.05, max_value=12.0, allow_nan=False)


@settings(max_examples=150)
@given(mu=means, sigma=deviations, pair=st.booleans())
def test_of_two_equal_entrants_the_winner_gains_and_the_loser_loses(mu, sigma, pair):
    players = [("a", "b"), ("c", "d")] if pair else [("a",), ("c",)]
    start = Rating(mu, sigma)
    held = {player: start for entrant in players for player in entrant}
    rated = update_ratings(held, RankedMatch.in_order(players))
    assert rated["a"].mu > mu > rated["c"].mu
    # Not the shown ratings: the library widens every sigma a little before each match (its
    # tau), so a very certain winner's mean − 3 sigma may still fall slightly.
    assert rated["c"].shown < start.shown
    assert rated["a"].sigma == rated["c"].sigma


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 30))
def test_ratings_stay_finite(seed, count):
    rebuilt = rebuild_ratings(random_matches(random.Random(seed), count, 30))
    for rating in rebuilt.ratings.values():
        assert math.isfinite(rating.mu) and math.isfinite(rating.sigma) and rating.sigma > 0
        assert math.isfinite(rating.shown)


@settings(max_examples=100)
@given(held=st.lists(st.builds(Rating, means, deviations), min_size=2, max_size=12))
def test_the_first_alone_gains_and_the_last_alone_loses_whatever_their_ratings(held):
    # rules.md 13.3: whatever the ratings before, the first's mean rises, the last's falls.
    ratings = dict(enumerate(held))
    rated = update_ratings(ratings, RankedMatch.in_order([(i,) for i in range(len(held))]))
    assert rated[0].mu > held[0].mu
    assert rated[len(held) - 1].mu < held[-1].mu
