"""The worked example of rules.md 6.4: one deal, EW made trumps, six tables."""

from fractions import Fraction

import pytest

from engine.duplicate import TableResult, score_deal, show_score
from engine.seats import Side

# NS team, NS points, Botifarra (by EW, the trump makers), contro (by NS, the defenders),
# NS deal score, EW deal score, NS final shown, EW final shown.
EXAMPLE = [
    ("A", 37, False, False, +1, -1, "1.77", "1.44"),
    ("B", 35, False, False, -1, +1, "1.68", "1.56"),
    ("C", 28, False, True, -16, +8, "1.00", "2.00"),
    ("D", 40, True, False, +4, -8, "1.91", "1.00"),
    ("E", 42, False, False, +6, -6, "2.00", "1.13"),
    ("F", 30, False, True, -12, +6, "1.18", "1.88"),
]


@pytest.fixture(scope="module")
def scores():
    results = [
        TableResult(key=team, points_ns=points, trump_side=Side.EW, botifarra=bot, contro=con)
        for team, points, bot, con, *_ in EXAMPLE
    ]
    return score_deal(results)


@pytest.mark.parametrize(
    ("team", "points", "bot", "con", "ns", "ew", "ns_shown", "ew_shown"), EXAMPLE
)
def test_every_number_of_the_table(scores, team, points, bot, con, ns, ew, ns_shown, ew_shown):
    score = scores[team]
    assert score.ns_deal_score == ns
    assert score.ew_deal_score == ew
    assert show_score(score.ns_final) == ns_shown
    assert show_score(score.ew_final) == ew_shown


def test_team_a_is_exactly_one_and_seventeen_twenty_seconds(scores):
    assert scores["A"].ns_final == 1 + Fraction(17, 22)
    assert isinstance(scores["A"].ns_final, Fraction)


def test_team_l_shows_half_rounded_up(scores):
    # 1 + 2/16 = 1.125 exactly: shown as 1.13.
    assert scores["E"].ew_final == Fraction(9, 8)


def test_the_table_has_six_scores_and_no_adjustments(scores):
    assert set(scores) == {"A", "B", "C", "D", "E", "F"}
    assert not any(s.ns_adjusted or s.ew_adjusted for s in scores.values())
