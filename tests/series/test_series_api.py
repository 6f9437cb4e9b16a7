"""The series through the API: a director's series and championships, the same refusals as
the pages (400 naming the field, nothing written), and the public ranking."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient
from series_factories import draft, finished, player, positions, series_of

from series.models import Series

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(director):
    client = APIClient()
    client.force_login(director)
    client.credentials(HTTP_ACCEPT_LANGUAGE="en")
    return client


@pytest.fixture
def other_api(other_director):
    client = APIClient()
    client.force_login(other_director)
    return client


def test_create_read_list_update_delete(api):
    made = api.post("/api/v1/series/", {"name": "Circuit", "points_table": "typed",
                                        "typed_points": ["25", "20", "16.5"], "best_of": 3},
                    format="json")
    assert made.status_code == 201, made.json()
    body = made.json()
    assert body["typed_points"] == ["25", "20", "16.5"] and body["best_of"] == 3
    assert body["championships"] == [] and body["updates"] == "finished"
    pk = body["id"]
    assert api.get(f"/api/v1/series/{pk}/").json()["name"] == "Circuit"
    assert [s["id"] for s in api.get("/api/v1/series/").json()["results"]] == [pk]
    changed = api.patch(f"/api/v1/series/{pk}/", {"best_of": None, "results_public": True},
                        format="json")
    assert changed.status_code == 200
    assert changed.json()["best_of"] is None and changed.json()["results_public"]
    assert api.delete(f"/api/v1/series/{pk}/").status_code == 204
    assert not Series.objects.exists()


@pytest.mark.parametrize(("body", "field"), [
    ({"name": "C", "points_table": "typed", "typed_points": ["25", "x"]}, "typed_points"),
    ({"name": "C", "points_table": "typed"}, "typed_points"),
    ({"name": "C", "best_of": 0}, "best_of"),
    ({"name": "C", "points_table": "other"}, "points_table"),
    ({"name": ""}, "name"),
])
def test_bad_input_is_a_400_naming_the_field(api, body, field):
    answer = api.post("/api/v1/series/", body, format="json")
    assert answer.status_code == 400
    assert list(answer.json()) == [field]
    assert not Series.objects.exists()


def test_championships_add_reorder_remove(api, director, other_director):
    a, b = draft(director), draft(director)
    series = series_of(director, [])
    base = f"/api/v1/series/{series.pk}/championships/"
    assert api.post(base, {"championship": a.pk}, format="json").status_code == 201
    added = api.post(base, {"championship": b.pk}, format="json").json()
    assert [(c["id"], c["position"]) for c in added["championships"]] == [(a.pk, 1), (b.pk, 2)]
    theirs = draft(other_director)
    refused = api.post(base, {"championship": theirs.pk}, format="json")
    assert refused.status_code == 400 and list(refused.json()) == ["championship"]
    answer = api.post(base + "order/", {"championships": [b.pk, a.pk]}, format="json")
    assert answer.status_code == 200
    assert positions(series) == [(b.pk, 1), (a.pk, 2)]
    refused = api.post(base + "order/", {"championships": [b.pk]}, format="json")
    assert refused.status_code == 400 and list(refused.json()) == ["championships"]
    assert api.delete(f"{base}{b.pk}/").status_code == 200
    assert positions(series) == [(a.pk, 1)]
    assert api.delete(f"{base}{b.pk}/").status_code == 400


def test_who_may(api, other_api, director):
    series = series_of(director, [])
    url = f"/api/v1/series/{series.pk}/"
    assert APIClient().get(url).status_code == 401
    assert APIClient().get("/api/v1/series/").status_code == 401
    assert APIClient().post("/api/v1/series/", {"name": "X"}, format="json").status_code == 401
    assert other_api.get(url).status_code == 404
    assert other_api.patch(url, {"name": "Mine"}, format="json").status_code == 404
    assert other_api.delete(url).status_code == 404
    assert other_api.get("/api/v1/series/").json()["results"] == []
    assert Series.objects.get().name == series.name


def test_the_ranking_is_public_once_the_series_says_so(api, director):
    championship = finished(director, [("Anna", "Bernat"), ("Carla", "Dídac")], [1, 1])
    series = series_of(director, [championship])
    url = f"/api/v1/series/{series.pk}/ranking/"
    assert APIClient().get(url).status_code == 404
    assert api.get(url).status_code == 200  # its director, always
    Series.objects.filter(pk=series.pk).update(results_public=True)
    body = APIClient().get(url).json()
    assert body["championships"] == [{"id": championship.pk, "name": championship.name,
                                       "position": 1, "ranked_after": "finished"}]
    first = body["lines"][0]
    assert first["place"] == 1 and first["shared"]
    assert first["player"] == {"id": player("Anna").pk, "name": "Anna", "club": "Casal"}
    assert first["total"] == "22.50"
    assert first["results"] == [{"championship": championship.pk, "points": "22.50",
                                 "place": 1, "shared": True, "counted": True}]
    assert first["place_counts"] == [1]  # once 1st (shared)
    assert APIClient().get("/api/v1/series/999999/ranking/").status_code == 404
