"""The series' pages: the director's (list, create, edit, championships) for its directors
only, and the ranking, projector and print page for everyone once the ranking is public."""

from __future__ import annotations

import pytest
from django.test import Client
from series_factories import draft, finished, positions, series_of

from series.models import Series

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def series(director):
    return series_of(director, [finished(director, [("Anna", "Bernat"), ("Carla", "Dídac")])],
                     name="Lliga del Casal")


def test_the_navigation_links_the_series(director_client):
    answer = director_client.get("/director/", **EN)
    assert 'href="/director/series/"' in answer.content.decode()


def test_my_series_lists_mine_only(director_client, series, other_director):
    series_of(other_director, [], name="Their circuit")
    page = director_client.get("/director/series/", **EN).content.decode()
    assert "Lliga del Casal" in page and "Their circuit" not in page


def test_create_through_the_form(director_client):
    answer = director_client.post("/director/series/new/", {
        "name": "Circuit", "points_table": "typed", "typed_points": "25 20 16,5",
        "best_of": "3", "updates": "rounds"}, **EN)
    series = Series.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/director/series/{series.pk}/"
    assert (series.typed_points, series.best_of, series.updates) == (
        ["25", "20", "16.5"], 3, "rounds")


@pytest.mark.parametrize(("fields", "field", "message"), [
    ({"points_table": "typed", "typed_points": "25 x"}, "typed_points", "is not a number"),
    ({"best_of": "0"}, "best_of", "Best results counted"),
])
def test_bad_input_is_shown_under_its_field_and_nothing_written(director_client, fields,
                                                                field, message):
    data = {"name": "Circuit", "points_table": "default", "updates": "finished", **fields}
    answer = director_client.post("/director/series/new/", data, **EN)
    assert answer.status_code == 200
    assert message in str(answer.context["form"].errors[field])
    assert not Series.objects.exists()


def test_edit_settings(director_client, series):
    answer = director_client.post(f"/director/series/{series.pk}/edit/", {
        "name": "Lliga 2027", "points_table": "entrants", "typed_points": "",
        "best_of": "", "updates": "finished", "results_public": "on"}, **EN)
    assert answer.status_code == 302
    series.refresh_from_db()
    assert series.name == "Lliga 2027" and series.results_public
    assert series.points_table == "entrants"


def test_add_move_remove_championships(director_client, director, series):
    first = series.entries.get().championship
    added = draft(director)
    base = f"/director/series/{series.pk}/championships/"
    page = director_client.get(f"/director/series/{series.pk}/", **EN).content.decode()
    assert added.name in page and "Anna" in page
    assert director_client.post(base + "add/", {"championship": added.pk}).status_code == 302
    assert positions(series) == [(first.pk, 1), (added.pk, 2)]
    director_client.post(f"{base}{added.pk}/move/", {"direction": "up"})
    assert positions(series) == [(added.pk, 1), (first.pk, 2)]
    director_client.post(f"{base}{added.pk}/remove/")
    assert positions(series) == [(first.pk, 1)]
    # A GET changes nothing.
    assert director_client.get(f"{base}{first.pk}/remove/").status_code == 405


def test_delete_asks_first(director_client, series):
    url = f"/director/series/{series.pk}/delete/"
    assert director_client.get(url, **EN).status_code == 200
    assert Series.objects.exists()
    assert director_client.post(url, {"confirm": "yes"}).status_code == 302
    assert not Series.objects.exists()


def test_another_director_and_the_public_cannot_manage(series, other_director):
    other = Client()
    other.force_login(other_director)
    for url in (f"/director/series/{series.pk}/", f"/director/series/{series.pk}/edit/",
                f"/director/series/{series.pk}/delete/"):
        assert other.get(url).status_code == 404
        assert Client().get(url).status_code == 302  # to the login page
    assert other.post(f"/director/series/{series.pk}/championships/add/").status_code == 404
    assert other.post(f"/director/series/{series.pk}/delete/",
                      {"confirm": "yes"}).status_code == 404
    assert Series.objects.exists()


@pytest.mark.parametrize("page", ["", "projector/", "print/"])
def test_public_pages_404_until_the_ranking_is_public(director_client, series, page):
    url = f"/series/{series.pk}/{page}"
    assert Client().get(url).status_code == 404
    assert director_client.get(url, **EN).status_code == 200  # its directors always
    Series.objects.filter(pk=series.pk).update(results_public=True)
    answer = Client().get(url, **EN)
    assert answer.status_code == 200
    body = answer.content.decode()
    assert "Lliga del Casal" in body and "Anna" in body and "25.00" in body


def test_the_projector_pages_itself(director, client):
    names = [(f"P{i}a", f"P{i}b") for i in range(10)]
    series = series_of(director, [finished(director, names)], results_public=True)
    first = client.get(f"/series/{series.pk}/projector/", **EN).content.decode()
    assert "Page 1 of 2" in first and f"/series/{series.pk}/projector/?page=2" in first
    second = client.get(f"/series/{series.pk}/projector/?page=2", **EN).content.decode()
    assert "Page 2 of 2" in second and "P9a" in second


def test_the_print_page_has_its_print_button(series, client):
    Series.objects.filter(pk=series.pk).update(results_public=True)
    page = client.get(f"/series/{series.pk}/print/", **EN).content.decode()
    assert "data-print" in page and "@page" in page
