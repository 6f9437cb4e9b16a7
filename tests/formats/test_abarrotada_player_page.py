"""A player's page (rules.md 10.2): the table and the deals; a player enters a deal, another
confirms on their phone, or types their PIN on the entering player's phone; a refusal shows
in the deal's card; the PIN lockout holds per table."""

from __future__ import annotations

import re

import pytest
from abarrotada_factories import make_individual, next_round, seated
from django.urls import reverse

from formats.abarrotada import selectors
from formats.abarrotada.models import DealReport, ReportReview, SeatPinAttempt
from scoring.services.pins import PIN_MAX_FAILURES

pytestmark = pytest.mark.django_db
EN = {"headers": {"accept-language": "en"}}


def page(player) -> str:
    return reverse("scoring:captain", args=[player.pk, player.link_secret])


def form_for(text: str, deal: int, **values) -> dict:
    key = re.search(rf'name="deal{deal}-idempotency_key" value="([^"]+)"', text).group(1)
    data = {f"deal{deal}-idempotency_key": key, f"deal{deal}-maker": "N",
            f"deal{deal}-contract": "O", f"deal{deal}-delegations": "0"}
    data.update({f"deal{deal}-{name}": value for name, value in values.items()})
    return data


@pytest.fixture
def table(director):
    championship = make_individual(director, players=8, rounds=2, deals=2)
    return next_round(championship, director).player_tables.order_by("number").first()


def test_a_player_enters_and_another_confirms_with_their_pin(client, table):
    who = seated(table)
    text = client.get(page(who["N"]), **EN).content.decode()
    assert "Round 1 · Table 1" in text and who["S"].name in text and "Deal 1" in text
    data = form_for(text, 1, points_n="30", points_e="14", points_s="20", points_w="8")
    url = reverse("abarrotada:player_submit", args=[who["N"].pk, who["N"].link_secret, 1])
    assert client.post(url, data, **EN).status_code == 302
    client.post(url, data, **EN)  # a double tap: the same key, one entry
    report = DealReport.objects.get()
    text = client.get(page(who["N"]), **EN).content.decode()
    assert "Deal 1 entered" in text and "or here with their PIN" in text
    pin_url = reverse("abarrotada:player_pin", args=[who["N"].pk, who["N"].link_secret,
                                                     report.pk])
    wrong = "0000" if who["W"].pin != "0000" else "1111"
    if wrong in {p.pin for p in who.values()}:
        wrong = next(f"{n:04d}" for n in range(10_000)
                     if f"{n:04d}" not in {p.pin for p in who.values()})
    client.post(pin_url, {"pin": wrong}, **EN)
    text = client.get(page(who["N"]), **EN).content.decode()
    assert "Wrong PIN" in text
    client.post(pin_url, {"pin": who["W"].pin}, **EN)
    review = ReportReview.objects.get()
    # The PIN says who confirms (another player may share West's PIN: one in 10,000).
    assert review.by_team.pin == who["W"].pin and review.via_pin
    assert selectors.deal_states(table.round)[table.pk, 1].status == "confirmed"


def test_the_entering_players_own_pin_confirms_nothing(client, table):
    who = seated(table)
    text = client.get(page(who["E"]), **EN).content.decode()
    client.post(reverse("abarrotada:player_submit", args=[who["E"].pk, who["E"].link_secret, 1]),
                form_for(text, 1, points_n="30", points_e="14", points_s="20", points_w="8"))
    report = DealReport.objects.get()
    pins = {p.pin for s, p in who.items() if s != "E"}
    if who["E"].pin in pins:
        pytest.skip("two players at the table drew the same PIN")
    client.post(reverse("abarrotada:player_pin", args=[who["E"].pk, who["E"].link_secret,
                                                       report.pk]), {"pin": who["E"].pin})
    assert not ReportReview.objects.exists()


def test_a_refused_report_shows_in_its_card_and_writes_nothing(client, table):
    who = seated(table)
    text = client.get(page(who["S"]), **EN).content.decode()
    answer = client.post(reverse("abarrotada:player_submit",
                                 args=[who["S"].pk, who["S"].link_secret, 2]),
                         form_for(text, 2, points_n="30", points_e="14", points_s="20",
                                  points_w="9"), **EN)
    assert answer.status_code == 200
    card = answer.content.decode().split('id="deal-2"')[1]
    assert "add up to 73, not 72" in card
    assert not DealReport.objects.exists()


def test_wrong_pins_lock_pin_confirmation_at_the_table(client, table):
    who = seated(table)
    text = client.get(page(who["N"]), **EN).content.decode()
    client.post(reverse("abarrotada:player_submit", args=[who["N"].pk, who["N"].link_secret, 1]),
                form_for(text, 1, points_n="30", points_e="14", points_s="20", points_w="8"))
    report = DealReport.objects.get()
    taken = {p.pin for p in who.values()}
    wrong = next(f"{n:04d}" for n in range(10_000) if f"{n:04d}" not in taken)
    url = reverse("abarrotada:player_pin", args=[who["N"].pk, who["N"].link_secret, report.pk])
    for _ in range(PIN_MAX_FAILURES):
        client.post(url, {"pin": wrong}, **EN)
    client.post(url, {"pin": who["S"].pin}, **EN)
    assert not ReportReview.objects.exists()
    assert SeatPinAttempt.objects.filter(ok=False).count() == PIN_MAX_FAILURES
    assert "locked" in client.get(page(who["N"]), **EN).content.decode()


def test_a_sitting_out_player_is_told_so(client, director):
    championship = make_individual(director, players=9, rounds=1, deals=1)
    round_ = next_round(championship, director)
    out = round_.sit_outs.get().player
    assert "Round 1: you sit out" in client.get(page(out), **EN).content.decode()


def test_the_three_player_form_has_no_west(client, director):
    championship = make_individual(director, players=6, rounds=1, deals=3, form=3)
    table = next_round(championship, director).player_tables.first()
    text = client.get(page(seated(table)["N"]), **EN).content.decode()
    assert 'name="deal1-points_s"' in text and 'name="deal1-points_w"' not in text


def test_a_closed_round_and_a_withdrawn_player_enter_nothing(client, director, table):
    from tournaments import services

    who = seated(table)
    services.withdraw_team(who["E"])
    text = client.get(page(who["E"]), **EN).content.decode()
    assert "You have withdrawn" in text and "Send deal 1" not in text
    services.close_round(table.round, by=director)
    text = client.get(page(who["N"]), **EN).content.decode()
    assert "This round is closed" in text and "Send deal 1" not in text
    answer = client.post(reverse("abarrotada:player_submit",
                                 args=[who["N"].pk, who["N"].link_secret, 1]),
                         {"deal1-maker": "N"}, **EN)
    assert answer.status_code == 302 and not DealReport.objects.exists()
