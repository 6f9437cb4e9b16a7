"""The director's next step once nothing is in play: release the drafted round, pair the next
Swiss round while rounds remain planned, then finish; "pair the next round" is gone after the
last planned round."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "formats"))
from free_deal_factories import make_free_deal, next_round, play_round, win  # noqa: E402

from tournaments import services  # noqa: E402

pytestmark = pytest.mark.django_db
EN = {"headers": {"accept-language": "en"}}


def _page(client, championship) -> str:
    return client.get(f"/director/c/{championship.pk}/", **EN).content.decode()


def test_the_next_step_follows_the_event(director, director_client):
    championship = make_free_deal(director, pairs=4, rounds=2)
    (drafted,) = services.generate_next_round(championship)
    # Round 1 is the last step of the new championship's checklist (test_checklist).
    assert "Getting started" in (page := _page(director_client, championship))
    assert "Release round 1" in page and f"/director/c/{championship.pk}/rounds/1/" in page
    assert "Pair the next round" not in page  # round 1 drafted: release it first
    services.release_round(drafted, by=director)
    page = _page(director_client, championship)
    assert "Next step" not in page  # round 1 in play
    assert "Pair the next round" not in page  # it would be refused until round 1 closes
    play_round(drafted, lambda table: win())
    services.close_round(drafted, by=director)
    page = _page(director_client, championship)
    assert "Pair round 2" in page and "Pair the next round" in page
    grid = director_client.get(f"/director/c/{championship.pk}/results/rounds/1/", **EN)
    assert "Pair round 2" in grid.content.decode()
    round2 = next_round(championship, director)
    play_round(round2, lambda table: win())
    services.close_round(round2, by=director)
    page = _page(director_client, championship)
    assert "Finish the championship" in page
    assert "Pair the next round" not in page and "Pair round 3" not in page


def test_a_swiss_event_adds_rounds_or_finishes_early_and_it_is_audited(director):
    from django.utils import translation

    from tournaments.models import AuditEvent
    from tournaments.services.common import ServiceError

    championship = make_free_deal(director, pairs=4, rounds=2)
    round1 = next_round(championship, director)
    assert "rounds_planned" not in services.locked_fields(championship)
    services.update_championship(championship, by=director, rounds_planned=4)
    championship.refresh_from_db()
    assert championship.rounds_planned == 4
    event = AuditEvent.objects.get(action=AuditEvent.Action.ROUNDS_PLANNED_CHANGED)
    assert event.detail == "2 -> 4" and event.by_director == director
    play_round(round1, lambda table: win())
    services.close_round(round1, by=director)
    next_round(championship, director)
    with pytest.raises(ServiceError) as refused, translation.override("en"):
        services.update_championship(championship, by=director, rounds_planned=1)
    assert refused.value.field == "rounds_planned" and "2 rounds" in refused.value.message
    services.update_championship(championship, by=director, rounds_planned=2)  # finish early
    championship.refresh_from_db()
    assert championship.rounds_planned == 2
    # Other locked settings stay locked.
    with pytest.raises(ServiceError):
        services.update_championship(championship, by=director, doubling="2-3-4")
