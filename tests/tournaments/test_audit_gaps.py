"""Every change of who may see what is audited: publishing through the championship's edit
form, creating a championship with results public, adding or removing a co-director, and
failed director logins."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.forms import ChampionshipForm
from tournaments.models import AuditEvent

pytestmark = pytest.mark.django_db

AGENT = "Mozilla/5.0 (director's laptop)"


@pytest.fixture
def laptop(director):
    client = Client(headers={"accept-language": "en", "user-agent": AGENT},
                    REMOTE_ADDR="192.0.2.7")
    client.force_login(director)
    return client


def _events(action):
    return list(AuditEvent.objects.filter(action=action).order_by("id"))


def _check(event, director, championship, detail=""):
    assert event.by_director == director
    assert event.championship_id == championship.pk
    assert event.ip_address == "192.0.2.7"
    assert event.user_agent == AGENT
    assert event.detail == detail


def test_publishing_through_the_edit_form_is_recorded(championship, director, laptop):
    url = reverse("tournaments:director_edit", args=[championship.pk])
    data = {k: v for k, v in ChampionshipForm.initial_from(championship).items()
            if v is not None}
    data["starts_on"] = data["ends_on"] = ""
    response = laptop.post(url, {**data, "results_public": "on"})
    assert response.status_code == 302, response.content.decode()[:2000]
    [published] = _events(AuditEvent.Action.RESULTS_PUBLISHED)
    _check(published, director, championship)
    # Saving again without a change records nothing more.
    laptop.post(url, {**data, "results_public": "on", "venue": "Another hall"})
    assert len(_events(AuditEvent.Action.RESULTS_PUBLISHED)) == 1
    laptop.post(url, data)
    [unpublished] = _events(AuditEvent.Action.RESULTS_UNPUBLISHED)
    _check(unpublished, director, championship)


def test_creating_a_championship_with_results_public_is_recorded(director, laptop):
    response = laptop.post(reverse("tournaments:director_create"), {
        "name": "Obert", "movement": "round_robin", "deals_per_match": 4,
        "variant": "eastern", "doubling": "2-4-8", "results_public": "on"})
    assert response.status_code == 302
    [event] = _events(AuditEvent.Action.RESULTS_PUBLISHED)
    _check(event, director, event.championship)
    assert event.championship.results_public
    laptop.post(reverse("tournaments:director_create"), {
        "name": "Privat", "movement": "round_robin", "deals_per_match": 4,
        "variant": "eastern", "doubling": "2-4-8"})
    assert len(_events(AuditEvent.Action.RESULTS_PUBLISHED)) == 1


def test_adding_and_removing_a_co_director_is_recorded(championship, director, laptop,
                                                       django_user_model):
    helper = django_user_model.objects.create_user("helper", password="a-long-passphrase-1")
    response = laptop.post(reverse("tournaments:director_add_director", args=[championship.pk]),
                           {"username": "helper"})
    assert response.status_code == 302
    [added] = _events(AuditEvent.Action.DIRECTOR_ADDED)
    _check(added, director, championship, detail="helper")
    # Adding someone who already directs changes nothing and records nothing.
    laptop.post(reverse("tournaments:director_add_director", args=[championship.pk]),
                {"username": "helper"})
    assert len(_events(AuditEvent.Action.DIRECTOR_ADDED)) == 1
    services.remove_director(championship, helper, by=director)
    [removed] = _events(AuditEvent.Action.DIRECTOR_REMOVED)
    assert removed.detail == "helper" and removed.by_director == director


def test_failed_logins_are_recorded(director):
    client = Client(headers={"user-agent": AGENT}, REMOTE_ADDR="198.51.100.9")
    response = client.post(reverse("login"), {"username": "director1", "password": "wrong"})
    assert response.status_code in (200, 403, 429)
    [event] = _events(AuditEvent.Action.LOGIN_FAILED)
    assert event.championship is None and event.by_director is None
    assert event.detail == "director1"
    assert event.ip_address == "198.51.100.9" and event.user_agent == AGENT
    assert "wrong" not in str(event.__dict__)  # never the password


def test_a_superuser_changing_directors_in_the_admin_is_recorded(championship, director,
                                                                 django_user_model):
    admin = django_user_model.objects.create_superuser("root", password="a-long-passphrase-1")
    helper = django_user_model.objects.create_user("helper", password="a-long-passphrase-1")
    client = Client(REMOTE_ADDR="192.0.2.8")
    client.force_login(admin)
    url = reverse("admin:tournaments_championship_change", args=[championship.pk])
    response = client.post(url, {"name": championship.name, "venue": championship.venue,
                                 "directors": [director.pk, helper.pk]})
    assert response.status_code == 302, response.content.decode()[:3000]
    [added] = _events(AuditEvent.Action.DIRECTOR_ADDED)
    assert added.detail == "helper" and added.by_director == admin
    assert added.ip_address == "192.0.2.8"
    client.post(url, {"name": championship.name, "venue": championship.venue,
                      "directors": [helper.pk]})
    [removed] = _events(AuditEvent.Action.DIRECTOR_REMOVED)
    assert removed.detail == "director1"
