"""A group game on the phones (rules.md 12.1), at a phone's width: a captain keeps the score
pad hand by hand; level after the 8 hands, the pad asks for 2 more instead of stopping; after
them it fills the result (10 hands, ended by its hands) and the captain sends it; the other
pair confirms it on its own phone."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
from groups_knockout_factories import make_groups_event  # noqa: E402
from test_e2e_free_deal_pad import add_hand  # noqa: E402

from formats.groups_knockout.services import make_groups  # noqa: E402
from scoring.models import GameEntry  # noqa: E402
from tournaments import services  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_level_group_game_plays_two_more_hands_then_is_sent_and_confirmed(
        live_server, phone, django_user_model):
    director = django_user_model.objects.create_user("gk-pad", password="x")
    championship = make_groups_event(director, pairs=8, seeding="snake")
    make_groups(championship)
    (round_,) = services.generate_next_round(championship)
    services.release_round(round_, by=director)
    table = round_.tables.select_related("ns_team", "ew_team").order_by("number").first()
    first, second = table.ns_team, table.ew_team
    page = phone.new_page()
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/t/{first.pk}/{first.link_secret}/")
    expect(page.locator("#score-pad")).to_be_visible()
    # Eight hands, each the makers' 50 in coins (+14 to the makers, who take turns): level,
    # 56–56, after the set hands.
    for _ in range(8):
        add_hand(page, "O", "50")
    expect(page.locator("#pad-first-total")).to_have_text("56")
    expect(page.locator("#pad-second-total")).to_have_text("56")
    expect(page.locator("#pad-status")).to_contain_text("Level after 8 hands: play 2 more.")
    expect(page.locator("#pad-add")).to_be_enabled()
    expect(page.locator("#pad-next")).to_contain_text("Hand 9")
    # Two more: the first pair take 50 (+14), the second pair 40 (+4): 70–60 after 10.
    add_hand(page, "O", "50")
    add_hand(page, "O", "40")
    expect(page.locator("#pad-add")).to_be_disabled()
    expect(page.locator("#pad-status")).to_contain_text("That was the last hand")
    assert page.input_value("#id_first_points") == "70"
    assert page.input_value("#id_second_points") == "60"
    assert page.input_value("#id_hands_played") == "10"
    assert page.input_value("#id_ended_by") == "hands"
    # Nothing wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.click("#game-form button[type=submit]")
    expect(page.locator("#game")).to_have_attribute("data-status", "pending")
    entry = GameEntry.objects.get()
    assert (entry.first_points, entry.second_points, entry.hands_played, entry.ended_by) == (
        70, 60, 10, "hands")
    assert len(entry.hands) == 10
    other = phone.new_page()
    other.set_viewport_size({"width": 360, "height": 740})
    other.goto(f"{live_server.url}/t/{second.pk}/{second.link_secret}/")
    other.get_by_role("button", name="Confirm", exact=True).click()
    expect(other.locator("#game")).to_have_attribute("data-status", "confirmed")
    assert entry.reviews.get().by_team_id == second.pk
