"""Registering a pair or a player checks its name against every other entrant's: the cost
(statements) is the same with 10 or with 40 entrants already in, never one more a team."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from formats.abarrotada import services as ab
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db


def cost_of_one_more(add, entered: int) -> int:
    # Names of their own per championship: a name the register already holds links to its
    # player (one statement fewer than registering a new one, rules.md 13.1).
    for i in range(entered):
        add(f"Entrant {entered}.{i}")
    with CaptureQueriesContext(connection) as queries:
        add(f"One more of {entered}")
    return len(queries)


@pytest.mark.parametrize("format_key", ["duplicate_pairs", "abarrotada"])
def test_one_more_entrant_costs_the_same_with_10_or_40_in(director, format_key):
    def championship():
        return tournament_services.create_championship(
            director, name="Open", format=format_key, rounds_planned=3)

    def adder(event):
        if format_key == "abarrotada":
            return lambda name: ab.add_player(event, name=name)
        return lambda name: tournament_services.add_team(event, name=name, player1="A",
                                                         player2="B")

    assert cost_of_one_more(adder(championship()), 10) == cost_of_one_more(
        adder(championship()), 40)
