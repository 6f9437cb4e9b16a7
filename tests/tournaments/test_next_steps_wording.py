"""The director's messages count what was done (issue 24, item 6's wording)."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_generating_a_round_robin_counts_its_rounds(director_client, championship, teams):
    response = director_client.post(
        reverse("tournaments:director_generate", args=[championship.pk]), follow=True)
    texts = [str(m) for m in response.context["messages"]]
    assert texts == ["7 rounds generated."]
    assert "Rounds generated." not in response.content.decode()
