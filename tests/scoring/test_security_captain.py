"""Security of the team links: what a link may do, through the pages and the API."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient
from scoring_factories import result

from formats.duplicate_pairs import services as pairs_services
from scoring import services
from scoring.models import PinAttempt, ResultEntry, ResultReview
from scoring.services import ScoringError


def _withdraw(team):
    team.withdrawn = True
    team.save(update_fields=["withdrawn"])


def test_withdrawn_team_link_cannot_write(client, teams, table1, deal1):
    entry, _ = pairs_services.submit_result(team=teams[1], table=table1, deal=deal1,
                                      data=result(40), idempotency_key=None)
    _withdraw(teams[0])
    team = teams[0]
    # The page still opens (read-only) ...
    assert client.get(team.private_path).status_code == 200
    # ... but nothing is written: not a result, nor a confirmation, a dispute or a PIN.
    submit = reverse("duplicate_pairs:captain_submit", args=[team.pk, team.link_secret, 1])
    response = client.post(submit, {"d1-contract": "O", "d1-points_ns": "50",
                                     "d1-breach": "none"}, follow=True)
    assert "withdrawn" in response.content.decode()
    for name, data in [("captain_confirm", {}),
                       ("captain_dispute", {"x1-comment": "wrong"}),
                       ("captain_pin", {"p1-pin": teams[1].pin})]:
        client.post(reverse(f"duplicate_pairs:{name}", args=[team.pk, team.link_secret, entry.pk]),
                    data)
    assert ResultEntry.objects.count() == 1
    assert not ResultReview.objects.exists()
    assert not PinAttempt.objects.exists()
    # The API refuses too.
    api = APIClient()
    response = api.post(f"/api/v1/captain/{team.pk}/{team.link_secret}/results/",
                        {"deal": 1, "contract": "O", "points_ns": 40}, format="json")
    assert response.status_code == 409
    assert ResultEntry.objects.count() == 1
    with pytest.raises(ScoringError):
        pairs_services.submit_result(team=team, table=table1, deal=deal1, data=result(40),
                               idempotency_key=None)


def test_own_pin_on_the_other_teams_entry_cannot_reset_the_lockout(client, teams, table1):
    """Only the entering team's phone takes a PIN (the other team's). A team typing its own
    PIN on the other team's entry would record a right attempt and clear its wrong ones."""
    deals = list(table1.round.deals.order_by("number"))
    attacker, victim = teams[0], teams[1]
    mine, _ = pairs_services.submit_result(team=attacker, table=table1, deal=deals[0],
                                     data=result(40), idempotency_key=None)
    theirs, _ = pairs_services.submit_result(team=victim, table=table1, deal=deals[1],
                                       data=result(30), idempotency_key=None)
    wrong = "0000" if victim.pin != "0000" else "1111"

    def pin(entry, value):
        url = reverse("duplicate_pairs:captain_pin", args=[attacker.pk, attacker.link_secret, entry.pk])
        return client.post(url, {f"p{entry.deal.number}-pin": value})

    for _ in range(services.PIN_MAX_FAILURES - 1):
        pin(mine, wrong)
    pin(theirs, attacker.pin)  # refused: nothing recorded
    assert not PinAttempt.objects.filter(ok=True).exists()
    assert not ResultReview.objects.filter(entry=theirs).exists()
    pin(mine, wrong)
    assert services.pin_locked_until(table1) is not None
    # Locked: even the right PIN is refused now, through either entry.
    pin(mine, victim.pin)
    assert not ResultReview.objects.filter(entry=mine).exists()
    with pytest.raises(services.PinRefused):
        pairs_services.confirm_with_pin(entry_id=mine.pk, team=attacker, pin=victim.pin)
    # The other team still confirms on its own phone.
    pairs_services.confirm_entry(entry_id=mine.pk, team=victim)
