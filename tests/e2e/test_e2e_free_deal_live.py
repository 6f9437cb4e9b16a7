"""Free-deal Swiss pages in a real browser, served by uvicorn (``config.asgi``) with its live
stream, as the duplicate grid and captain's page are (test_e2e_live.py):

- a game entered or confirmed on the other pair's phone shows at once on a captain's page and
  on the director's games page, without polling;
- the round's clock keeps counting on a captain's page that a new round swapped in whole,
  whether the page showed a clock before (the last round's table) or none (a bye)."""

from __future__ import annotations

import json
import re
import sys
import time
import urllib.request
import uuid
from pathlib import Path

import pytest
from clocks import expect_counting_down
from django.conf import settings
from django.db import connection
from phones import phone_context
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "live_updates"))
from free_deal_factories import make_free_deal, next_round, play_round, win  # noqa: E402
from servers import database_url, uvicorn_servers  # noqa: E402

from tournaments import services as tournament_services  # noqa: E402
from tournaments.services import clock as clock_services  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)

DIRECTOR, PASSWORD = "fd-live-director", "fd-live-pass-9"


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user(DIRECTOR, password=PASSWORD)


def _servers():
    return uvicorn_servers(1, database=database_url(connection.settings_dict), live_redis="",
                           channel=f"e2e-{uuid.uuid4().hex[:8]}",
                           secret_key=settings.SECRET_KEY)


def _director_page(context, base: str, championship, number: int):
    page = context.new_page()
    page.goto(f"{base}/accounts/login/?next=/director/c/{championship.pk}/results/rounds/"
              f"{number}/")
    page.fill("#id_username", DIRECTOR)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator("html")).to_have_attribute("data-live", "on")
    return page


def _captain_page(context, base: str, team):
    page = context.new_page()
    page.goto(f"{base}/t/{team.pk}/{team.link_secret}/")
    expect(page.locator("html")).to_have_attribute("data-live", "on")
    return page


def _post(url: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(url, method="POST", data=json.dumps(body or {}).encode(),
                                     headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(request, timeout=10).read())


def test_a_game_on_the_other_phone_shows_on_the_captains_and_the_directors_pages(
        browser, director):
    championship = make_free_deal(director, pairs=4)
    table = next_round(championship, director).tables.select_related(
        "ns_team", "ew_team").order_by("number").first()
    first, second = table.ns_team, table.ew_team
    with _servers() as (base,):
        context, desk = phone_context(browser), phone_context(browser)
        try:
            captain = _captain_page(context, base, first)
            expect(captain.locator("#game")).to_have_attribute("data-status", "empty")
            games = _director_page(desk, base, championship, 1)
            row = games.locator("#games-table tbody tr").first
            expect(row).to_have_class(re.compile(r"\bstate-empty\b"))

            # The second pair enters the game on its own phone (the API, through the server).
            api = f"{base}/api/v1/captain/{{}}/{{}}/free-deal/game/"
            started = time.perf_counter()
            entered = _post(api.format(second.pk, second.link_secret),
                            {"first_points": 101, "second_points": 64, "ended_by": "target",
                             "hands_played": 10, "idempotency_key": "fd-live-1"})
            expect(captain.locator("#game")).to_have_attribute("data-status", "pending",
                                                               timeout=5_000)
            seen_after = time.perf_counter() - started
            expect(captain.get_by_role("button", name="Confirm", exact=True)).to_be_visible()
            expect(row).to_have_class(re.compile(r"\bstate-pending\b"), timeout=5_000)
            expect(row).to_contain_text("101 – 64")

            # The first pair confirms on another phone (its link opened elsewhere).
            _post(api.format(first.pk, first.link_secret) + f"{entered['entry']['id']}/confirm/")
            expect(captain.locator("#game")).to_have_attribute("data-status", "confirmed",
                                                               timeout=5_000)
            expect(row).to_have_class(re.compile(r"\bstate-confirmed\b"), timeout=5_000)
        finally:
            context.close()
            desk.close()
    print(f"\nthe other pair's entry reached the captain's page in {seen_after * 1000:.0f} ms")
    assert seen_after < 2.0, seen_after


def _expect_counting(page, number: int) -> None:
    """The page shows round ``number``'s clock, running, and it counts down."""
    clock = page.locator("#round-clock")
    expect(clock.locator(".clock-title")).to_contain_text(f"Round {number}")
    expect(clock).to_have_attribute("data-state", "running")
    remaining = clock.locator("[data-clock-time]")
    expect(remaining).to_be_visible()
    expect_counting_down(remaining)


def test_the_clock_counts_on_a_page_swapped_in_by_a_new_round(browser, director):
    # Five pairs: one has the bye in round 1 (its page shows no clock), and plays in round 2.
    championship = make_free_deal(director, pairs=5, round_minutes=30)
    round_one = next_round(championship, director)
    clock_services.start_clock(round_one, by=director)
    table = round_one.tables.select_related("ns_team").filter(bye_team__isnull=True).order_by(
        "number").first()
    playing = table.ns_team
    seated = {team for pair in round_one.tables.values_list("ns_team", "ew_team")
              for team in pair}
    bye = championship.teams.exclude(pk__in=seated).get()
    with _servers() as (base,):
        context, desk = phone_context(browser), phone_context(browser)
        try:
            at_table = _captain_page(context, base, playing)
            _expect_counting(at_table, 1)
            at_bye = _captain_page(context, base, bye)
            expect(at_bye.locator("#round-clock")).to_have_count(0)

            # Round 1 is played and closed, round 2 released (nobody is told: not through the
            # server); then the director starts round 2's clock, which every page hears.
            play_round(round_one, lambda table: win())
            tournament_services.close_round(round_one, by=director)
            next_round(championship, director)
            games = _director_page(desk, base, championship, 2)
            games.get_by_role("button", name="Start the clock").click()
            expect(games.locator("#round-clock")).to_have_attribute("data-state", "running")

            for page in (at_table, at_bye):
                # The whole page is round 2's (its table, its game, its clock), and counts.
                expect(page.locator(".table-title")).to_contain_text("Round 2", timeout=5_000)
                expect(page.locator("#game")).to_have_attribute("data-round", "2")
                _expect_counting(page, 2)
        finally:
            context.close()
            desk.close()
