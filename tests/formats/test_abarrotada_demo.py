"""The demo command loads an individual championship too, once (issue: 18 players in the
four-player form, four tables and two sit-outs a round, two rounds played)."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from formats.abarrotada import selectors
from formats.abarrotada.demo import DEMO_NAME, PLAYED, PLAYERS
from tournaments.models import Championship, Round


@pytest.mark.django_db
def test_the_demo_has_an_individual_evening_in_its_third_round():
    call_command("demo", password="demo-password-123")
    call_command("demo")
    (championship,) = Championship.objects.filter(name=DEMO_NAME)
    assert championship.format == "abarrotada"
    statuses = list(championship.rounds.order_by("number").values_list("status", flat=True))
    assert statuses == [Round.Status.CLOSED] * PLAYED + [Round.Status.RELEASED]
    for round_ in championship.rounds.all():
        assert round_.player_tables.count() == 4 and round_.sit_outs.count() == 2
    lines = selectors.standings(championship)
    assert len(lines) == PLAYERS
    # Every player has played or sat out every deal of the closed rounds.
    assert all(line.deals == PLAYED * championship.deals_per_match for line in lines)
    states = {state.status for state in
              selectors.deal_states(championship.rounds.get(number=PLAYED + 1)).values()}
    assert {"confirmed", "pending", "disputed", "missing"} <= states
