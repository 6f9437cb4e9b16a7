"""Several rounds open at once: a director may release round N+1 while round N is still being
played. A team's link then shows, and writes to, each of its tables in a released round, and
nothing else."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient
from scoring_factories import close, make_round, result

from formats.duplicate_pairs import services as pairs_services
from scoring import selectors, services
from scoring.models import PinAttempt, ResultEntry, ResultReview
from tournaments.models import Round

NO_OPEN_TABLE = "Your pair has no open table right now"
WITHDRAWN = ("Your pair has withdrawn: its link can no longer enter or confirm results. "
             "Please ask the director.")


def page_url(team):
    return reverse("scoring:captain", args=[team.pk, team.link_secret])


def submit_url(team, deal_number):
    return reverse("duplicate_pairs:captain_submit", args=[team.pk, team.link_secret, deal_number])


def action_url(name, team, entry):
    return reverse(f"duplicate_pairs:{name}", args=[team.pk, team.link_secret, entry.pk])


def form_data(deal_number, key="", **values):
    data = {"contract": "O", "points_ns": "40", "breach": "none", "idempotency_key": key}
    data.update(values)
    return {f"d{deal_number}-{name}": value for name, value in data.items()}


def text(response) -> str:
    return response.content.decode().replace("&#x27;", "'")


def api_url(team, what="results"):
    return f"/api/v1/captain/{team.pk}/{team.link_secret}/{what}/"


@pytest.fixture
def round2(championship, teams):
    """Round 2 released while round 1 is still open: 1 (NS) v 3 (EW), 2 v 4."""
    t1, t2, t3, t4 = teams
    return make_round(championship, 2, [(t1, t3), (t2, t4)])


@pytest.fixture
def deals(round1, round2):
    """The first deal of round 1 and of round 2."""
    return round1.deals.order_by("number").first(), round2.deals.order_by("number").first()


def table_of(round_, number):
    return round_.tables.get(number=number)


# --- The page --------------------------------------------------------------------------------


def test_page_shows_every_open_table_earliest_round_first(client, teams, round1, round2):
    body = text(client.get(page_url(teams[0])))
    first = body.index("Round 1 · Table 1")
    second = body.index("Round 2 · Table 1")
    assert first < second
    for round_ in (round1, round2):
        for deal in round_.deals.all():
            assert f'id="deal-{deal.number}"' in body
            assert submit_url(teams[0], deal.number) in body
            # No cards while the round is not closed.
            assert deal.cards not in body
            for hand in deal.cards[2:].split():
                assert hand not in body
    # Each round's deals sit in its own section, after its table.
    last_of_1 = max(d.number for d in round1.deals.all())
    first_of_2 = min(d.number for d in round2.deals.all())
    assert body.index(f'id="deal-{last_of_1}"') < second < body.index(f'id="deal-{first_of_2}"')
    # Opponents of both rounds.
    assert "Team 2" in body and "Team 3" in body
    assert "Team 4" not in body


def test_page_never_shows_another_tables_result(client, teams, round1, round2, deals):
    deal1, deal2 = deals
    pairs_services.submit_result(team=teams[2], table=table_of(round1, 2), deal=deal1,
                           data=result(points_ns=61), idempotency_key=None)
    pairs_services.submit_result(team=teams[1], table=table_of(round2, 2), deal=deal2,
                           data=result(points_ns=59), idempotency_key=None)
    body = text(client.get(page_url(teams[0])))
    assert "NS 61" not in body and "NS 59" not in body
    assert 'data-status="pending"' not in body
    # The control: the teams of those tables see them.
    assert "NS 61 – EW 11" in text(client.get(page_url(teams[3])))
    assert "NS 59 – EW 13" in text(client.get(page_url(teams[3])))


def test_submit_and_confirm_in_both_rounds(client, teams, round1, round2, deals):
    deal1, deal2 = deals
    t1, t2, t3, _t4 = teams
    response = client.post(submit_url(t1, deal1.number), form_data(deal1.number))
    # Back to the page, whose deal card holds (and focuses) the notice.
    assert response.status_code == 302 and response["Location"] == page_url(t1)
    assert f'id="deal-{deal1.number}-notes"' in text(client.get(page_url(t1)))
    response = client.post(submit_url(t1, deal2.number), form_data(deal2.number, points_ns="30"))
    assert f'id="deal-{deal2.number}-notes"' in text(client.get(response["Location"]))
    first = ResultEntry.objects.get(deal=deal1)
    second = ResultEntry.objects.get(deal=deal2)
    assert first.table == table_of(round1, 1) and second.table == table_of(round2, 1)
    # Each opponent sees its entry with a confirm button, and confirms it.
    assert action_url("captain_confirm", t2, first) in text(client.get(page_url(t2)))
    assert action_url("captain_confirm", t3, second) in text(client.get(page_url(t3)))
    client.post(action_url("captain_confirm", t2, first))
    client.post(action_url("captain_confirm", t3, second))
    assert {(r.entry_id, r.by_team_id) for r in ResultReview.objects.all()} == {
        (first.pk, t2.pk), (second.pk, t3.pk)
    }
    body = text(client.get(page_url(t1)))
    assert body.count('data-status="confirmed"') == 2


def test_dispute_and_pin_in_the_earlier_round(client, teams, round1, round2, deals):
    deal1, deal2 = deals
    t1, t2, t3, _t4 = teams
    client.post(submit_url(t1, deal1.number), form_data(deal1.number))
    client.post(submit_url(t1, deal2.number), form_data(deal2.number))
    first = ResultEntry.objects.get(deal=deal1)
    second = ResultEntry.objects.get(deal=deal2)
    client.post(action_url("captain_dispute", t2, first), {f"x{deal1.number}-comment": "36"})
    assert ResultReview.objects.get(entry=first).verdict == "dispute"
    client.post(action_url("captain_pin", t1, second), {f"p{deal2.number}-pin": t3.pin})
    review = ResultReview.objects.get(entry=second)
    assert review.via_pin and review.by_team == t3


def test_pin_lockout_stays_per_table(client, teams, round1, round2, deals):
    deal1, deal2 = deals
    t1, t2, t3, _t4 = teams
    client.post(submit_url(t1, deal1.number), form_data(deal1.number))
    client.post(submit_url(t1, deal2.number), form_data(deal2.number))
    first = ResultEntry.objects.get(deal=deal1)
    second = ResultEntry.objects.get(deal=deal2)
    wrong = "0000" if t2.pin != "0000" else "1111"
    for _ in range(services.PIN_MAX_FAILURES):
        client.post(action_url("captain_pin", t1, first), {f"p{deal1.number}-pin": wrong})
    assert services.pin_locked_until(table_of(round1, 1)) is not None
    assert services.pin_locked_until(table_of(round2, 1)) is None
    client.post(action_url("captain_pin", t1, second), {f"p{deal2.number}-pin": t3.pin})
    assert ResultReview.objects.get().entry == second


def test_a_link_never_writes_to_another_teams_table(client, teams, round1, round2, deals):
    deal1, deal2 = deals
    t1 = teams[0]
    other, _ = pairs_services.submit_result(team=teams[3], table=table_of(round2, 2), deal=deal2,
                                      data=result(50), idempotency_key=None)
    for name in ("captain_confirm", "captain_dispute", "captain_pin"):
        response = client.post(action_url(name, t1, other),
                               {f"x{deal2.number}-comment": "x", f"p{deal2.number}-pin": teams[1].pin})
        assert response.status_code == 404
    assert not ResultReview.objects.exists() and not PinAttempt.objects.exists()
    # Whatever it posts, the entry goes to the link's own table of that round.
    client.post(submit_url(t1, deal2.number), form_data(deal2.number, table=str(other.table_id)))
    assert ResultEntry.objects.filter(table=table_of(round2, 2)).count() == 1
    assert ResultEntry.objects.filter(table=table_of(round2, 1)).count() == 1
    # A deal the championship does not have is a 404.
    assert client.post(submit_url(t1, 999), form_data(999)).status_code == 404
    # A form key reused for another deal is refused.
    client.post(submit_url(t1, deal1.number), form_data(deal1.number, key="k-123"))
    response = client.post(submit_url(t1, deal2.number), form_data(deal2.number, key="k-123"),
                           follow=True)
    assert "This form was already used" in text(response)
    assert ResultEntry.objects.filter(table=table_of(round2, 1)).count() == 1


def test_a_closed_or_drafted_round_is_not_writable(client, teams, championship, round1, round2,
                                                   deals):
    deal1, deal2 = deals
    t1, t2, _t3, _t4 = teams
    client.post(submit_url(t1, deal1.number), form_data(deal1.number))
    entry = ResultEntry.objects.get()
    round3 = make_round(championship, 3, [(t1, t2)], status=Round.Status.DRAFTED)
    close(round1)
    body = text(client.get(page_url(t1)))
    assert "Round 1 · Table 1" not in body and "Round 2 · Table 1" in body
    assert submit_url(t1, deal1.number) not in body
    # A closed round is named (the answer may reach a phone that was offline meanwhile).
    closed = "Round 1 is closed: results can no longer be entered or confirmed here."
    for deal, message in ((deal1, closed), (round3.deals.order_by("number").first(),
                                            NO_OPEN_TABLE)):
        response = client.post(submit_url(t1, deal.number), form_data(deal.number, points_ns="20"),
                               follow=True)
        assert message in text(response)
    response = client.post(action_url("captain_confirm", t2, entry), follow=True)
    assert closed in text(response)
    client.post(action_url("captain_pin", t1, entry), {f"p{deal1.number}-pin": t2.pin})
    client.post(action_url("captain_dispute", t2, entry), {f"x{deal1.number}-comment": "x"})
    assert ResultEntry.objects.count() == 1
    assert not ResultReview.objects.exists() and not PinAttempt.objects.exists()


def test_closed_rounds_only_show_the_latest_table_read_only(client, teams, round1, round2):
    close(round1)
    close(round2)
    body = text(client.get(page_url(teams[0])))
    assert "Round 2 · Table 1" in body and "Round 1 · Table 1" not in body
    assert "This round is closed" in body
    assert "result-form" not in body


def test_bye_in_the_latest_round_with_an_open_table_in_an_earlier_one(client, championship,
                                                                       teams, round1):
    t1, t2, t3, t4 = teams
    make_round(championship, 2, [(t2, t3)], bye=t1)
    position = selectors.team_position(t1)
    assert position.writable and [t.round.number for t in position.tables] == [1]
    body = text(client.get(page_url(t1)))
    assert "Round 2: your pair has the bye" in body
    assert "Round 1 · Table 1" in body
    assert submit_url(t1, round1.deals.order_by("number").first().number) in body
    # A team with neither a table nor the bye in round 2 still plays round 1.
    body = text(client.get(page_url(t4)))
    assert "Round 1 · Table 2" in body and "has the bye" not in body
    close(round1)
    assert "Round 2: your pair has the bye" in text(client.get(page_url(t1)))
    assert "Waiting for the next round" in text(client.get(page_url(t4)))


def test_page_queries_do_not_grow_with_open_rounds(client, championship, teams, round1):
    t1, t2, t3, t4 = teams

    def count():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(page_url(t1)).status_code == 200
        return len(queries)

    pairs_services.submit_result(team=t1, table=table_of(round1, 1),
                           deal=round1.deals.order_by("number").first(), data=result(40),
                           idempotency_key=None)
    one = count()
    for number, pairs in ((2, [(t1, t3), (t2, t4)]), (3, [(t4, t1), (t2, t3)])):
        round_ = make_round(championship, number, pairs)
        pairs_services.submit_result(team=t1, table=round_.tables.get(number=1),
                               deal=round_.deals.order_by("number").first(), data=result(40),
                               idempotency_key=None)
    assert count() == one


# --- The API ---------------------------------------------------------------------------------


def test_api_writes_to_the_table_of_the_deals_round(teams, round1, round2, deals):
    deal1, deal2 = deals
    t1 = teams[0]
    api = APIClient()
    for deal, table in ((deal1, table_of(round1, 1)), (deal2, table_of(round2, 1))):
        response = api.post(api_url(t1), {"deal": deal.number, "contract": "O", "points_ns": 40},
                            format="json")
        assert response.status_code == 201, response.data
        assert response.data["round"] == deal.round.number
        assert response.data["table"] == table.number
        assert ResultEntry.objects.get(pk=response.data["id"]).table == table
    listed = api.get(api_url(t1)).data["results"]
    assert [(e["round"], e["deal"]) for e in listed] == [(1, deal1.number), (2, deal2.number)]
    # The opponents of each round see their own entry only.
    assert [e["deal"] for e in api.get(api_url(teams[1])).data["results"]] == [deal1.number]
    assert [e["deal"] for e in api.get(api_url(teams[2])).data["results"]] == [deal2.number]
    assert api.get(api_url(teams[3])).data["results"] == []
    tables = api.get(api_url(t1, "tables")).data["results"]
    assert [(t["round"], t["table"], t["side"], t["opponent"], t["open"]) for t in tables] == [
        (1, 1, "NS", 2, True), (2, 1, "NS", 3, True)
    ]
    assert tables[1]["deals"] == sorted(d.number for d in deal2.round.deals.all())


def test_api_refuses_closed_rounds_and_unknown_deals(teams, round1, round2, deals):
    deal1, deal2 = deals
    api = APIClient()
    close(round1)
    response = api.post(api_url(teams[0]), {"deal": deal1.number, "contract": "O",
                                            "points_ns": 40}, format="json")
    assert response.status_code == 409 and response.data["code"] == "round_closed"
    response = api.post(api_url(teams[0]), {"deal": 999, "contract": "O", "points_ns": 40},
                        format="json")
    assert response.status_code == 400 and "deal" in response.data
    assert not ResultEntry.objects.exists()
    assert [t["round"] for t in api.get(api_url(teams[0], "tables")).data["results"]] == [2]
    close(round2)
    response = api.post(api_url(teams[0]), {"deal": deal2.number, "contract": "O",
                                            "points_ns": 40}, format="json")
    assert response.status_code == 409
    tables = api.get(api_url(teams[0], "tables")).data["results"]
    assert [(t["round"], t["open"]) for t in tables] == [(2, False)]
    assert APIClient().get(f"/api/v1/captain/{teams[0].pk}/wrong/tables/").status_code == 404


def test_api_get_queries_are_bounded(teams, round1, round2, deals):
    deal1, deal2 = deals
    api = APIClient()
    for deal in (deal1, deal2):
        api.post(api_url(teams[0]), {"deal": deal.number, "contract": "O", "points_ns": 40},
                 format="json")
    with CaptureQueriesContext(connection) as queries:
        assert len(api.get(api_url(teams[0])).data["results"]) == 2
    assert len(queries) <= 8


# --- A withdrawn team ------------------------------------------------------------------------


def test_withdrawn_team_sees_a_notice_and_no_forms(client, teams, round1, round2, deals):
    deal1, _deal2 = deals
    t1, t2 = teams[0], teams[1]
    entry, _ = pairs_services.submit_result(team=t2, table=table_of(round1, 1), deal=deal1,
                                      data=result(40), idempotency_key=None)
    t1.withdrawn = True
    t1.save(update_fields=["withdrawn"])
    response = client.get(page_url(t1))
    assert response.status_code == 200
    body = text(response)
    assert WITHDRAWN in body
    assert "Round 1 · Table 1" in body  # still readable
    assert "result-form" not in body and "pin-form" not in body
    assert action_url("captain_confirm", t1, entry) not in body
    assert action_url("captain_dispute", t1, entry) not in body
    response = client.post(action_url("captain_confirm", t1, entry), follow=True)
    assert WITHDRAWN in text(response)
    assert not ResultReview.objects.exists()
    tables = APIClient().get(api_url(t1, "tables")).data["results"]
    assert [t["open"] for t in tables] == [False, False]
