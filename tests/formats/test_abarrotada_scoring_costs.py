"""What scoring a round costs (statements), at 5 and at 50 tables: the same, whatever the
number of tables. The seats and the sit-outs come in one query, and the adjustments' query
is skipped when no deal of the round has an adjustment."""

from __future__ import annotations

import pytest
from abarrotada_factories import enter_and_confirm, make_individual, next_round, values
from django.db import connection
from django.test.utils import CaptureQueriesContext

from formats.abarrotada import selectors
from formats.abarrotada.services.adjustments import adjust_seat

pytestmark = pytest.mark.django_db


def scoring_costs(director, tables: int) -> tuple[int, int]:
    """Statements of ``round_scores`` without and then with an adjustment; a player sits
    out (one more than the tables seat)."""
    championship = make_individual(director, players=4 * tables + 1, rounds=2, deals=2)
    round_ = next_round(championship, director)
    table = round_.player_tables.order_by("number").first()
    enter_and_confirm(table, round_.first_deal, values("30-14-20-8"))
    counts = []
    for _ in range(2):
        with CaptureQueriesContext(connection) as scoring:
            scores = selectors.round_scores(championship, [round_])
        counts.append(len(scoring))
        assert sum(score.sit_out for score in scores) == 2  # one player, two deals
        adjust_seat(table=table, deal_number=round_.first_deal, seat="W", value="1.5",
                    user=director, note="Slow play")
    adjusted = [s for s in scores if s.adjusted]
    assert len(adjusted) == 1 and adjusted[0].final == 1.5
    return tuple(counts)


def test_scoring_a_round_costs_the_same_at_5_and_50_tables(director, django_user_model):
    small = scoring_costs(director, 5)
    other = django_user_model.objects.create_user("director2", password="secret-pass-2")
    large = scoring_costs(other, 50)
    assert small == large
    # Pinned so that a change in cost is a decision: seats and sit-outs, deals (with whether
    # any has an adjustment), the counted reports in two; the adjustments only when any.
    assert small == (4, 5)
