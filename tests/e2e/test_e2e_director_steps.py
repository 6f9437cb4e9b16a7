"""Issue 24 items 6 and 7 in a browser: a new championship's checklist leads the director
from no team to round 1 released, and closing a round offers the next step; once round 1
closes and the results are published, a captain's page links to the standings, the team's
scorecard and the travellers, and the projector shows the tie-break columns while places
are tied."""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import expect
from round_one import DIRECTOR, PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)
# Set E2E_SCREENSHOTS to a folder to keep screenshots of the steps.
SHOTS = os.environ.get("E2E_SCREENSHOTS")


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def _log_in(page, base: str, next_url: str) -> None:
    page.goto(f"{base}/accounts/login/?next={next_url}")
    page.fill("#id_username", DIRECTOR)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{base}{next_url}")


def _steps(page) -> list[tuple[str, str]]:
    """Each checklist step's title and its "done"/"to do" badge."""
    items = page.locator(".checklist-steps > li")
    return [(items.nth(i).locator("strong").inner_text(),
             items.nth(i).locator(".badge").inner_text()) for i in range(items.count())]


def test_the_checklist_then_the_next_step(live_server, phone, django_user_model):
    from scoring_factories import make_championship

    from tournaments import services
    from tournaments.models import Championship, Round

    director = django_user_model.objects.create_user(DIRECTOR, password=PASSWORD)
    championship = make_championship(teams=0, director=director, name="E2E Steps",
                                     status=Championship.Status.DRAFT)
    base, pk = live_server.url, championship.pk
    page = phone.new_page()
    _log_in(page, base, f"/director/c/{pk}/")

    checklist = page.get_by_role("region", name="Getting started")
    expect(checklist).to_be_visible()
    assert _steps(page) == [
        ("Register the pairs", "to do"), ("Make the rounds", "to do"),
        ("Print the pair cards and round 1's sheets", "to do"), ("Release round 1", "to do")]
    expect(checklist).to_contain_text("At least two pairs are needed")
    shot(page, "steps-1-empty")
    # Before any team: nothing to print, generate or show.
    expect(page.get_by_role("link", name="Print the pair cards (PDF)")).to_have_count(0)
    expect(page.get_by_role("button", name="Generate the round robin schedule")).to_have_count(0)
    expect(page.get_by_role("link", name="Projector")).to_have_count(0)
    checklist.get_by_role("link", name="Import them from a file").click()
    expect(page).to_have_url(f"{base}/director/c/{pk}/teams/import/")

    for number in range(1, 5):
        services.add_team(championship, name=f"Parella {number}", club="",
                          player1=f"Anna {number}", player2=f"Pere {number}")
    page.goto(f"{base}/director/c/{pk}/")
    assert [state for _title, state in _steps(page)] == ["done", "to do", "to do", "to do"]
    checklist.get_by_role("button", name="Generate the round robin schedule").click()
    expect(page.locator(".messages")).to_contain_text("rounds generated")
    assert [state for _title, state in _steps(page)] == ["done", "done", "to do", "to do"]
    shot(page, "steps-2-rounds-made")
    expect(checklist.get_by_role("link", name="Deal sheets (PDF)")).to_be_visible()
    expect(checklist.get_by_role("link", name="Pair cards (PDF)")).to_be_visible()
    checklist.get_by_role("link", name="Open round 1").first.click()
    expect(page).to_have_url(f"{base}/director/c/{pk}/rounds/1/")
    page.get_by_role("button", name="Release the round").click()
    expect(page.locator(".messages")).to_contain_text("Round 1")

    # Round 1 in play: no checklist and no next step on the championship page.
    page.goto(f"{base}/director/c/{pk}/")
    expect(page.get_by_role("region", name="Getting started")).to_have_count(0)
    expect(page.locator(".next-step")).to_have_count(0)

    # Close round 1 from its grid (nothing entered: the page lists what is not confirmed).
    page.goto(f"{base}/director/c/{pk}/results/rounds/1/")
    page.get_by_role("link", name="Close round 1").click()
    expect(page.locator(".confirm")).to_contain_text("results are not confirmed yet")
    page.get_by_role("button", name="Close round 1").click()
    assert championship.rounds.get(number=1).status == Round.Status.CLOSED
    step = page.locator(".next-step")
    expect(step).to_contain_text("Next step")
    shot(page, "steps-3-next-step")
    step.get_by_role("link", name="Release round 2").click()
    expect(page).to_have_url(f"{base}/director/c/{pk}/rounds/2/")
    expect(page.get_by_role("button", name="Release the round")).to_be_visible()


def test_the_captain_links_and_the_projectors_tie_break(live_server, phone, round_one):
    from scoring_factories import close

    championship, team = round_one.championship, round_one.ns
    base, pk = live_server.url, championship.pk
    captain = phone.new_page()
    captain.goto(f"{base}/t/{team.pk}/{team.link_secret}/")
    expect(captain.locator("nav.captain-results")).to_have_count(0)  # nothing published

    close(round_one.round)  # nothing entered: every team on 0, all places tied
    championship.results_public = True
    championship.save(update_fields=["results_public"])
    captain.reload()
    links = captain.locator("nav.captain-results")
    expect(links.get_by_role("link")).to_have_text(["Standings", "Our scorecard", "Travellers"])
    links.get_by_role("link", name="Our scorecard").click()
    expect(captain).to_have_url(f"{base}/c/{pk}/results/teams/{team.number}/")
    expect(captain.locator("h1")).to_contain_text(team.name)
    captain.go_back()
    captain.locator("nav.captain-results").get_by_role("link", name="Travellers").click()
    expect(captain).to_have_url(re.compile(rf"/c/{pk}/results/deals/"))
    captain.go_back()
    captain.locator("nav.captain-results").get_by_role("link", name="Standings").click()
    expect(captain).to_have_url(f"{base}/c/{pk}/results/")

    projector = phone.new_page()
    projector.goto(f"{base}/c/{pk}/results/projector/")
    headers = projector.locator("table.grid thead th")
    expect(headers).to_contain_text(["Place", "Pair", "Total", "Deals", "Deal scores", "Tops"])
    rows = projector.locator("table.grid tbody tr")
    expect(rows).to_have_count(4)
    assert rows.first.locator("td").count() == 6  # the tie-break figures on every row
