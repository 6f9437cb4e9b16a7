"""The demo command loads the free-deal tournament too, once."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from formats.free_deal import selectors
from formats.free_deal.demo import DEMO_NAME, PAIRS, PLAYED, SECTIONS
from scoring.selectors.knockout import knockout_bracket
from tournaments.clock_selectors import clock_view
from tournaments.models import Championship, Round


@pytest.mark.django_db
def test_the_demo_has_a_free_deal_tournament_in_its_fourth_round(capsys):
    call_command("demo", password="demo-password-123", port=8123)
    # What it prints says what the README's tour says, in the site's language (Catalan), and
    # where the demo will be served.
    printed = capsys.readouterr().out
    assert "rondes tancades: 1, 2; ronda 3 en joc" in printed
    assert "http://127.0.0.1:8123/" in printed
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
    assert clock_view(championship.rounds.get(number=4)).state == "running"


@pytest.mark.django_db
def test_the_demo_has_a_finished_event_in_its_knockout_stage():
    from formats.free_deal.demo_knockout import DEMO_NAME as KNOCKOUT_DEMO
    from formats.free_deal.demo_knockout import KNOCKOUT, ROUNDS
    from scoring.models import KnockoutEntry
    from tournaments.models import AuditEvent

    call_command("demo", password="demo-password-123")
    call_command("demo")  # loaded once
    (championship,) = Championship.objects.filter(name=KNOCKOUT_DEMO)
    assert list(championship.rounds.values_list("status", flat=True)) == (
        [Round.Status.CLOSED] * ROUNDS)
    assert championship.results_public
    semis, (final,) = knockout_bracket(championship)
    assert len(semis) == KNOCKOUT // 2
    decided, waiting = semis
    assert decided.winner_id == decided.first_id == final.first_id
    assert waiting.winner_id is None and final.second_id is None
    (report,) = KnockoutEntry.objects.filter(tie=waiting)
    assert (report.state, report.by_team_id) == ("pending", waiting.second_id)
    # The pairs seeded are the top of the final ranking.
    top = [line.team.pk for line in selectors.ranking(championship)[:KNOCKOUT]]
    assert {t.first_id for t in semis} | {t.second_id for t in semis} == set(top)
    assert set(AuditEvent.objects.filter(championship=championship)
               .values_list("action", flat=True)) >= {"knockout_started",
                                                      "knockout_game_entered"}
    # The free-deal demo keeps round 4 running with its clock.
    festa = Championship.objects.get(name=DEMO_NAME)
    assert clock_view(festa.rounds.get(number=4)).state == "running"
