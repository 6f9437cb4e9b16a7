"""The home page lists the public series (newest first, a few of them, with how many
championships each has) and links their rankings; a private series is not named there."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from series_factories import finished, series_of

from series.models import Series
from series.selectors import HOME_SERIES

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def home_page() -> str:
    return Client().get(reverse("home"), **EN).content.decode()


def test_a_public_series_is_listed_with_its_championships_and_linked(director):
    championships = [finished(director, [("Anna", "Bernat"), ("Carla", "Dídac")])
                     for _ in range(2)]
    series = series_of(director, championships, name="Lliga del Casal", results_public=True)
    page = home_page()
    assert "Lliga del Casal" in page and "2 championships" in page
    assert f'href="{reverse("series:ranking", args=[series.pk])}"' in page


def test_a_private_series_is_not_named(director):
    series_of(director, [], name="Secret circuit", results_public=False)
    page = home_page()
    assert "Secret circuit" not in page
    assert '<h2 id="home-series-title">' not in page  # no empty heading either


def test_the_newest_are_listed_first_and_only_a_few(director):
    for number in range(1, HOME_SERIES + 3):
        series_of(director, [], name=f"Circuit {number:02d}", results_public=True)
    page = home_page()
    listed = [number for number in range(1, HOME_SERIES + 3) if f"Circuit {number:02d}" in page]
    assert listed == list(range(3, HOME_SERIES + 3))
    positions = [page.index(f"Circuit {number:02d}") for number in reversed(listed)]
    assert positions == sorted(positions)
    assert "0 championships" in page


@pytest.mark.parametrize("how_many", [1, 12])
def test_the_home_page_reads_the_series_in_one_query(director, django_assert_num_queries,
                                                       how_many):
    championship = finished(director, [("Anna", "Bernat"), ("Carla", "Dídac")])
    for number in range(how_many):
        series_of(director, [championship], name=f"Circuit {number}", results_public=True)
    assert Series.objects.count() == how_many
    client = Client()
    with django_assert_num_queries(2):  # the championships, the series
        page = client.get(reverse("home"), **EN).content.decode()
    assert page.count("1 championship<") == min(how_many, HOME_SERIES)
