"""What a championship reads of its players' ratings (rules.md 13.3): each entrant's players'
shown ratings and its strength (their mean, a player never rated counting as 0), the
seeding order (strength, highest first, then number), the ratings from before a championship
already rated, the printed figures, in two queries whatever the field."""

from __future__ import annotations

import pytest
from django.utils import translation
from rating_factories import past_championship, players_of, rate, rate_team
from tournament_factories import add_teams, make_championship

from tournaments.rating_selectors import (
    entrant_ratings,
    rating_marks,
    rating_texts,
    seeding_lines,
    seeding_order,
    show,
)

pytestmark = pytest.mark.django_db


def test_a_pairs_strength_is_the_mean_of_its_players_current_ratings(director):
    championship = make_championship(director)
    first, second, third = add_teams(championship, 3)
    older, newer = past_championship("2025"), past_championship("2026")
    rate_team(first, 10.0, 4.0, sequence=1, championship=older)
    rate_team(first, 12.0, 6.0, sequence=2, championship=newer)  # the latest counts
    rate(players_of(second)[0], 20.0, sequence=1, championship=older)  # the other: new
    ratings = entrant_ratings(championship)
    assert ratings[first.pk].players == (12.0, 6.0)
    assert ratings[first.pk].strength == 9.0
    assert ratings[second.pk].players == (20.0, 0.0)
    assert ratings[second.pk].strength == 10.0
    assert ratings[third.pk].players == (0.0, 0.0) and ratings[third.pk].strength == 0.0


def test_entrants_are_seeded_by_strength_ties_by_number(director):
    championship = make_championship(director)
    teams = add_teams(championship, 5)
    past = past_championship()
    rate_team(teams[0], 1.0, 1.0, championship=past)
    rate_team(teams[1], 8.0, 2.0, championship=past)  # 5.0
    rate_team(teams[2], 5.0, 5.0, championship=past)  # 5.0: after pair 2, by number
    rate_team(teams[3], -3.0, -1.0, championship=past)  # below a new pair
    order = seeding_order(entrant_ratings(championship).values())
    assert order == [teams[1].pk, teams[2].pk, teams[0].pk, teams[4].pk, teams[3].pk]
    lines = seeding_lines(championship, teams)
    assert [(line.seed, line.team.number, line.strength) for line in lines] == [
        (1, 2, "5.0"), (2, 3, "5.0"), (3, 1, "1.0"), (4, 5, "0.0"), (5, 4, "-2.0")]


def test_a_championship_already_rated_shows_the_ratings_from_before_it(director):
    championship = make_championship(director)
    (team,) = add_teams(championship, 1)
    a, b = players_of(team)
    before, later = past_championship("Before"), past_championship("Later")
    rate(a, 7.0, sequence=1, championship=before)
    rate(a, 9.0, sequence=2, championship=championship)  # this one, rated
    rate(b, 3.0, sequence=2, championship=championship)  # b's first championship
    rate(a, 11.0, sequence=3, championship=later)
    assert entrant_ratings(championship)[team.pk].players == (7.0, 0.0)
    # Another championship not rated yet: the ratings as they stand now.
    other = make_championship(director)
    (same_players,) = add_teams(other, 1)
    assert entrant_ratings(other)[same_players.pk].players == (11.0, 3.0)


def test_the_printed_figures_have_one_decimal_in_the_readers_language(director):
    assert (show(12.349), show(12.35001), show(-0.04), show(0)) == ("12.3", "12.4", "0.0",
                                                                     "0.0")
    with translation.override("ca"):
        assert show(8.06) == "8,1"
    championship = make_championship(director)
    (team,) = add_teams(championship, 1)
    rate_team(team, 12.34, 8.06, championship=past_championship())
    assert rating_texts(championship) is None and rating_marks(championship) is None
    championship.show_ratings = True
    assert rating_texts(championship) == {team.pk: "12.3 · 8.1"}
    assert rating_marks(championship) == [[team.pk, [12.3, 8.1]]]


@pytest.mark.parametrize("size", [4, 24])
def test_entrant_ratings_take_two_queries_whatever_the_field(director, size,
                                                             django_assert_num_queries):
    championship = make_championship(director)
    teams = add_teams(championship, size)
    pasts = [past_championship(f"Past {n}") for n in range(3)]
    for sequence, past in enumerate(pasts, start=1):
        for team in teams[::2]:
            rate_team(team, float(sequence), 2.0, sequence=sequence, championship=past)
    with django_assert_num_queries(2):
        ratings = entrant_ratings(championship)
    assert len(ratings) == size
    assert ratings[teams[0].pk].players == (3.0, 2.0)
