"""The director's pages (grid, result history, override, adjustments, close, publish) and the
public result pages."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.test import Client
from django.urls import reverse
from scoring_factories import make_championship, make_round, result, scores_of, teams_of

from formats.duplicate_pairs import services as pairs_services
from scoring import selectors
from scoring.models import Adjustment, ResultEntry


def enter(team, table, deal, points, confirm_by=None, **values):
    entry, _ = pairs_services.submit_result(team=team, table=table, deal=deal,
                                      data=result(points_ns=points, **values),
                                      idempotency_key=None)
    if confirm_by is not None:
        pairs_services.confirm_entry(entry_id=entry.pk, team=confirm_by)
    return entry


def grid_url(championship, number=1):
    return reverse("scoring:grid", args=[championship.pk, number])


def cell_url(championship, table=1, deal=1, round_number=1):
    return reverse("duplicate_pairs:cell", args=[championship.pk, round_number, table, deal])


def test_director_pages_need_a_director_of_that_championship(client, django_user_model,
                                                            championship):
    url = grid_url(championship)
    assert client.get(url).status_code == 302  # to the login page
    other = django_user_model.objects.create_user("other", password="x")
    client.force_login(other)
    assert client.get(url).status_code == 404
    assert client.get(cell_url(championship)).status_code == 404
    assert client.post(reverse("scoring:publish", args=[championship.pk]),
                       {"public": "1"}).status_code == 404


def test_grid_shows_every_status(director_client, championship, teams, table1, table2, round1,
                                 director):
    deals = list(round1.deals.order_by("number"))
    enter(teams[0], table1, deals[0], 40, confirm_by=teams[1])              # confirmed
    enter(teams[0], table1, deals[1], 40)                                    # pending
    disputed = enter(teams[0], table1, deals[2], 40)
    pairs_services.dispute_entry(entry_id=disputed.pk, team=teams[1], comment="No")  # disputed
    pairs_services.set_adjustment(table=table1, deal=deals[3], side="NS", kind="average",
                            reason="Late", user=director)                   # adjusted
    response = director_client.get(grid_url(championship))
    assert response.status_code == 200
    grid = response.context["grid"]
    statuses = [[cell.status for cell in row.cells] for row in grid.rows]
    assert statuses == [
        ["confirmed", "pending", "disputed", "adjusted"],
        ["empty", "empty", "empty", "empty"],
    ]
    assert grid.missing == 6
    body = response.content.decode()
    assert 'http-equiv="refresh"' in body  # refreshes itself without JavaScript
    partial = director_client.get(grid_url(championship) + "?partial=1")
    assert "<html" not in partial.content.decode() and 'id="grid"' in partial.content.decode()


def test_grid_standings_and_traveller_make_a_fixed_number_of_queries(
    director_client, django_assert_max_num_queries, db, director
):
    championship = make_championship(teams=20, director=director)
    teams = teams_of(championship)
    round_ = make_round(championship, 1, [(teams[i], teams[i + 1]) for i in range(0, 20, 2)])
    for table in round_.tables.select_related("ns_team", "ew_team"):
        for deal in round_.deals.all():
            enter(table.ns_team, table, deal, 30 + table.number, confirm_by=table.ew_team)
    with django_assert_max_num_queries(17):
        director_client.get(grid_url(championship))
    with django_assert_max_num_queries(17):
        director_client.get(reverse("scoring:standings", args=[championship.pk]))
    with django_assert_max_num_queries(17):
        director_client.get(reverse("scoring:traveller", args=[championship.pk, 1]))
    with django_assert_max_num_queries(17):
        director_client.get(reverse("scoring:scorecard", args=[championship.pk, 1]))


def test_history_override_and_confirm(director_client, championship, teams, table1, deal1,
                                      director):
    entry = enter(teams[0], table1, deal1, 40)
    pairs_services.dispute_entry(entry_id=entry.pk, team=teams[1], comment="We had 36")
    response = director_client.get(cell_url(championship), HTTP_USER_AGENT="Laptop")
    body = response.content.decode()
    assert "We had 36" in body and "Team 1" in body and "Team 2" in body
    # Override: needs a reason, validated like a captain's entry.
    response = director_client.post(cell_url(championship), {
        "action": "override", "r-contract": "C", "r-points_ns": "36", "r-breach": "none",
    })
    assert "Reason: say why the director enters this result." in response.content.decode()
    director_client.post(cell_url(championship), {
        "action": "override", "r-contract": "C", "r-points_ns": "36", "r-breach": "none",
        "r-note": "Agreed at the table",
    })
    state = selectors.result_state(table1, deal1)
    assert state.counted.points_ns == 36 and state.counted.by_director == director
    assert ResultEntry.objects.count() == 2
    body = director_client.get(cell_url(championship)).content.decode()
    assert "Agreed at the table" in body and "127.0.0.1" in body


def test_director_confirms_a_disputed_entry(director_client, championship, teams, table1, deal1):
    entry = enter(teams[0], table1, deal1, 40)
    pairs_services.dispute_entry(entry_id=entry.pk, team=teams[1], comment="No")
    director_client.post(cell_url(championship), {"action": "confirm", "entry": entry.pk})
    assert selectors.result_state(table1, deal1).counted == entry


def test_adjustments_through_the_page(director_client, championship, teams, table1, deal1):
    enter(teams[0], table1, deal1, 40, confirm_by=teams[1])
    response = director_client.post(cell_url(championship), {
        "action": "adjust", "a-side": "both", "a-kind": "custom", "a-value": "2.5",
        "a-reason": "x",
    })
    assert "Value: an adjusted score must lie between 0 and 2." in response.content.decode()
    response = director_client.post(cell_url(championship), {
        "action": "adjust", "a-side": "both", "a-kind": "average_plus", "a-reason": "",
    })
    assert "Reason: an adjusted score always needs a written reason." in response.content.decode()
    assert not Adjustment.objects.exists()
    director_client.post(cell_url(championship), {
        "action": "adjust", "a-side": "both", "a-kind": "custom", "a-value": "1.55",
        "a-reason": "Fouled board",
    })
    score = scores_of(deal1)[table1.pk]
    assert score.ns_final == score.ew_final == Fraction(31, 20)
    director_client.post(cell_url(championship), {"action": "clear", "side": "NS",
                                                  "reason": "Wrong table"})
    score = scores_of(deal1)[table1.pk]
    assert score.ns_final == Fraction(3, 2) and not score.ns_adjusted
    assert Adjustment.objects.count() == 3


def test_close_and_publish(director_client, championship, round1, teams, table1, deal1):
    client = Client()  # the public, not logged in
    enter(teams[0], table1, deal1, 40, confirm_by=teams[1])
    standings_url = reverse("scoring:standings", args=[championship.pk])
    traveller_url = reverse("scoring:traveller", args=[championship.pk, 1])
    assert "not published" in client.get(standings_url).content.decode()
    director_client.post(reverse("scoring:publish", args=[championship.pk]), {"public": "1"})
    championship.refresh_from_db()
    assert championship.results_public
    # Published, but round 1 is still being played: nothing of it leaks.
    assert client.get(traveller_url).status_code == 404
    rows = client.get(standings_url).context["rows"]
    assert all(row.total == 0 for row in rows)
    director_client.post(reverse("scoring:close_round", args=[championship.pk, 1]), {"confirm": "yes"})
    round1.refresh_from_db()
    assert round1.status == "closed"
    assert client.get(traveller_url).status_code == 200
    rows = client.get(standings_url).context["rows"]
    assert {row.team.name: row.total for row in rows}["Team 1"] == Fraction(3, 2)
    director_client.post(reverse("scoring:publish", args=[championship.pk]), {"public": "0"})
    assert "not published" in client.get(standings_url).content.decode()


@pytest.mark.parametrize("page", ["standings", "projector", "travellers"])
def test_result_pages_render_for_the_director(director_client, championship, page, teams,
                                              table1, deal1):
    enter(teams[0], table1, deal1, 40, confirm_by=teams[1])
    response = director_client.get(reverse(f"scoring:{page}", args=[championship.pk]))
    assert response.status_code == 200


def test_scorecard_lists_every_deal_and_the_bye(director_client, db, director):
    championship = make_championship(teams=3, deals_per_match=2, director=director)
    t1, t2, t3 = teams_of(championship)
    round1 = make_round(championship, 1, [(t1, t2)], bye=t3)
    table = round1.tables.get()
    for deal in round1.deals.all():
        enter(t1, table, deal, 40, confirm_by=t2, contract="BOT")
    body = director_client.get(reverse("scoring:scorecard", args=[championship.pk, 1])).content.decode()
    assert body.count("40-32") == 2 and "Team 2" in body
    response = director_client.get(reverse("scoring:scorecard", args=[championship.pk, 3]))
    assert "Round 1: bye" in response.content.decode()
    assert response.context["total"] == "3.00"
