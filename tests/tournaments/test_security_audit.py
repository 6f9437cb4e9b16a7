"""Directors' actions that change what captains may do or what the public sees are recorded:
who, when, and from where (address and browser)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import AuditEvent, Round

pytestmark = pytest.mark.django_db

AGENT = "Mozilla/5.0 (director's laptop)"


@pytest.fixture
def laptop(director):
    client = Client(headers={"accept-language": "en", "user-agent": AGENT},
                    REMOTE_ADDR="192.0.2.7")
    client.force_login(director)
    return client


def _last(action):
    event = AuditEvent.objects.filter(action=action).order_by("-id").first()
    assert event is not None, f"no {action} event"
    return event


def _check(event, director, championship, **fields):
    assert event.by_director == director
    assert event.championship_id == championship.pk
    assert event.ip_address == "192.0.2.7"
    assert event.user_agent == AGENT
    assert event.created_at is not None
    for name, value in fields.items():
        assert getattr(event, name) == value


def test_round_release_close_reopen_and_publish_are_recorded(scheduled, director, laptop):
    pk = scheduled.pk
    laptop.post(reverse("tournaments:director_release", args=[pk, 1]))
    _check(_last(AuditEvent.Action.ROUND_RELEASED), director, scheduled, round_number=1)
    laptop.post(reverse("scoring:close_round", args=[pk, 1]), {"confirm": "yes"})
    _check(_last(AuditEvent.Action.ROUND_CLOSED), director, scheduled, round_number=1)
    laptop.post(reverse("tournaments:director_reopen", args=[pk, 1]))
    _check(_last(AuditEvent.Action.ROUND_REOPENED), director, scheduled, round_number=1)
    # Closing from the results grid is recorded too.
    laptop.post(reverse("scoring:close_round", args=[pk, 1]), {"confirm": "yes"})
    assert scheduled.rounds.get(number=1).status == Round.Status.CLOSED
    assert AuditEvent.objects.filter(action=AuditEvent.Action.ROUND_CLOSED).count() == 2
    _check(_last(AuditEvent.Action.ROUND_CLOSED), director, scheduled, round_number=1)

    laptop.post(reverse("scoring:publish", args=[pk]), {"public": "1"})
    _check(_last(AuditEvent.Action.RESULTS_PUBLISHED), director, scheduled)
    laptop.post(reverse("scoring:publish", args=[pk]), {"public": "0"})
    _check(_last(AuditEvent.Action.RESULTS_UNPUBLISHED), director, scheduled)


def test_refused_actions_record_nothing(scheduled, laptop):
    laptop.post(reverse("tournaments:director_close", args=[scheduled.pk, 1]), {"confirm": "yes"})  # not released
    laptop.post(reverse("scoring:close_round", args=[scheduled.pk, 1]), {"confirm": "yes"})
    assert not AuditEvent.objects.exists()


def test_team_link_pin_and_withdrawal_are_recorded(scheduled, director, laptop):
    team = scheduled.teams.first()
    old_secret, old_pin = team.link_secret, team.pin
    laptop.post(reverse("tournaments:director_team_reissue_link", args=[scheduled.pk, team.pk]),
                {"confirm": "yes"})
    _check(_last(AuditEvent.Action.LINK_REISSUED), director, scheduled, team=team)
    laptop.post(reverse("tournaments:director_team_reissue_pin", args=[scheduled.pk, team.pk]))
    _check(_last(AuditEvent.Action.PIN_REISSUED), director, scheduled, team=team)
    team.refresh_from_db()
    assert (team.link_secret, team.pin) != (old_secret, old_pin)
    # The audit row keeps no secret.
    for event in AuditEvent.objects.all():
        assert team.link_secret not in event.user_agent
    laptop.post(reverse("tournaments:director_team_withdraw", args=[scheduled.pk, team.pk]),
                {"confirm": "yes"})
    _check(_last(AuditEvent.Action.TEAM_WITHDRAWN), director, scheduled, team=team)
    laptop.post(reverse("tournaments:director_team_reinstate", args=[scheduled.pk, team.pk]))
    _check(_last(AuditEvent.Action.TEAM_REINSTATED), director, scheduled, team=team)


def test_another_championships_director_records_nothing(scheduled, other_client):
    team = scheduled.teams.first()
    for url in (
        reverse("tournaments:director_release", args=[scheduled.pk, 1]),
        reverse("scoring:publish", args=[scheduled.pk]),
        reverse("tournaments:director_team_reissue_link", args=[scheduled.pk, team.pk]),
    ):
        assert other_client.post(url, {"public": "1"}).status_code == 404
    assert not AuditEvent.objects.exists()
