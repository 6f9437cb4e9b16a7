"""The API and the director's result pages follow the same access rules as the pages."""

from __future__ import annotations

from django.urls import reverse
from rest_framework.test import APIClient

from scoring import services
from tournaments.models import Championship


def test_api_standings_of_a_draft_are_unknown_like_the_page(championship, client):
    Championship.objects.filter(pk=championship.pk).update(
        status=Championship.Status.DRAFT, results_public=True
    )
    assert client.get(reverse("scoring:standings", args=[championship.pk])).status_code == 404
    api = APIClient()
    assert api.get(f"/api/v1/championships/{championship.pk}/standings/").status_code == 404


def test_api_standings_of_another_championship_for_a_director_are_public_only(
    championship, django_user_model
):
    from scoring_factories import make_championship

    outsider = django_user_model.objects.create_user("outsider", password="x-long-password")
    make_championship(teams=2, director=outsider)
    api = APIClient()
    api.force_authenticate(outsider)
    assert api.get(f"/api/v1/championships/{championship.pk}/standings/").status_code == 404
    services.publish_results(championship)
    assert api.get(f"/api/v1/championships/{championship.pk}/standings/").status_code == 200


def test_director_cell_with_a_malformed_entry_is_404_not_500(director_client, championship,
                                                             round1, table1, deal1):
    url = reverse("duplicate_pairs:cell", args=[championship.pk, 1, table1.number, deal1.number])
    for value in ("abc", "", "1 OR 1=1"):
        response = director_client.post(url, {"action": "confirm", "entry": value})
        assert response.status_code == 404
