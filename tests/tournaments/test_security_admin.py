"""The admin is no way around deal secrecy: no filtering a list by a secret field (the row
count would give the value away), and no making oneself a director of a championship."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from tournament_factories import add_teams, make_championship

from formats.duplicate_pairs.rounds import generate_schedule
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(director):
    championship = make_championship(director, name="Admin secrecy")
    add_teams(championship, 4)
    generate_schedule(championship)
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


@pytest.fixture
def analysed(director):
    """Round 1 closed and round 2 released, every deal of both analysed (round 2's early,
    as after a reopening): quick deals, each seat holding one whole suit."""
    from itertools import permutations

    from tournaments.services.analysis import analyse_deal

    championship = make_championship(director, name="Admin analysis", deals_per_match=2)
    add_teams(championship, 4)
    generate_schedule(championship)
    suits = ["9ARCS8765432...", ".9ARCS8765432..", "..9ARCS8765432.", "...9ARCS8765432"]
    deals = list(championship.deals.filter(round__number__lte=2).order_by("number"))
    services.import_deals(championship, "\n".join(
        f"{deal.number} N:{' '.join(hands)}" for deal, hands in zip(deals, permutations(suits),
                                                                     strict=False)))
    services.release_round(championship.rounds.get(number=1))
    services.close_round(championship.rounds.get(number=1))
    services.release_round(championship.rounds.get(number=2))
    for deal in championship.deals.filter(round__number__lte=2).select_related("championship"):
        analyse_deal(deal)
    return championship


def test_admin_shows_a_deals_analysis_only_once_its_round_is_closed(analysed, superuser_client,
                                                                     director):
    from tournaments.models import DealAnalysis

    closed = DealAnalysis.objects.filter(deal__round__number=1)
    secret = DealAnalysis.objects.filter(deal__round__number=2)
    assert closed.count() == secret.count() == 2
    listing = reverse("admin:tournaments_dealanalysis_changelist")
    page = superuser_client.get(listing)
    assert page.status_code == 200
    assert set(page.context["cl"].result_list) == set(closed)
    for analysis in closed:
        change = reverse("admin:tournaments_dealanalysis_change", args=[analysis.pk])
        assert analysis.line in superuser_client.get(change).content.decode()
    for analysis in secret:
        change = reverse("admin:tournaments_dealanalysis_change", args=[analysis.pk])
        response = superuser_client.get(change)  # "does not exist": back to the admin
        assert response.status_code == 302 and analysis.line not in response.content.decode()
    # The championship's director sees them all (as the cards), and cannot change them.
    director.is_staff = True
    director.save()
    mine = Client(headers={"accept-language": "en"})
    mine.force_login(director)
    director.user_permissions.set(Permission.objects.filter(codename="view_dealanalysis"))
    assert set(mine.get(listing).context["cl"].result_list) == set(closed) | set(secret)
    change = reverse("admin:tournaments_dealanalysis_change", args=[secret[0].pk])
    assert mine.post(change, {"line": ""}).status_code == 403


@pytest.mark.parametrize("url", [
    "tournaments_dealanalysis_changelist?line__startswith=O9",
    "tournaments_dealanalysis_changelist?table__O=72",
    "tournaments_dealanalysis_changelist?par_contract=O",
    "tournaments_dealanalysis_changelist?error__contains=9A",
    "tournaments_dealanalysis_changelist?deal__championship__deals__analysis__line__startswith=O",
    "tournaments_dealanalysis_changelist?deal__round__deals__analysis__table__O=72",
    "tournaments_deal_changelist?analysis__line__startswith=O9",
    "tournaments_deal_changelist?analysis__par_contract=O",
    "tournaments_round_changelist?deals__analysis__par_score=36",
    "tournaments_round_changelist?deals__analysis__error__contains=9A",
])
def test_admin_lists_cannot_be_filtered_by_an_analysis(analysed, superuser_client, url):
    name, query = url.split("?")
    assert superuser_client.get(reverse(f"admin:{name}") + f"?{query}").status_code == 400
