"""Retries: long keys are never cut short."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient
from scoring_factories import result

from scoring import services
from scoring.api import idempotency
from scoring.models import ResultEntry


def submit_url(team):
    return f"/api/v1/captain/{team.pk}/{team.link_secret}/results/"


# --- Long keys -----------------------------------------------------------------------------


@pytest.mark.django_db
def test_two_long_header_keys_are_two_submissions(teams, deal1):
    api = APIClient()
    common = "k" * 90  # the keys differ only past the 64th character
    first = api.post(submit_url(teams[0]), {"deal": 1, "contract": "O", "points_ns": 40},
                     format="json", HTTP_IDEMPOTENCY_KEY=common + "-1")
    second = api.post(submit_url(teams[0]), {"deal": 1, "contract": "O", "points_ns": 41},
                      format="json", HTTP_IDEMPOTENCY_KEY=common + "-2")
    assert (first.status_code, second.status_code) == (201, 201)
    assert second.json()["points_ns"] == 41 and second.json()["id"] != first.json()["id"]
    again = api.post(submit_url(teams[0]), {"deal": 1, "contract": "O", "points_ns": 41},
                     format="json", HTTP_IDEMPOTENCY_KEY=common + "-2")
    assert again.status_code == 200 and again.json()["id"] == second.json()["id"]
    assert ResultEntry.objects.count() == 2


@pytest.mark.django_db
def test_the_longest_header_key_fits_and_no_key_is_cut_short(teams, table1, deal1):
    answer = APIClient().post(submit_url(teams[0]), {"deal": 1, "contract": "O", "points_ns": 40},
                              format="json", HTTP_IDEMPOTENCY_KEY="z" * idempotency.MAX_KEY)
    assert answer.status_code == 201
    assert len(ResultEntry.objects.get().idempotency_key) <= 64
    # A caller that passes a longer key to the service is a bug, not a key to cut.
    with pytest.raises(ValueError):
        services.submit_result(team=teams[0], table=table1, deal=deal1, data=result(40),
                               idempotency_key="y" * 65)
