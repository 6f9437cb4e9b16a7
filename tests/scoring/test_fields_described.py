"""Every field's help and error reach a screen reader (README "Accessibility"): each
``aria-describedby`` of a page points at an element that is there, a field with an error is
marked ``aria-invalid`` and described by its error, and so is each radio of a group in
error, without JavaScript."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _ids(html: str) -> set[str]:
    return set(re.findall(r'\sid="([^"]+)"', html))


def _described(html: str) -> list[tuple[str, list[str]]]:
    """(the element's tag, the ids it points at) for every aria-describedby."""
    return [(m.group(1), m.group(2).split())
            for m in re.finditer(r'<(\w+)[^>]*\saria-describedby="([^"]+)"', html)]


def _dangling(html: str) -> list[str]:
    ids = _ids(html)
    return [f"{tag} -> {ref}" for tag, refs in _described(html) for ref in refs
            if ref not in ids]


def _post(client, team, deal, **values):
    data = {"contract": "O", "points_ns": "40", "breach": "none", "idempotency_key": ""}
    data.update(values)
    url = reverse("duplicate_pairs:captain_submit", args=[team.pk, team.link_secret, deal])
    return client.post(url, {f"d{deal}-{k}": v for k, v in data.items()},
                       HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_the_captains_page_points_only_at_what_is_there(client, teams, deal1):
    page = client.get(reverse("scoring:captain", args=[teams[0].pk, teams[0].link_secret]))
    html = page.content.decode()
    assert _described(html), "the result fields describe themselves"
    assert _dangling(html) == []
    # The help texts the fields point at are rendered (recontro, EW points).
    assert 'id="id_d1-recontro_helptext"' in html and 'id="id_d1-points_ew_helptext"' in html


def test_a_refused_result_ties_each_field_to_its_error(client, teams, deal1):
    html = _post(client, teams[0], 1, contract="", points_ns="73")
    assert _dangling(html) == []
    radios = re.findall(r'<input type="radio" name="d1-contract"[^>]*>', html)
    assert radios and all('aria-invalid="true"' in r for r in radios)
    assert all('aria-describedby="id_d1-contract_error"' in r for r in radios)
    error = re.search(r'<ul class="errorlist" id="id_d1-contract_error">(.*?)</ul>', html)
    assert error and "Contract: choose a suit or Botifarra." in error.group(1)
    points = re.search(r'<input[^>]*name="d1-points_ns"[^>]*>', html).group(0)
    assert 'aria-invalid="true"' in points and "id_d1-points_ns_error" in points
    # Fields without an error are not marked.
    breach = re.findall(r'<input type="radio" name="d1-breach"[^>]*>', html)
    assert breach and not any("aria-invalid" in r for r in breach)
