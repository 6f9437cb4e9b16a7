"""The captain's page: entering, confirming and disputing results through the team link."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from scoring_factories import close

from formats.duplicate_pairs import services as pairs_services
from scoring.models import PinAttempt, ResultEntry, ResultReview
from scoring.services import PIN_MAX_FAILURES


def page_url(team):
    return reverse("scoring:captain", args=[team.pk, team.link_secret])


def submit_url(team, deal_number):
    return reverse("duplicate_pairs:captain_submit", args=[team.pk, team.link_secret, deal_number])


def form_data(deal_number=1, key=None, **values):
    data = {"contract": "O", "points_ns": "40", "breach": "none", "idempotency_key": key or ""}
    data.update(values)
    prefixed = {f"d{deal_number}-{name}": value for name, value in data.items() if value is not None}
    return prefixed


def text(response) -> str:
    return response.content.decode()


def test_unknown_link_is_404(client, teams):
    assert client.get(f"/t/{teams[0].pk}/not-the-secret/").status_code == 404
    assert client.get(f"/t/999999/{teams[0].link_secret}/").status_code == 404


def test_page_shows_the_table_and_deals_but_never_the_cards(client, teams, round1):
    response = client.get(page_url(teams[0]))
    assert response.status_code == 200
    body = text(response)
    assert "Team 1" in body and "Team 2" in body
    for deal in round1.deals.all():
        assert f'id="deal-{deal.number}"' in body
        # Nothing of the cards: not the notation, nor any hand of it.
        assert deal.cards not in body
        for hand in deal.cards[2:].split():
            assert hand not in body
    # Numeric keypad on the phone.
    assert 'inputmode="numeric"' in body
    assert response["Cache-Control"] == "private, no-store"


def test_page_shows_no_other_tables_entries(client, teams, table2, deal1):
    from scoring_factories import result


    pairs_services.submit_result(team=teams[2], table=table2, deal=deal1, data=result(points_ns=61),
                           idempotency_key=None)
    body = text(client.get(page_url(teams[0])))
    # The other table's result in any form a page shows one (random keys and link secrets
    # in the page may contain "61" by chance, so the bare number proves nothing).
    assert "NS 61" not in body and "61-11" not in body and "EW 11" not in body
    assert "Team 3" not in body
    assert text(client.get(page_url(teams[2]))).count("NS 61") == 1  # where it does show


def test_submit_then_other_team_confirms(client, teams, deal1):
    response = client.post(submit_url(teams[0], 1), form_data(points_ns="40"), follow=True)
    assert response.status_code == 200
    entry = ResultEntry.objects.get()
    assert entry.by_team == teams[0] and entry.points_ns == 40
    assert "Team 2" in text(response)
    # The other team sees it with confirm and dispute buttons.
    body = text(client.get(page_url(teams[1])))
    assert reverse("duplicate_pairs:captain_confirm", args=[teams[1].pk, teams[1].link_secret, entry.pk]) in body
    assert reverse("duplicate_pairs:captain_dispute", args=[teams[1].pk, teams[1].link_secret, entry.pk]) in body
    client.post(reverse("duplicate_pairs:captain_confirm", args=[teams[1].pk, teams[1].link_secret, entry.pk]))
    assert ResultReview.objects.get().by_team == teams[1]


def test_self_confirmation_is_refused_through_the_page(client, teams, deal1):
    client.post(submit_url(teams[0], 1), form_data())
    entry = ResultEntry.objects.get()
    response = client.post(
        reverse("duplicate_pairs:captain_confirm", args=[teams[0].pk, teams[0].link_secret, entry.pk]),
        follow=True,
    )
    assert "cannot confirm it" in text(response)
    assert not ResultReview.objects.exists()


def test_dispute_through_the_page(client, teams, deal1):
    client.post(submit_url(teams[0], 1), form_data())
    entry = ResultEntry.objects.get()
    url = reverse("duplicate_pairs:captain_dispute", args=[teams[1].pk, teams[1].link_secret, entry.pk])
    response = client.post(url, {"x1-comment": ""})
    assert "Comment: say what is wrong" in text(response)
    assert not ResultReview.objects.exists()
    client.post(url, {"x1-comment": "They had 36, not 40"})
    review = ResultReview.objects.get()
    assert review.verdict == "dispute" and review.comment == "They had 36, not 40"


# Every validation case of rules.md 6.1: a message naming the field, and nothing written.
INVALID = [
    ({"contract": ""}, "Contract: choose a suit or Botifarra."),
    ({"contract": "X"}, "Contract: choose a suit or Botifarra."),
    ({"points_ns": ""}, "NS points: enter the points of North-South, from 0 to 72."),
    ({"points_ns": "abc"}, "NS points: enter a whole number from 0 to 72."),
    ({"points_ns": "73"}, "NS points: 73 is not between 0 and 72."),
    ({"points_ns": "-1"}, "NS points: -1 is not between 0 and 72."),
    ({"points_ns": "40", "points_ew": "30"}, "EW points: NS and EW points must add up to 72"),
    ({"points_ew": "x"}, "EW points: enter a whole number from 0 to 72, or leave it empty."),
    ({"recontro": "on"}, "Recontro: only possible after contro."),
    ({"contro": "on", "recontro": "on", "sant_vicenc": "on"}, "Sant Vicenç: not allowed in duplicate"),
    ({"breach": "NSEW"}, "Rule breach: choose none, NS, EW or both."),
]


@pytest.mark.parametrize(("values", "message"), INVALID)
def test_every_validation_case_names_the_field_and_writes_nothing(client, teams, deal1, values,
                                                                   message):
    response = client.post(submit_url(teams[0], 1), form_data(**values),
                           HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert message in text(response).replace("&#x27;", "'")
    assert not ResultEntry.objects.exists()


def test_ew_points_that_add_up_are_accepted(client, teams, deal1):
    client.post(submit_url(teams[0], 1), form_data(points_ns="40", points_ew="32"))
    assert ResultEntry.objects.get().points_ns == 40


def test_link_of_table_1_cannot_write_to_table_2(client, teams, table2, deal1):
    # Team 1 plays at table 1. Whatever it posts, its entries go to its own table; it cannot
    # review an entry of table 2.
    from scoring_factories import result


    other, _ = pairs_services.submit_result(team=teams[2], table=table2, deal=deal1,
                                      data=result(points_ns=50), idempotency_key=None)
    for action in ("captain_confirm", "captain_dispute", "captain_pin"):
        response = client.post(
            reverse(f"duplicate_pairs:{action}", args=[teams[0].pk, teams[0].link_secret, other.pk]),
            {"x1-comment": "x", "p1-pin": teams[3].pin},
        )
        assert response.status_code == 404
    assert not ResultReview.objects.exists()
    assert not PinAttempt.objects.exists()
    client.post(submit_url(teams[0], 1), form_data(table=str(table2.pk)))
    assert ResultEntry.objects.filter(table=table2).count() == 1
    # A deal of another round does not exist for this link.
    assert client.post(submit_url(teams[0], 99), form_data(deal_number=99)).status_code == 404


def test_links_and_pins_do_not_work_for_a_closed_round(client, teams, round1, deal1):
    client.post(submit_url(teams[0], 1), form_data())
    entry = ResultEntry.objects.get()
    close(round1)
    body = text(client.get(page_url(teams[0])))
    assert "This round is closed" in body
    assert submit_url(teams[0], 1) not in body
    client.post(submit_url(teams[0], 1), form_data(points_ns="20"))
    pin_url = reverse("duplicate_pairs:captain_pin", args=[teams[0].pk, teams[0].link_secret, entry.pk])
    client.post(pin_url, {"p1-pin": teams[1].pin})
    confirm = reverse("duplicate_pairs:captain_confirm", args=[teams[1].pk, teams[1].link_secret, entry.pk])
    client.post(confirm)
    assert ResultEntry.objects.count() == 1
    assert not ResultReview.objects.exists()
    assert not PinAttempt.objects.exists()


def test_pin_confirmation_on_the_same_phone_and_lockout(client, teams, deal1):
    client.post(submit_url(teams[0], 1), form_data())
    entry = ResultEntry.objects.get()
    url = reverse("duplicate_pairs:captain_pin", args=[teams[0].pk, teams[0].link_secret, entry.pk])
    wrong = "0000" if teams[1].pin != "0000" else "1111"
    for _ in range(PIN_MAX_FAILURES):
        response = client.post(url, {"p1-pin": wrong}, follow=True)
    assert "Too many wrong PINs" in text(response)
    response = client.post(url, {"p1-pin": teams[1].pin}, follow=True)
    assert "Too many wrong PINs" in text(response)
    assert not ResultReview.objects.exists()


def test_pin_confirms(client, teams, deal1):
    client.post(submit_url(teams[0], 1), form_data())
    entry = ResultEntry.objects.get()
    url = reverse("duplicate_pairs:captain_pin", args=[teams[0].pk, teams[0].link_secret, entry.pk])
    response = client.post(url, {"p1-pin": teams[1].pin}, follow=True)
    assert ResultReview.objects.get().via_pin
    assert re.search(r'data-status="confirmed"', text(response))


def test_double_submission_is_stored_once(client, teams, deal1):
    data = form_data(key="same-key-123")
    client.post(submit_url(teams[0], 1), data)
    client.post(submit_url(teams[0], 1), data)
    assert ResultEntry.objects.count() == 1


def test_bye_and_waiting_pages(client, db, director):
    from scoring_factories import make_championship, make_round, teams_of

    championship = make_championship(teams=3, director=director)
    t1, t2, t3 = teams_of(championship)
    assert "Waiting for the next round" in text(client.get(page_url(t1), HTTP_ACCEPT_LANGUAGE="en"))
    make_round(championship, 1, [(t1, t2)], bye=t3)
    assert "has the bye" in text(client.get(page_url(t3), HTTP_ACCEPT_LANGUAGE="en"))
