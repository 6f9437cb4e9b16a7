"""Round 1 of a free-deal Swiss seeded by rating (rules.md 11.3, 13.3): the pairs in order of
strength (the mean of their players' ratings), top half v bottom half, whatever the seeding
chosen beside it; each section its own pairs; the director sees the order before pairing;
the setting is one of the format's, on its form and in its API object, locked once round 1
is released (refused naming it, nothing written)."""

from __future__ import annotations

import pytest
from free_deal_factories import make_free_deal, next_round, sectioned
from rating_factories import past_championship, rate_team
from rest_framework.test import APIClient

from formats.free_deal.services import save_settings
from tournaments import services
from tournaments.models import Championship
from tournaments.services.common import ServiceError

pytestmark = pytest.mark.django_db


def rated(championship, strengths: dict[int, float]) -> None:
    """Pair number -> both players' rating."""
    past = past_championship()
    for team in championship.teams.all():
        if team.number in strengths:
            rate_team(team, strengths[team.number], strengths[team.number], championship=past)


def tables(round_) -> list[tuple[int, int]]:
    return [(t.ns_team.number, t.ew_team.number)
            for t in round_.tables.select_related("ns_team", "ew_team").order_by("number")]


@pytest.mark.parametrize("seeding", ["draw", "order"])
def test_round_1_pairs_the_rating_order_top_half_against_bottom_half(director, seeding):
    championship = make_free_deal(director, pairs=7, seeding=seeding, seed_by_rating=True)
    # Order: 5 (9), 2 (7), 7 (7: after 2 by number), 1 (3), 4 and 6 (new, 0), 3 (-2).
    rated(championship, {5: 9.0, 2: 7.0, 7: 7.0, 1: 3.0, 3: -2.0})
    (round_,) = services.generate_next_round(championship)
    assert tables(round_) == [(5, 1), (2, 4), (7, 6)]
    assert round_.bye_team.number == 3  # the lowest seed


def test_each_section_is_seeded_by_its_own_pairs_ratings(director):
    championship = sectioned(director, sizes=(4, 4))
    save_settings(championship, seed_by_rating=True)
    championship.refresh_from_db()
    rated(championship, {1: 1.0, 2: 2.0, 3: 3.0, 4: 4.0, 5: 8.0, 8: 6.0})
    (round_,) = services.generate_next_round(championship)
    assert tables(round_) == [(4, 2), (3, 1), (5, 6), (8, 7)]


def test_the_director_sees_the_order_before_round_1_and_not_after(director, director_client):
    championship = make_free_deal(director, pairs=4, seed_by_rating=True)
    rated(championship, {3: 12.34, 1: 2.0})
    page = director_client.get(f"/director/c/{championship.pk}/").content.decode()
    # "Seeding by rating" and "Seeded by rating" in the site's Catalan.
    assert "Ordre per valoració" in page and "Caps de sèrie per valoració" in page
    listed = page[page.index('class="rating-seeding"'):]  # in Catalan, the site's language
    assert (listed.index("3. Parella 3 · 12,3") < listed.index("1. Parella 1 · 2,0")
            < listed.index("2. Parella 2 · 0,0") < listed.index("4. Parella 4 · 0,0"))
    next_round(championship, director)
    page = director_client.get(f"/director/c/{championship.pk}/").content.decode()
    assert 'class="rating-seeding"' not in page and "Caps de sèrie per valoració" in page
    plain = make_free_deal(director, pairs=4)
    page = director_client.get(f"/director/c/{plain.pk}/").content.decode()
    assert "Ordre per valoració" not in page and "Caps de sèrie per valoració" not in page


def test_the_settings_form_has_the_checkbox_and_it_locks_with_round_1(director,
                                                                      director_client):
    championship = make_free_deal(director, pairs=4)
    url = f"/director/c/{championship.pk}/edit/"
    form = director_client.get(url).context["extra"]
    assert "seed_by_rating" in form.fields and form["seed_by_rating"].value() is False
    posted = {"name": championship.name, "rounds_planned": "5", "doubling": "2-4-8",
              "fd-target": "101", "fd-hand_limit": "12", "fd-round_minutes": "60",
              "fd-cap": "121", "fd-sant_vicenc": "on", "fd-match_points": "1-1/2-0",
              "fd-tie_breaks": "match_points,point_difference,points,buchholz",
              "fd-bye_difference": "0", "fd-bye_points": "0", "fd-seeding": "draw",
              "fd-seed_by_rating": "on"}
    assert director_client.post(url, posted).status_code == 302
    championship.refresh_from_db()
    assert championship.seed_by_rating is True
    next_round(championship, director)
    # Once round 1 is released the checkbox is disabled: what is posted is ignored...
    form = director_client.get(url).context["extra"]
    assert form.fields["seed_by_rating"].disabled
    director_client.post(url, {**posted, "fd-seed_by_rating": ""})
    championship.refresh_from_db()
    assert championship.seed_by_rating is True
    # ... and the service refuses it, naming the field.
    with pytest.raises(ServiceError) as refused:
        save_settings(championship, seed_by_rating=False)
    assert refused.value.field == "seed_by_rating"
    assert Championship.objects.get(pk=championship.pk).seed_by_rating is True


def test_the_api_reads_and_sets_it_and_refuses_it_once_round_1_is_released(director):
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(director)
    made = api.post("/api/v1/championships/", {
        "name": "Per rànquing", "format": "free_deal_pairs", "rounds_planned": 5,
        "free_deal": {"seed_by_rating": True}}, format="json")
    assert made.status_code == 201, made.json()
    assert made.json()["free_deal"]["seed_by_rating"] is True
    championship = Championship.objects.get(pk=made.json()["id"])
    assert championship.seed_by_rating is True
    for i in range(1, 5):
        services.add_team(championship, name=f"P{i}", player1=f"A{i}", player2=f"B{i}")
    url = f"/api/v1/championships/{championship.pk}/"
    assert api.patch(url, {"free_deal": {"seed_by_rating": "maybe"}},
                     format="json").status_code == 400
    next_round(championship, director)
    refused = api.patch(url, {"free_deal": {"seed_by_rating": False}}, format="json")
    assert refused.status_code == 400
    assert "seed_by_rating" in refused.json()["free_deal"], refused.json()
    assert Championship.objects.get(pk=championship.pk).seed_by_rating is True
    # The same value again is harmless.
    assert api.patch(url, {"free_deal": {"seed_by_rating": True}},
                     format="json").status_code == 200
