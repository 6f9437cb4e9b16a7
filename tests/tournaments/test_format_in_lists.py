"""Every list of championships says each one's format (duplicate pairs with its movement,
free-deal pairs, individual), and the landing page does not call them all duplicate."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import services

pytestmark = pytest.mark.django_db
EN = {"headers": {"accept-language": "en"}}


@pytest.fixture
def three(director):
    services.create_championship(director, name="Lliga de duplicada", movement="swiss",
                                 rounds_planned=5)
    services.create_championship(director, name="Nit de Swiss", format="free_deal_pairs",
                                 rounds_planned=4)
    services.create_championship(director, name="Abarrotada", format="abarrotada",
                                 rounds_planned=2)


def test_the_directors_list_names_each_format(director_client, three):
    page = director_client.get(reverse("tournaments:director_home"), **EN).content.decode()
    assert "Duplicate pairs · Swiss" in page
    assert "Free-deal pairs (Swiss)" in page
    assert "Individual (abarrotada)" in page


def test_the_landing_page_names_each_format_and_calls_none_duplicate(director_client, three):
    page = director_client.get(reverse("home"), **EN).content.decode()
    assert "Duplicate Botifarra" not in page and "duplicate Botifarra" not in page
    assert "Free-deal pairs (Swiss)" in page and "Individual (abarrotada)" in page
