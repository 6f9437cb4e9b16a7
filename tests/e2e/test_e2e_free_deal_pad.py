"""A free-deal game on the phones (rules.md 11): a captain keeps the score pad hand by hand
with no network, the totals fill the result, it is sent once the network is back, and the
other pair confirms it on its own phone."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
from free_deal_factories import make_free_deal, next_round  # noqa: E402
from test_e2e_offline import _wait_for_offline_copy  # noqa: E402

from scoring.models import GameEntry  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)


def add_hand(page, contract: str, points: str, doubling: str = "0") -> None:
    page.select_option("#pad-contract", contract)
    page.select_option("#pad-doubling", doubling)
    page.fill("#pad-points", points)
    page.click("#pad-add")


def _note(page, kind="result"):
    return page.locator(f"#game .outbox-note[data-kind='{kind}']")


def test_score_pad_offline_then_send_and_confirm(live_server, phone, django_user_model):
    director = django_user_model.objects.create_user("fd-e2e", password="x")
    championship = make_free_deal(director, pairs=4, target=101, hand_limit=12)
    table = next_round(championship, director).tables.order_by("number").first()
    first, second = table.ns_team, table.ew_team
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{first.pk}/{first.link_secret}/")
    expect(page.locator("#score-pad")).to_be_visible()
    _wait_for_offline_copy(page)
    phone.set_offline(True)
    # Hand 1: the first pair make coins and take 50 (+14); hand 2: the second pair choose
    # Botifarra and take 60, contro'd (+24 x 2 x 2 = 96); hand 3: the first pair take 30 in
    # cups, so the second pair score 6 and reach 102.
    add_hand(page, "O", "50")
    add_hand(page, "BOT", "60", doubling="1")
    expect(page.locator("#pad-first-total")).to_have_text("14")
    expect(page.locator("#pad-second-total")).to_have_text("96")
    # The phone is closed and opened again with no network: the hands are still there.
    assert page.reload().from_service_worker
    expect(page.locator("#pad-second-total")).to_have_text("96")
    expect(page.locator("#pad-rows tr")).to_have_count(2)
    add_hand(page, "C", "30")
    expect(page.locator("#pad-second-total")).to_have_text("102")
    expect(page.locator("#pad-add")).to_be_disabled()
    assert page.input_value("#id_first_points") == "14"
    assert page.input_value("#id_second_points") == "102"
    assert page.input_value("#id_hands_played") == "3"
    assert page.input_value("#id_ended_by") == "target"
    page.click("#game-form button[type=submit]")
    expect(_note(page)).to_have_attribute("data-outbox-state", "queued")
    expect(_note(page)).to_contain_text("Saved on this phone, not sent yet.")
    # Still waiting after another reload with no network.
    page.reload()
    expect(_note(page)).to_have_attribute("data-outbox-state", "queued")
    assert GameEntry.objects.count() == 0
    phone.set_offline(False)  # sent by itself
    expect(_note(page)).to_have_attribute("data-outbox-state", "sent")
    expect(_note(page)).to_contain_text("Game entered")
    entry = GameEntry.objects.get()
    assert (entry.first_points, entry.second_points, entry.hands_played) == (14, 102, 3)
    assert [hand["points"] for hand in entry.hands] == [14, 96, 6]
    other = phone.new_page()
    other.goto(f"{live_server.url}/t/{second.pk}/{second.link_secret}/")
    other.get_by_role("button", name="Confirm").click()
    expect(_note(other, "confirm")).to_contain_text("Game confirmed")
    expect(other.locator("#game")).to_have_attribute("data-status", "confirmed")
    assert entry.reviews.get().by_team_id == second.pk


def test_the_other_pair_confirms_with_its_pin_on_this_phone(live_server, phone,
                                                            django_user_model):
    director = django_user_model.objects.create_user("fd-e2e-pin", password="x")
    championship = make_free_deal(director, pairs=4, target=101, hand_limit=12)
    table = next_round(championship, director).tables.order_by("number").first()
    first, second = table.ns_team, table.ew_team
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{first.pk}/{first.link_secret}/")
    page.fill("#id_first_points", "101")
    page.fill("#id_second_points", "64")
    page.select_option("#id_ended_by", "target")
    page.fill("#id_hands_played", "8")
    page.click("#game-form button[type=submit]")
    expect(_note(page)).to_have_attribute("data-outbox-state", "sent")
    expect(page.locator("form.pin-form")).to_be_visible()
    wrong = "0000" if second.pin != "0000" else "1111"
    page.locator("form.pin-form input[name='pin']").fill(wrong)
    page.get_by_role("button", name="Confirm with PIN").click()
    expect(page.locator(".messages")).to_contain_text(f"Wrong PIN for {second.name}")
    page.locator("form.pin-form input[name='pin']").fill(second.pin)
    page.get_by_role("button", name="Confirm with PIN").click()
    expect(page.locator(".messages")).to_contain_text("Game confirmed")
    expect(page.locator("#game")).to_have_attribute("data-status", "confirmed")
    review = GameEntry.objects.get().reviews.get()
    assert (review.by_team_id, review.via_pin) == (second.pk, True)
