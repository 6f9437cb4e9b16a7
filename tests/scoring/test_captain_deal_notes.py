"""A deal's messages show in that deal's card, announced and focused (issue 24 item 2,
issue 28 item 2), not at the top of a long page."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring.models import ResultEntry

pytestmark = pytest.mark.django_db


def card_of(body: str, number: int) -> str:
    start = body.index(f'id="deal-{number}"')
    end = body.find('class="card deal-card"', start + 1)
    return body[start:end if end != -1 else None]


def test_a_wrong_pin_is_told_in_the_deals_card_not_at_the_top(client, teams, deal1):
    page = reverse("scoring:captain", args=[teams[0].pk, teams[0].link_secret])
    client.post(reverse("duplicate_pairs:captain_submit", args=[teams[0].pk, teams[0].link_secret, 1]),
                {"d1-contract": "O", "d1-points_ns": "40", "d1-breach": "none"})
    client.get(page)  # the entry's own notice is read and gone
    entry = ResultEntry.objects.get()
    wrong = "0000" if teams[1].pin != "0000" else "1111"
    response = client.post(
        reverse("duplicate_pairs:captain_pin", args=[teams[0].pk, teams[0].link_secret, entry.pk]),
        {"p1-pin": wrong})
    # No fragment: a page opened at one ignores autofocus; the focused note scrolls itself.
    assert response["Location"] == page
    body = client.get(page).content.decode()
    card = card_of(body, 1)
    notes = re.search(r'<div class="deal-notes"[^>]*>(.*?)</div>', card, re.S)
    assert notes, "the message is not in the deal's card"
    assert 'role="alert"' in notes.group(0) and "autofocus" in notes.group(0)
    assert "PIN" in notes.group(1)
    # Not repeated in the page's message list at the top.
    assert '<ul class="messages">' not in body
    # Read once: a reload no longer shows it.
    assert 'class="deal-notes"' not in client.get(page).content.decode()

