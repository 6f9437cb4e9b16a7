"""Services of the tournaments app: releasing, closing and reopening rounds, finishing the
championship, and changing a drafted round by hand."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from round_layouts import round_layout

from tournaments import services
from tournaments.models import Championship, Round, Team

pytestmark = pytest.mark.django_db


# --- Release and close ---------------------------------------------------------------------


def test_release_and_close_in_order(scheduled):
    r1, r2, r3 = (scheduled.rounds.get(number=n) for n in (1, 2, 3))
    with pytest.raises(services.ServiceError, match="Release round 1 first"):
        services.release_round(r2)
    with pytest.raises(services.ServiceError, match="has not been released"):
        services.close_round(r1)
    services.release_round(r1)
    scheduled.refresh_from_db()
    assert scheduled.status == Championship.Status.RUNNING
    r1.refresh_from_db()
    assert r1.status == Round.Status.RELEASED and r1.released_at
    with pytest.raises(services.ServiceError, match="already released"):
        services.release_round(r1)
    services.release_round(r2)  # several rounds may be in play at once
    with pytest.raises(services.ServiceError, match="Close round 1 first"):
        services.close_round(r2)
    services.close_round(r1)
    r1.refresh_from_db()
    assert r1.status == Round.Status.CLOSED and r1.closed_at
    with pytest.raises(services.ServiceError, match="already closed"):
        services.close_round(r1)
    services.close_round(r2)
    with pytest.raises(services.ServiceError, match="last closed round"):
        services.reopen_round(r1)
    services.reopen_round(r2)
    r2.refresh_from_db()
    assert r2.status == Round.Status.RELEASED and r2.closed_at is None
    with pytest.raises(services.ServiceError, match="not closed"):
        services.finish_championship(scheduled)
    assert r3.status == Round.Status.DRAFTED


def test_finish_needs_every_round_closed_and_then_freezes(scheduled):
    services.release_round(scheduled.rounds.get(number=1))
    services.close_round(scheduled.rounds.get(number=1))
    with pytest.raises(services.ServiceError, match="Round 2 is not closed"):
        services.finish_championship(scheduled)
    services.discard_drafted_rounds(scheduled)  # stop the event after round 1
    services.finish_championship(scheduled)
    scheduled.refresh_from_db()
    assert scheduled.status == Championship.Status.FINISHED
    with pytest.raises(services.ServiceError, match="finished"):
        services.add_team(scheduled, name="X", player1="a", player2="b")
    with pytest.raises(services.ServiceError, match="finished"):
        services.reopen_round(scheduled.rounds.get(number=1))


def test_database_refuses_a_released_round_without_a_release_time(scheduled):
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.filter(championship=scheduled, number=1).update(status="released")


# --- Swaps ---------------------------------------------------------------------------------


def test_swap_two_teams_across_tables_in_the_same_direction(scheduled):
    round_ = scheduled.rounds.get(number=1)
    before = round_layout(round_)
    (_, a, _), (_, b, _) = before[0], before[1]  # both NS
    warnings = services.swap_teams(round_, Team.objects.get(pk=a), Team.objects.get(pk=b))
    after = round_layout(round_)
    assert after[0] == (1, b, before[0][2])
    assert after[1] == (2, a, before[1][2])
    assert after[2:] == before[2:]
    # In a round robin this makes both teams meet an opponent they also meet later.
    assert len(warnings) == 2 and "also meet in round" in warnings[0]


def test_swap_a_team_with_the_bye_and_within_a_table(scheduled):
    round_ = scheduled.rounds.get(number=1)
    bye = round_.bye_team
    _, ns, ew = round_layout(round_)[0]
    services.swap_teams(round_, bye, Team.objects.get(pk=ns))
    round_.refresh_from_db()
    assert round_.bye_team_id == ns
    assert round_layout(round_)[0] == (1, bye.pk, ew)
    services.swap_teams(round_, bye, Team.objects.get(pk=ew))
    assert round_layout(round_)[0] == (1, ew, bye.pk)


def test_swap_tables(scheduled):
    round_ = scheduled.rounds.get(number=1)
    before = round_layout(round_)
    services.swap_tables(round_, 1, 3)
    after = round_layout(round_)
    assert after[0] == (1, *before[2][1:]) and after[2] == (3, *before[0][1:])
    with pytest.raises(services.ServiceError) as error:
        services.swap_tables(round_, 1, 9)
    assert error.value.field == "table_b"


def test_no_swaps_after_release(scheduled):
    round_ = scheduled.rounds.get(number=1)
    services.release_round(round_)
    before = round_layout(round_)
    teams = list(scheduled.teams.all()[:2])
    with pytest.raises(services.ServiceError, match="has been released"):
        services.swap_teams(round_, *teams)
    with pytest.raises(services.ServiceError, match="has been released"):
        services.swap_tables(round_, 1, 2)
    assert round_layout(round_) == before
