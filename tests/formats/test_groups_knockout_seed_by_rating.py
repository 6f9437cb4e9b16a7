"""The groups seeded by rating (rules.md 12.1, 13.3): made snake-wise from the pairs' order of
strength (the mean of their players' ratings; then by number), whatever the draw or snake
chosen beside it; the director sees the order on the groups page before making them;
changing the setting drops groups already made; it is one of the format's settings, on its
form and in its API object, locked once round 1 is released (refused naming it)."""

from __future__ import annotations

import pytest
from groups_knockout_factories import make_groups_event
from rating_factories import past_championship, rate_team
from rest_framework.test import APIClient

from formats.groups_knockout.models import Group
from formats.groups_knockout.services import groups_of, make_groups, save_settings
from tournaments import services
from tournaments.models import AuditEvent, Championship
from tournaments.services.common import ServiceError

pytestmark = pytest.mark.django_db


def rated(championship, strengths: dict[int, float]) -> None:
    past = past_championship()
    for team in championship.teams.all():
        if team.number in strengths:
            rate_team(team, strengths[team.number], strengths[team.number], championship=past)


def numbers(championship) -> list[list[int]]:
    return [[team.number for team in group] for group in groups_of(championship)]


@pytest.mark.parametrize("seeding", ["draw", "snake"])
def test_the_groups_are_made_snake_wise_from_the_ratings(director, seeding):
    championship = make_groups_event(director, pairs=8, seeding=seeding, seed_by_rating=True)
    # Order: 8, 6, 1, 3 (by strength), then the new pairs 2, 4, 5 by number, then 7 (below 0).
    rated(championship, {8: 20.0, 6: 15.0, 1: 9.5, 3: 4.0, 7: -1.0})
    make_groups(championship, by=director)
    assert numbers(championship) == [[8, 3, 2, 7], [6, 1, 4, 5]]
    event = AuditEvent.objects.filter(action=AuditEvent.Action.GROUPS_DRAWN).get()
    assert event.detail.startswith("snake by rating")
    assert set(Group.objects.values_list("draw_seed", flat=True)) == {""}


def test_changing_the_setting_drops_the_groups_and_is_refused_once_drafted(director):
    championship = make_groups_event(director, pairs=8)
    make_groups(championship, by=director)
    save_settings(championship, seed_by_rating=True)
    assert not Group.objects.exists()
    championship.refresh_from_db()
    make_groups(championship, by=director)
    services.generate_next_round(championship)  # round 1 drafted from them
    with pytest.raises(ServiceError) as refused:
        save_settings(championship, seed_by_rating=False)
    assert refused.value.field == "seed_by_rating"
    assert Championship.objects.get(pk=championship.pk).seed_by_rating is True
    assert Group.objects.count() == 2


def test_the_groups_page_shows_the_order_before_round_1(director, director_client):
    championship = make_groups_event(director, pairs=5, seed_by_rating=True)
    rated(championship, {4: 7.26})
    url = f"/director/c/{championship.pk}/groups/"
    page = director_client.get(url).content.decode()
    listed = page[page.index('class="card rating-seeding"'):]
    assert listed.index("4. Parella 4 · 7,3") < listed.index("1. Parella 1 · 0,0")
    assert "En serp segons la valoració de les parelles" in page  # the site's Catalan
    plain = make_groups_event(director, pairs=5)
    assert "rating-seeding" not in director_client.get(
        f"/director/c/{plain.pk}/groups/").content.decode()


def test_the_api_sets_it_and_refuses_it_once_round_1_is_released(director):
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(director)
    championship = make_groups_event(director, pairs=4)
    url = f"/api/v1/championships/{championship.pk}/"
    answer = api.patch(url, {"groups_knockout": {"seed_by_rating": True}}, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["groups_knockout"]["seed_by_rating"] is True
    make_groups(championship, by=director)
    (round_,) = services.generate_next_round(championship)
    services.release_round(round_, by=director)
    refused = api.patch(url, {"groups_knockout": {"seed_by_rating": False}}, format="json")
    assert refused.status_code == 400
    assert "seed_by_rating" in refused.json()["groups_knockout"], refused.json()
    assert Championship.objects.get(pk=championship.pk).seed_by_rating is True


def test_the_settings_form_has_the_checkbox(director, director_client):
    championship = make_groups_event(director, pairs=4)
    form = director_client.get(f"/director/c/{championship.pk}/edit/").context["extra"]
    assert "seed_by_rating" in form.fields and form["seed_by_rating"].value() is False
