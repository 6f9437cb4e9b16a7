"""Security of the team links: what a link may do, through the pages and the API."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient
from scoring_factories import result

from scoring import services
from scoring.models import PinAttempt, ResultEntry, ResultReview
from scoring.services import ScoringError


def _withdraw(team):
    team.withdrawn = True
    team.save(update_fields=["withdrawn"])


def test_withdrawn_team_link_cannot_write(client, teams, table1, deal1):
    entry, _ = services.submit_result(team=teams[1], table=table1, deal=deal1,
                                      data=result(40), idempotency_key=None)
    _withdraw(teams[0])
    team = teams[0]
    # The page still opens (read-only) ...
    assert client.get(team.private_path).status_code == 200
    # ... but nothing is written: not a result, nor a confirmation, a dispute or a PIN.
    submit = reverse("scoring:captain_submit", args=[team.pk, team.link_secret, 1])
    response = client.post(submit, {"d1-contract": "O", "d1-points_ns": "50",
                                     "d1-breach": "none"}, follow=True)
    assert "withdrawn" in response.content.decode()
    for name, data in [("captain_confirm", {}),
                       ("captain_dispute", {"x1-comment": "wrong"}),
                       ("captain_pin", {"p1-pin": teams[1].pin})]:
        client.post(reverse(f"scoring:{name}", args=[team.pk, team.link_secret, entry.pk]),
                    data)
    assert ResultEntry.objects.count() == 1
    assert not ResultReview.objects.exists()
    assert not PinAttempt.objects.exists()
    # The API refuses too.
    api = APIClient()
    response = api.post(f"/api/captain/{team.pk}/{team.link_secret}/results/",
                        {"deal": 1, "contract": "O", "points_ns": 40}, format="json")
    assert response.status_code == 409
    assert ResultEntry.objects.count() == 1
    with pytest.raises(ScoringError):
        services.submit_result(team=team, table=table1, deal=deal1, data=result(40),
                               idempotency_key=None)
