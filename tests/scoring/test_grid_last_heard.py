"""The director's grid shows when each table's phones were last heard from."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from scoring_factories import result

from formats.duplicate_pairs import services as pairs_services
from formats.duplicate_pairs.grid import round_grid
from scoring.models import PinAttempt, ResultEntry

pytestmark = pytest.mark.django_db


def _heard(round1):
    return {row.table.number: row.heard for row in round_grid(round1).rows}


def test_entries_reviews_and_pin_attempts_are_heard_director_actions_are_not(
        round1, table1, table2, deal1, teams, director):
    t1, t2, t3, t4 = teams
    assert _heard(round1) == {1: None, 2: None}
    before = timezone.now()
    entry, _ = pairs_services.submit_result(team=t1, table=table1, deal=deal1, data=result(40),
                                      idempotency_key="heard-1")
    heard = _heard(round1)
    assert heard[2] is None and before <= heard[1] <= timezone.now()
    # A confirmation a moment later moves it on.
    ResultEntry.objects.filter(pk=entry.pk).update(created_at=before - timedelta(minutes=5))
    pairs_services.confirm_entry(entry_id=entry.pk, team=t2)
    assert _heard(round1)[1] >= before
    # The director's entry is not the table speaking; a wrong PIN is.
    pairs_services.director_enter_result(table=table2, deal=deal1, data=result(30), user=director)
    assert _heard(round1)[2] is None
    PinAttempt.objects.create(table=table2, by_team=t3, ok=False)
    assert _heard(round1)[2] is not None
    # A right PIN is heard too, though it leaves no wrong attempt to summarise.
    right = PinAttempt.objects.create(table=table1, by_team=t1, ok=True)
    assert _heard(round1)[1] == right.created_at


def test_the_grid_page_shows_it(director_client, championship, table1, deal1, teams):
    pairs_services.submit_result(team=teams[0], table=table1, deal=deal1, data=result(40),
                           idempotency_key="heard-2")
    response = director_client.get(reverse("scoring:grid", args=[championship.pk, 1]))
    html = response.content.decode()
    assert "Last heard" in html
    assert "just now" in html and "not yet" in html
