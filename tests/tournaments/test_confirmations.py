"""Irreversible director actions ask first (a page that works without JavaScript): a GET, or
a POST without the confirmation step, shows what will happen and changes nothing; only the
POST carrying ``confirm=yes`` acts."""

from __future__ import annotations

import pytest
from django.urls import reverse

from formats.duplicate_pairs import services as pairs_services
from scoring.services import ResultData
from tournaments import services
from tournaments.models import AuditEvent, Championship, Round

YES = {"confirm": "yes"}


def _enter(team, table, deal, *, confirm=True, dispute=False):
    entry, _ = pairs_services.submit_result(team=team, table=table, deal=deal,
                                     data=ResultData(contract="O", points_ns=40),
                                     idempotency_key=None)
    other = table.ew_team if team.pk == table.ns_team_id else table.ns_team
    if confirm:
        pairs_services.confirm_entry(entry_id=entry.pk, team=other)
    elif dispute:
        pairs_services.dispute_entry(entry_id=entry.pk, team=other, comment="Not what we played")
    return entry


@pytest.fixture
def released(scheduled):
    services.release_round(scheduled.rounds.get(number=1))
    return scheduled.rounds.get(number=1)


def services_tables(championship, team):
    from django.db.models import Q

    from tournaments.models import Table
    return (Table.objects.filter(round__championship=championship, round__status="drafted")
            .filter(Q(ns_team=team) | Q(ew_team=team))
            .select_related("round", "ns_team", "ew_team").order_by("round__number"))


def _attempts(client, url):
    """The three requests that must not act: a GET, a bare POST, a POST with a wrong value."""
    return [client.get(url), client.post(url), client.post(url, {"confirm": "no"})]


def test_closing_a_round_lists_exactly_the_missing_results(director_client, released):
    tables = list(released.tables.select_related("ns_team", "ew_team").order_by("number"))
    deals = list(released.deals.order_by("number"))
    # Every result of tables 1 and 2 is in, except: table 1 deal 2 pending, table 2 deal 3
    # disputed. Table 3 has nothing at all.
    for table in tables[:2]:
        for deal in deals:
            if (table.number, deal.number) == (1, deals[1].number):
                _enter(table.ns_team, table, deal, confirm=False)
            elif (table.number, deal.number) == (2, deals[2].number):
                _enter(table.ns_team, table, deal, confirm=False, dispute=True)
            else:
                _enter(table.ns_team, table, deal)
    url = reverse("scoring:close_round", args=[released.championship_id, 1])
    for response in _attempts(director_client, url):
        assert response.status_code == 200
        assert response.context["confirmation"].items_heading == "6 results are not confirmed yet:"
        released.refresh_from_db()
        assert released.status == Round.Status.RELEASED
    items = response.context["confirmation"].items
    expected = [f"Table 1, deal {deals[1].number}: waiting for confirmation",
                f"Table 2, deal {deals[2].number}: entered, but the other side disputes it"]
    expected += [f"Table 3, deal {deal.number}: not entered" for deal in deals]
    assert items == expected
    page = response.content.decode()
    assert "6 results are not confirmed yet:" in page and f"Table 3, deal {deals[0].number}" in page
    assert 'name="confirm" value="yes"' in page
    assert not AuditEvent.objects.filter(action=AuditEvent.Action.ROUND_CLOSED).exists()

    director_client.post(url, YES)
    released.refresh_from_db()
    assert released.status == Round.Status.CLOSED
    # The round page's close link leads to the same confirmation.
    response = director_client.get(
        reverse("tournaments:director_close", args=[released.championship_id, 1]))
    assert response.status_code == 302 and response["Location"] == url


def test_a_round_with_every_result_says_so(director_client, released):
    for table in released.tables.select_related("ns_team", "ew_team"):
        for deal in released.deals.all():
            _enter(table.ns_team, table, deal)
    url = reverse("scoring:close_round", args=[released.championship_id, 1])
    response = director_client.get(url)
    assert response.context["confirmation"].items == []
    assert "Every result is in." in response.content.decode()


def test_finishing_asks_first_and_reveals_the_key_only_after(director_client, released):
    championship = released.championship
    services.discard_drafted_rounds(championship)
    services.close_round(released)
    url = reverse("tournaments:director_finish", args=[championship.pk])
    for response in _attempts(director_client, url):
        assert "The deal key is revealed to everyone" in response.content.decode()
        assert championship.deal_key not in response.content.decode()
        championship.refresh_from_db()
        assert championship.status == Championship.Status.RUNNING
    director_client.post(url, YES)
    championship.refresh_from_db()
    assert championship.status == Championship.Status.FINISHED


def test_finishing_with_open_rounds_lists_them(director_client, released):
    url = reverse("tournaments:director_finish", args=[released.championship_id])
    confirmation = director_client.get(url).context["confirmation"]
    assert confirmation.items_heading.startswith("7 rounds are not closed")
    assert confirmation.items[0] == "Round 1"


def test_discarding_drafted_rounds_asks_first(director_client, released):
    championship = released.championship
    url = reverse("tournaments:director_discard", args=[championship.pk])
    for response in _attempts(director_client, url):
        assert response.context["confirmation"].items == [f"Round {n}" for n in range(2, 8)]
        assert championship.rounds.count() == 7
    director_client.post(url, YES)
    assert list(championship.rounds.values_list("number", flat=True)) == [1]


def test_withdrawing_a_team_asks_first_and_names_the_byes(director_client, released):
    championship = released.championship
    team = championship.teams.get(number=1)
    url = reverse("tournaments:director_team_withdraw", args=[championship.pk, team.pk])
    for response in _attempts(director_client, url):
        assert response.status_code == 200
        team.refresh_from_db()
        assert not team.withdrawn
    confirmation = response.context["confirmation"]
    # Rounds 2-7 are drafted; each opponent of team 1 there gets a bye.
    opponents = [
        (t.round.number, t.number, t.ew_team if t.ns_team_id == team.pk else t.ns_team)
        for t in services_tables(championship, team)
    ]
    assert confirmation.items == [
        f"Round {r}, table {n}: {other.name} gets a bye." for r, n, other in opponents
    ]
    assert len(opponents) == 6
    assert any("round 1, already in play" in line.lower() for line in confirmation.consequences)
    assert not AuditEvent.objects.filter(action=AuditEvent.Action.TEAM_WITHDRAWN).exists()
    director_client.post(url, YES)
    team.refresh_from_db()
    assert team.withdrawn


def test_issuing_a_new_link_asks_first(director_client, released):
    team = released.championship.teams.get(number=2)
    old = team.link_secret
    url = reverse("tournaments:director_team_reissue_link", args=[team.championship_id, team.pk])
    for response in _attempts(director_client, url):
        assert "printed pair card stops working" in response.content.decode()
        team.refresh_from_db()
        assert team.link_secret == old
    director_client.post(url, YES)
    team.refresh_from_db()
    assert team.link_secret != old


def test_another_director_cannot_even_see_a_confirmation(other_client, released):
    url = reverse("tournaments:director_finish", args=[released.championship_id])
    assert other_client.get(url).status_code == 404
    assert other_client.post(url, YES).status_code == 404


def test_a_round_not_in_play_has_nothing_to_confirm(director_client, scheduled):
    url = reverse("scoring:close_round", args=[scheduled.pk, 1])  # drafted
    response = director_client.get(url)
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:grid", args=[scheduled.pk, 1])
