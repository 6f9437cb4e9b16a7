"""The free-deal score pad survives the director's clock (rules.md 11): while a captain keeps the
pad, the director pauses, resumes and adds time on the director's page; every change reaches
the phone through the live stream, and the phone fetches its game card again (which may now
hold the other pair's result). The pad, the hand being typed and the hands already kept stay
as they were, and the pad still fills the result form afterwards.

Served by uvicorn (``config.asgi``), whose live stream tells the phone at once (the test
server's WSGI stream answers 204, and the page would only poll every 45 s)."""

from __future__ import annotations

import sys
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from phones import phone_context
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "live_updates"))
from free_deal_factories import make_free_deal, next_round, win  # noqa: E402
from servers import database_url, uvicorn_servers  # noqa: E402

from scoring.services import games  # noqa: E402
from tournaments.services import clock as clock_services  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)

DIRECTOR, PASSWORD = "pad-clock-director", "pad-pass-9"


@pytest.fixture
def event(django_user_model):
    """Round 1 released with its clock running; the captain of table 1's first pair."""
    director = django_user_model.objects.create_user(DIRECTOR, password=PASSWORD)
    championship = make_free_deal(director, pairs=4, target=101, hand_limit=12,
                                  round_minutes=30)
    round_ = next_round(championship, director)
    clock_services.start_clock(round_, by=director)
    table = round_.tables.select_related("ns_team", "ew_team").order_by("number").first()
    return championship, table


def _director_page(context, base: str, championship):
    page = context.new_page()
    page.goto(f"{base}/accounts/login/?next=/director/c/{championship.pk}/results/rounds/1/")
    page.fill("#id_username", DIRECTOR)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator("#round-clock")).to_have_attribute("data-state", "running")
    return page


def _heard(captain, act) -> None:
    """``act()`` changes something elsewhere; the captain's phone hears of it and fetches its
    page again (the fetch's answer is awaited, then the page has had time to use it). A card
    the test marked (``data-old``) is to be swapped in: the swap is awaited. An unmarked one
    (the captain is busy: the page keeps it) gets 400 ms, in which the answer would have
    been swapped in (a task or two after it arrives)."""
    url = captain.url
    marked = captain.locator("#game[data-old]")
    swapped = marked.count() == 1

    def refetch(response) -> bool:
        return (response.url == url and response.request.method == "GET"
                and response.request.resource_type == "fetch")

    with captain.expect_response(refetch) as fetched:
        act()
    fetched.value.finished()
    if swapped:
        expect(marked).to_have_count(0)
    else:
        captain.wait_for_timeout(400)


def _change_clock(director, captain, button: str, state: str) -> None:
    _heard(captain, lambda: director.get_by_role("button", name=button).click())
    expect(captain.locator("#round-clock")).to_have_attribute("data-state", state)


def _expect_typed_hand(captain, *, makers: str, contract: str, doubling: str,
                       points: str) -> None:
    pad = captain.locator("#score-pad")
    expect(pad).to_be_visible()
    expect(pad.locator(f"input[name='pad-first-makers'][value='{makers}']")).to_be_checked()
    expect(pad.locator("#pad-contract")).to_have_value(contract)
    expect(pad.locator("#pad-doubling")).to_have_value(doubling)
    expect(pad.locator("#pad-points")).to_have_value(points)


def test_the_pad_and_what_is_typed_on_it_survive_every_clock_change(browser, event):
    championship, table = event
    first, second = table.ns_team, table.ew_team
    with uvicorn_servers(1, database=database_url(connection.settings_dict), live_redis="",
                         channel=f"e2e-{uuid.uuid4().hex[:8]}",
                         secret_key=settings.SECRET_KEY) as (base,):
        context, desk = phone_context(browser), phone_context(browser)
        try:
            captain = context.new_page()
            captain.goto(f"{base}/t/{first.pk}/{first.link_secret}/")
            expect(captain.locator("html")).to_have_attribute("data-live", "on")
            expect(captain.locator("#score-pad")).to_be_visible()
            director = _director_page(desk, base, championship)

            # Before any hand: the second pair made trumps first; hand 1 is cups, contro'd,
            # the makers took 50, typed but not added yet. The captain puts the phone down.
            captain.check("input[name='pad-first-makers'][value='second']")
            captain.select_option("#pad-contract", "C")
            captain.select_option("#pad-doubling", "1")
            captain.fill("#pad-points", "50")
            captain.locator("#pad-points").blur()
            next_hand = f"Hand 1: trumps by {second.name}"
            expect(captain.locator("#pad-next")).to_have_text(next_hand)
            # The card is fetched again, and swapped in, on each change: mark today's.
            captain.locator("#game").evaluate("card => card.setAttribute('data-old', '')")
            for button, state in (("Pause the clock", "paused"), ("Resume the clock", "running"),
                                  ("Add time", "running")):
                _change_clock(director, captain, button, state)
                expect(captain.locator("#game[data-old]")).to_have_count(0)
                _expect_typed_hand(captain, makers="second", contract="C", doubling="1",
                                   points="50")
                expect(captain.locator("#pad-next")).to_have_text(next_hand)
                expect(captain.locator("#pad-rows tr")).to_have_count(0)
                captain.locator("#game").evaluate("card => card.setAttribute('data-old', '')")

            # The other pair enters a result meanwhile (here not through the server, so the
            # phone is not told of it), and the next clock change fetches it: the page asks
            # to check it and keeps the pad, opened, under "Enter a different result".
            games.submit_game(team=second, table=table, values=win(101, 50, hands=10),
                              idempotency_key="pad-clock-other-pair")
            _change_clock(director, captain, "Pause the clock", "paused")
            expect(captain.locator("#game[data-old]")).to_have_count(0)
            expect(captain.locator("#game")).to_have_attribute("data-status", "pending")
            expect(captain.get_by_role("button", name="Confirm", exact=True)).to_be_visible()
            _expect_typed_hand(captain, makers="second", contract="C", doubling="1", points="50")

            # The pad still works and fills the game's form on the page: 14 x 2 to the makers.
            captain.click("#pad-add")
            expect(captain.locator("#pad-rows tr")).to_have_count(1)
            expect(captain.locator("#pad-second-total")).to_have_text("28")
            expect(captain.locator("#id_second_points")).to_have_value("28")
            expect(captain.locator("#id_first_points")).to_have_value("0")
            expect(captain.locator("#id_hands_played")).to_have_value("1")

            # After a hand: hand 2 (the first pair make trumps, still cups) typed, not added.
            captain.fill("#pad-points", "30")
            captain.locator("#pad-points").blur()
            for button, state in (("Add time", "paused"), ("Resume the clock", "running"),
                                  ("Pause the clock", "paused")):
                _change_clock(director, captain, button, state)
                _expect_typed_hand(captain, makers="second", contract="C", doubling="0",
                                   points="30")
                expect(captain.locator("#pad-next")).to_have_text(
                    f"Hand 2: trumps by {first.name}")
                expect(captain.locator("#pad-rows tr")).to_have_count(1)
                expect(captain.locator("#pad-second-total")).to_have_text("28")
                expect(captain.locator("#id_second_points")).to_have_value("28")
                expect(captain.locator("#id_hands_played")).to_have_value("1")

            # The makers took 30: 6 to the second pair.
            captain.click("#pad-add")
            expect(captain.locator("#pad-rows tr")).to_have_count(2)
            expect(captain.locator("#pad-second-total")).to_have_text("34")
            expect(captain.locator("#id_second_points")).to_have_value("34")
            expect(captain.locator("#id_hands_played")).to_have_value("2")
        finally:
            context.close()
            desk.close()
