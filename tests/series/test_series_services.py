"""The series' writes: settings checked naming the field with nothing written, who may add a
championship, and positions kept unique and in order through every change."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from series_factories import draft, finished, positions, series_of

from series import services
from series.models import Series, SeriesChampionship
from tournaments.services import ServiceError

pytestmark = pytest.mark.django_db


def test_create_with_the_defaults(director):
    series = services.create_series(director, name="  Lliga   2026 ")
    assert series.name == "Lliga 2026"
    assert series.points_table == "default" and series.best_of is None
    assert series.updates == "finished" and not series.results_public
    assert list(series.directors.all()) == [director]


def test_creating_needs_a_logged_in_director():
    with pytest.raises(ServiceError):
        services.create_series(AnonymousUser(), name="Lliga")
    assert not Series.objects.exists()


@pytest.mark.parametrize(("text", "message"), [
    ("25 x", "“x” is not a number"),
    ("25 -3", "negative"),
    ("25 20.125", "more than 2 decimals"),
    ("", "type the points"),
    ("1e5", "not a number"),
])
def test_a_bad_typed_table_is_refused_naming_the_field(director, text, message):
    with pytest.raises(ServiceError) as refused:
        services.create_series(director, name="Lliga", points_table="typed", typed_points=text)
    assert refused.value.field == "typed_points"
    assert message in refused.value.message
    assert not Series.objects.exists()


@pytest.mark.parametrize("best", [0, -1, "3", True])
def test_best_n_is_a_whole_number_from_1(director, best):
    with pytest.raises(ServiceError) as refused:
        services.create_series(director, name="Lliga", best_of=best)
    assert refused.value.field == "best_of"
    assert not Series.objects.exists()


def test_an_update_refused_writes_nothing(director):
    series = services.create_series(director, name="Lliga", best_of=4)
    with pytest.raises(ServiceError) as refused:
        services.update_series(series, name="Nova", points_table="typed", typed_points="25 x")
    assert refused.value.field == "typed_points"
    series.refresh_from_db()
    assert (series.name, series.points_table, series.best_of) == ("Lliga", "default", 4)
    services.update_series(series, best_of=None, points_table="typed",
                           typed_points="30 20 10.50")
    series.refresh_from_db()
    assert series.best_of is None and series.typed_points == ["30", "20", "10.5"]


def test_a_series_may_be_typed_with_a_list(director):
    series = services.create_series(director, name="Lliga", points_table="typed",
                                    typed_points=["12", "8.5"])
    assert series.typed_points == ["12", "8.5"]


def test_championships_go_at_the_end_once_each(director):
    a, b = finished(director, [("A", "B")]), draft(director)
    series = series_of(director, [a, b])
    assert positions(series) == [(a.pk, 1), (b.pk, 2)]
    with pytest.raises(ServiceError) as refused:
        services.add_championship(series, a.pk, by=director)
    assert refused.value.field == "championship"


def test_only_a_championship_the_director_directs(director, other_director):
    series = series_of(director, [])
    theirs = draft(other_director)
    for championship_id in (theirs.pk, 999_999, "x", None):
        with pytest.raises(ServiceError) as refused:
            services.add_championship(series, championship_id, by=director)
        assert refused.value.field == "championship"
    assert not SeriesChampionship.objects.exists()


def test_remove_move_and_reorder_keep_positions_one_to_n(director):
    a, b, c, d = (draft(director) for _ in range(4))
    series = series_of(director, [a, b, c, d])
    services.remove_championship(series, b.pk)
    assert positions(series) == [(a.pk, 1), (c.pk, 2), (d.pk, 3)]
    services.move_championship(series, d.pk, -1)
    assert positions(series) == [(a.pk, 1), (d.pk, 2), (c.pk, 3)]
    services.move_championship(series, a.pk, -1)  # already first: nothing moves
    services.move_championship(series, c.pk, +1)  # already last
    assert positions(series) == [(a.pk, 1), (d.pk, 2), (c.pk, 3)]
    services.reorder_championships(series, [c.pk, a.pk, d.pk])
    assert positions(series) == [(c.pk, 1), (a.pk, 2), (d.pk, 3)]
    for wrong in ([c.pk, a.pk], [c.pk, a.pk, d.pk, d.pk], [c.pk, a.pk, b.pk]):
        with pytest.raises(ServiceError) as refused:
            services.reorder_championships(series, wrong)
        assert refused.value.field == "championships"
    assert positions(series) == [(c.pk, 1), (a.pk, 2), (d.pk, 3)]
    with pytest.raises(ServiceError):
        services.remove_championship(series, b.pk)


def test_deleting_a_series_keeps_its_championships(director):
    a = draft(director)
    series = series_of(director, [a])
    services.delete_series(series)
    a.refresh_from_db()
    assert not SeriesChampionship.objects.exists()


def test_a_co_director(director, other_director):
    series = series_of(director, [])
    services.add_director(series, "director2")
    assert set(series.directors.all()) == {director, other_director}
    with pytest.raises(ServiceError) as refused:
        services.add_director(series, "nobody")
    assert refused.value.field == "username"
