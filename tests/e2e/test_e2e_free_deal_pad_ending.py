"""The score pad says when the game is over and who won, and never leaves a captain stuck
with totals it would refuse (issue "A club night without a single why", items 1 and 2): at
the target the pad stops asking for the next hand, names the winner and moves to the result
to send; totals typed by hand that are not the pad's are named as such, and the pad can be
cleared (after a question) to send them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
from free_deal_factories import make_free_deal, next_round  # noqa: E402
from test_e2e_free_deal_pad import add_hand  # noqa: E402

from scoring.models import GameEntry  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def captain(live_server, phone, django_user_model):
    director = django_user_model.objects.create_user("fd-pad-end", password="x")
    championship = make_free_deal(director, pairs=4, target=101, hand_limit=12)
    table = next_round(championship, director).tables.order_by("number").first()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{table.ns_team.pk}/{table.ns_team.link_secret}/")
    expect(page.locator("#score-pad")).to_be_visible()
    return page, table


def test_at_the_target_the_pad_says_who_won_and_goes_to_the_result(captain):
    page, table = captain
    add_hand(page, "O", "50")
    expect(page.locator("#pad-next")).to_contain_text("Hand 2")
    add_hand(page, "BOT", "60", doubling="1")
    add_hand(page, "C", "30")  # the second pair reach 102
    expect(page.locator("#pad-next")).to_have_text("Game over")
    expect(page.locator("#pad-status")).to_contain_text(
        f"Game over: {table.ew_team.name} wins, 14–102.")
    for field in ("#pad-points", "#pad-contract", "#pad-add"):
        expect(page.locator(field)).to_be_disabled()
    expect(page.locator("#game-form button[type=submit]")).to_be_focused()
    assert page.input_value("#id_ended_by") == "target"


def test_typed_totals_that_are_not_the_pads_can_be_sent_once_it_is_cleared(captain):
    page, _table = captain
    add_hand(page, "O", "50")
    add_hand(page, "C", "20")
    expect(page.locator("#pad-clear")).to_be_visible()
    page.fill("#id_first_points", "40")
    page.fill("#id_second_points", "101")
    page.fill("#id_hands_played", "7")
    expect(page.locator("#pad-status")).to_contain_text("These totals are not the score pad's")
    page.once("dialog", lambda dialog: dialog.dismiss())  # asked first: nothing is lost
    page.click("#pad-clear")
    expect(page.locator("#pad-rows tr")).to_have_count(2)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#pad-clear")
    expect(page.locator("#pad-rows tr")).to_have_count(0)
    expect(page.locator("#pad-clear")).to_be_hidden()
    assert page.input_value("#id_first_points") == "40"  # the typed totals stay
    page.select_option("#id_ended_by", "target")
    page.click("#game-form button[type=submit]")
    expect(page.locator("#game")).to_have_attribute("data-status", "pending")
    entry = GameEntry.objects.get()
    assert (entry.first_points, entry.second_points, entry.hands_played, entry.hands) == (
        40, 101, 7, None)


def test_without_javascript_a_refused_result_focuses_its_field(live_server, browser,
                                                                django_user_model):
    from phones import phone_context

    director = django_user_model.objects.create_user("fd-no-js", password="x")
    championship = make_free_deal(director, pairs=4, target=101, hand_limit=12)
    table = next_round(championship, director).tables.order_by("number").first()
    context = phone_context(browser, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/t/{table.ns_team.pk}/{table.ns_team.link_secret}/")
        page.fill("#id_first_points", "101")
        page.fill("#id_second_points", "104")  # both at the target: refused by the server
        page.fill("#id_hands_played", "9")
        page.select_option("#id_ended_by", "target")
        page.click("#game-form button[type=submit]")
        field = page.locator("#id_first_points")
        expect(field).to_be_focused()
        expect(field).to_have_attribute("aria-invalid", "true")
        assert GameEntry.objects.count() == 0
    finally:
        context.close()
