"""The admin is no way around deal secrecy: no filtering a list by a secret field (the row
count would give the value away), and no making oneself a director of a championship."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from tournament_factories import add_teams, make_championship

from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(director):
    championship = make_championship(director, name="Admin secrecy")
    add_teams(championship, 4)
    services.generate_schedule(championship)
    services.release_round(championship.rounds.get(number=1))
    return championship


@pytest.fixture
def staff_client(django_user_model):
    """Staff who may view and change every tournaments model, but direct nothing."""
    staff = django_user_model.objects.create_user("staff", password="x-long-password",
                                                  is_staff=True)
    staff.user_permissions.set(Permission.objects.filter(content_type__app_label="tournaments"))
    client = Client(headers={"accept-language": "en"})
    client.force_login(staff)
    return client


@pytest.fixture
def superuser_client(django_user_model):
    user = django_user_model.objects.create_superuser("root", password="x-long-password")
    client = Client(headers={"accept-language": "en"})
    client.force_login(user)
    return client


def _oracle_urls(championship):
    deal = championship.deals.get(number=1)
    team = championship.teams.first()
    return [
        reverse("admin:tournaments_deal_changelist") + f"?cards__startswith={deal.cards[:4]}",
        reverse("admin:tournaments_deal_changelist") + f"?cards={deal.cards}",
        reverse("admin:tournaments_deal_changelist") + f"?cards__regex=^{deal.cards[:3]}",
        reverse("admin:tournaments_championship_changelist")
        + f"?deal_key__startswith={championship.deal_key[:2]}",
        reverse("admin:tournaments_team_changelist")
        + f"?link_secret__startswith={team.link_secret[:2]}",
        reverse("admin:tournaments_team_changelist") + f"?pin={team.pin}",
        reverse("admin:tournaments_round_changelist") + f"?deals__cards={deal.cards}",
    ]


@pytest.mark.parametrize("who", ["staff", "superuser"])
def test_admin_lists_cannot_be_filtered_by_a_secret_field(running, who, staff_client,
                                                          superuser_client):
    client = staff_client if who == "staff" else superuser_client
    # The lists themselves work ...
    for model in ("deal", "championship", "team", "round"):
        assert client.get(reverse(f"admin:tournaments_{model}_changelist")).status_code == 200
    # ... and so do the declared filters.
    url = reverse("admin:tournaments_deal_changelist") + f"?championship__id__exact={running.pk}"
    assert client.get(url).status_code == 200
    for url in _oracle_urls(running):
        response = client.get(url)
        assert response.status_code == 400, url


def test_staff_cannot_make_themselves_directors_or_publish(running, staff_client):
    from django.contrib.auth import get_user_model

    staff = get_user_model().objects.get(username="staff")
    url = reverse("admin:tournaments_championship_change", args=[running.pk])
    page = staff_client.get(url)
    assert page.status_code == 200
    response = staff_client.post(url, {
        "name": running.name, "venue": running.venue or "", "starts_on": "", "ends_on": "",
        "results_public": "on", "directors": [staff.pk],
    })
    assert response.status_code in (200, 302)
    running.refresh_from_db()
    assert not running.directors.filter(pk=staff.pk).exists()
    assert not running.results_public
