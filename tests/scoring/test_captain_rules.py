"""Captain links and PINs: a withdrawn team's PIN confirms nothing, a confirmed result is the
director's to change (the Bridgemate rule), a team's entries per deal are capped, PIN
failures and lockouts show on the director's pages, and a team that disputed is no longer
offered to confirm."""

from __future__ import annotations

import pytest
from django.urls import reverse
from scoring_factories import result

from formats.duplicate_pairs import services as pairs_services
from formats.duplicate_pairs.services.deal_results import MAX_ENTRIES_PER_DEAL
from scoring import selectors
from scoring.models import PinAttempt, ResultEntry, ResultReview
from scoring.services import ScoringError
from scoring.services.pins import PIN_MAX_FAILURES
from tournaments.models import Team

pytestmark = pytest.mark.django_db


def submit(team, table, deal, points=40):
    entry, _created = pairs_services.submit_result(team=team, table=table, deal=deal,
                                             data=result(points_ns=points), idempotency_key=None)
    return entry


def test_a_withdrawn_teams_pin_does_not_confirm(teams, table1, deal1):
    entry = submit(teams[0], table1, deal1)
    Team.objects.filter(pk=teams[1].pk).update(withdrawn=True)
    with pytest.raises(ScoringError, match="has withdrawn") as error:
        pairs_services.confirm_with_pin(entry_id=entry.pk, team=teams[0], pin=teams[1].pin)
    assert error.value.code == "withdrawn"
    assert not ResultReview.objects.exists()
    assert not PinAttempt.objects.exists()


@pytest.mark.parametrize("confirmer", ["team", "pin", "director"])
def test_once_confirmed_only_the_director_changes_it(teams, table1, deal1, director, confirmer):
    entry = submit(teams[0], table1, deal1)
    if confirmer == "team":
        pairs_services.confirm_entry(entry_id=entry.pk, team=teams[1])
    elif confirmer == "pin":
        pairs_services.confirm_with_pin(entry_id=entry.pk, team=teams[0], pin=teams[1].pin)
    else:
        pairs_services.director_confirm_entry(
            table=entry.table, deal=entry.deal, entry_id=entry.pk, user=director)
    for team in teams[:2]:  # neither the entering team nor the other may replace it
        with pytest.raises(ScoringError, match="only the director can change it") as error:
            submit(team, table1, deal1, points=30)
        assert error.value.code == "confirmed"
    assert ResultEntry.objects.count() == 1
    # The director still can.
    pairs_services.director_enter_result(table=table1, deal=deal1, data=result(points_ns=30),
                                   user=director, note="Scorer's slip")
    assert selectors.result_state(table1, deal1).counted.points_ns == 30


def test_a_pending_result_can_still_be_corrected(teams, table1, deal1):
    submit(teams[0], table1, deal1, points=40)
    submit(teams[0], table1, deal1, points=41)
    assert selectors.result_state(table1, deal1).latest.points_ns == 41


def test_a_teams_entries_per_deal_are_capped(teams, table1, deal1, table2):
    for points in range(MAX_ENTRIES_PER_DEAL):
        submit(teams[0], table1, deal1, points=points)
    with pytest.raises(ScoringError, match="already entered deal 1 10 times") as error:
        submit(teams[0], table1, deal1, points=50)
    assert error.value.code == "too_many_entries"
    assert ResultEntry.objects.count() == MAX_ENTRIES_PER_DEAL
    # The cap is per team and deal: another deal and the other team are not affected.
    submit(teams[1], table1, deal1, points=50)
    submit(teams[2], table2, deal1, points=50)


def test_the_captain_page_says_why_a_correction_is_refused(client, teams, table1, deal1):
    entry = submit(teams[0], table1, deal1)
    pairs_services.confirm_entry(entry_id=entry.pk, team=teams[1])
    ns = teams[0]
    page = client.get(reverse("scoring:captain", args=[ns.pk, ns.link_secret])).content.decode()
    assert "only the director can change it now" in page
    assert reverse("duplicate_pairs:captain_submit", args=[ns.pk, ns.link_secret, 1]) not in page
    response = client.post(
        reverse("duplicate_pairs:captain_submit", args=[ns.pk, ns.link_secret, 1]),
        {"d1-contract": "C", "d1-points_ns": "33", "d1-breach": "none"}, follow=True)
    assert "The result of deal 1 is confirmed: only the director can change it now." in (
        response.content.decode())
    assert ResultEntry.objects.count() == 1


def test_after_disputing_the_page_offers_no_confirm(client, teams, table1, deal1):
    entry = submit(teams[0], table1, deal1)
    ew = teams[1]
    confirm_url = reverse("duplicate_pairs:captain_confirm", args=[ew.pk, ew.link_secret, entry.pk])
    page_url = reverse("scoring:captain", args=[ew.pk, ew.link_secret])
    assert confirm_url in client.get(page_url).content.decode()
    pairs_services.dispute_entry(entry_id=entry.pk, team=ew, comment="We made 35")
    page = client.get(page_url).content.decode()
    assert confirm_url not in page
    assert "Your pair disputed this result: the director will settle it." in page
    # A page opened before the dispute still has the button: its confirmation is refused.
    client.post(confirm_url)
    assert list(entry.reviews.values_list("verdict", flat=True)) == ["dispute"]
    assert selectors.result_state(table1, deal1).counted is None


def _wrong_pins(team, entry, times):
    for _ in range(times):
        with pytest.raises(ScoringError):
            pairs_services.confirm_with_pin(entry_id=entry.pk, team=team, pin="0000"
                                      if team.pin != "0000" else "1111")


def test_pin_failures_and_lockout_show_in_the_grid_and_the_cells_history(
        director_client, championship, teams, table1, deal1):
    entry = submit(teams[0], table1, deal1)
    _wrong_pins(teams[0], entry, 2)
    grid_url = reverse("scoring:grid", args=[championship.pk, 1])
    grid = director_client.get(grid_url)
    rows = {row.table.number: row for row in grid.context["grid"].rows}
    assert rows[1].pins.wrong == 2 and rows[1].pins.locked_until is None
    assert rows[2].pins is None
    assert "2 wrong PINs" in grid.content.decode()
    _wrong_pins(teams[0], entry, PIN_MAX_FAILURES - 2)
    grid = director_client.get(grid_url)
    assert grid.context["grid"].rows[0].pins.locked_until is not None
    assert "locked until" in grid.content.decode()
    cell = director_client.get(reverse("duplicate_pairs:cell", args=[championship.pk, 1, 1, 1]))
    body = cell.content.decode()
    assert body.count("Wrong PIN") == PIN_MAX_FAILURES
    assert "confirming with a PIN is locked until" in body
    assert [item.kind for item in cell.context["history"]].count("pin") == PIN_MAX_FAILURES


def test_a_team_that_disputed_cannot_confirm_by_service_api_or_pin(teams, table1, deal1,
                                                                     director):
    from rest_framework.test import APIClient

    entry = submit(teams[0], table1, deal1)
    pairs_services.dispute_entry(entry_id=entry.pk, team=teams[1], comment="We made 34, not 32")
    with pytest.raises(ScoringError, match="has disputed this result") as error:
        pairs_services.confirm_entry(entry_id=entry.pk, team=teams[1])
    assert error.value.code == "disputed"
    with pytest.raises(ScoringError, match="has disputed this result"):
        pairs_services.confirm_with_pin(entry_id=entry.pk, team=teams[0], pin=teams[1].pin)
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    other = teams[1]
    answer = api.post(f"/api/v1/captain/{other.pk}/{other.link_secret}/results/{entry.pk}/"
                      "confirm/")
    assert answer.status_code == 409 and answer.json()["code"] == "disputed"
    assert "the director will settle it" in answer.json()["detail"]
    assert list(entry.reviews.values_list("verdict", flat=True)) == ["dispute"]
    assert not PinAttempt.objects.exists()
    assert selectors.result_state(table1, deal1).counted is None
    # The director settles it.
    pairs_services.director_confirm_entry(
        table=entry.table, deal=entry.deal, entry_id=entry.pk, user=director)
    assert selectors.result_state(table1, deal1).counted.pk == entry.pk
