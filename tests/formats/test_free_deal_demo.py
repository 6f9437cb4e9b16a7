"""The demo command loads the free-deal tournament too, once."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from formats.free_deal import selectors
from formats.free_deal.demo import DEMO_NAME, PAIRS, PLAYED, SECTIONS
from tournaments.models import Championship, Round


@pytest.mark.django_db
def test_the_demo_has_a_free_deal_tournament_in_its_fourth_round(capsys):
    call_command("demo", password="demo-password-123")
    call_command("demo")
    (championship,) = Championship.objects.filter(name=DEMO_NAME)
    assert championship.format == "free_deal_pairs"
    statuses = list(championship.rounds.order_by("number").values_list("status", flat=True))
    assert statuses == [Round.Status.CLOSED] * PLAYED + [Round.Status.RELEASED]
    ranking = selectors.ranking(championship)
    assert len(ranking) == PAIRS
    assert all(line.games + line.byes >= PLAYED for line in ranking)
    states = [game.state for game in selectors.round_games(championship.rounds.get(number=4))]
    assert {selectors.CONFIRMED, selectors.PENDING, selectors.DISPUTED, selectors.EMPTY} <= set(states)
    # Two sections, each paired on its own, each odd one with its bye; round 4's clock runs.
    parts = selectors.section_rankings(championship)
    assert [(part.section.name, len(part.lines)) for part in parts] == list(SECTIONS)
    placed = {line.pair_id: part.section.pk for part in parts for line in part.lines}
    for round_ in championship.rounds.all():
        assert all(placed[t.ns_team_id] == placed[t.ew_team_id] for t in round_.tables.all())
        assert round_.section_byes.count() == 2
    assert selectors.clock_view(championship.rounds.get(number=4)).state == "running"
