"""The director's pages say plainly what they count (issue 24, item 6's wording): the grid's
results not counted yet, the results a round still lacks before it closes (a disputed result
is not "missing"), and the exports page's languages by name."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.exports.models import ExportJob

pytestmark = pytest.mark.django_db
EN = {"headers": {"accept-language": "en"}}


def test_the_grid_counts_results_not_counted_yet(director_client, championship):
    page = director_client.get(reverse("scoring:grid", args=[championship.pk, 1]),
                               **EN).content.decode()
    deals = championship.rounds.get(number=1).deals.count()
    assert f"<strong>{2 * deals}</strong> results not counted yet ({2 * deals} not entered)" in page
    assert "of which" not in page and "Without a counted result" not in page


def test_the_exports_page_names_languages_in_the_pages_language(director_client, championship):
    for code in ("ca", "es", "en"):
        ExportJob.objects.create(championship=championship, kind="ranking_csv", language=code)
    page = director_client.get(reverse("scoring:director_exports", args=[championship.pk]),
                               **EN).content.decode()
    for name in ("Catalan", "Spanish", "English"):
        assert f"<td>{name}</td>" in page
    assert "<td>ca</td>" not in page and "<td>es</td>" not in page
