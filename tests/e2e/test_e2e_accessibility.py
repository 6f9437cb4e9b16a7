"""Large text and screen readers (README "Accessibility"): every page a captain, the public
and a director use, on a 360 px phone in Catalan, Spanish and English, at the phone's
normal text size and at 200 %, passes axe-core's WCAG 2.1 A and AA rules with no serious or
critical violation, never scrolls sideways, and never breaks a word across lines (a box
too narrow for its text).

200 % text is the browser's own font setting (Chromium's default font size doubled through
the DevTools protocol), not page zoom: the style sheet sizes everything from the reader's
root size, so every text and every box that holds text grows. The test checks that the root
size did double, so it cannot pass by ignoring the setting.

axe-core comes from the pinned dev dependency ``axe-playwright-python`` (its ``axe.min.js``);
it is evaluated in the page through the DevTools protocol, which the pages' Content-Security-
Policy does not apply to.
"""

from __future__ import annotations

import json
import re
import time
from importlib import resources

import pytest

from tests.e2e.test_e2e_phone_layouts import (
    LOCALES,
    OVERFLOW,
    PASSWORD,
    SMALL_PHONE,
    SQUEEZED,
    _urls,
)
from tests.e2e.test_e2e_phone_layouts import demo as demo  # noqa: F401 (the fixture)

pytestmark = pytest.mark.django_db(transaction=True)

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
HARMFUL = {"serious", "critical"}
ROOT_SIZE = "() => parseFloat(getComputedStyle(document.documentElement).fontSize)"


@pytest.fixture(scope="module")
def axe_source() -> str:
    return resources.files("axe_playwright_python").joinpath("axe.min.js").read_text()


@pytest.fixture
def free_deal(demo):
    """The free-deal demo beside the duplicate one, run by the same director."""
    from formats.free_deal.demo import load_free_deal_demo

    championship, _message = load_free_deal_demo(demo["championship"].directors.first())
    return championship


def _free_deal_urls(championship) -> dict[str, list[str]]:
    pk = championship.pk
    team = championship.teams.order_by("number").first()
    return {
        "captain": [f"/t/{team.pk}/{team.link_secret}/"],
        "public": [f"/c/{pk}/results/", f"/c/{pk}/results/projector/"],
        "director": [f"/director/c/{pk}/", f"/director/c/{pk}/results/rounds/4/",
                     f"/director/c/{pk}/rounds/4/"],
    }


def _log_in(page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "marta")
    page.fill("#id_password", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/director/"))


def _violations(page, axe_source: str) -> list[str]:
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source)
    result = page.evaluate(
        "async (tags) => { const r = await axe.run(document, {runOnly: {type: 'tag', values: tags}});"
        " return r.violations.map(v => ({id: v.id, impact: v.impact,"
        " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})); }", TAGS)
    return [f"{v['id']} ({v['impact']}): {json.dumps(v['nodes'])}"
            for v in result if v["impact"] in HARMFUL]


def test_every_page_reads_at_200_percent_text_and_passes_axe(live_server, browser, demo,
                                                             free_deal, axe_source):
    urls = _urls(demo)
    for audience, more in _free_deal_urls(free_deal).items():
        urls[audience] = urls[audience] + more
    problems: list[str] = []
    for language, locale in LOCALES.items():
        for scale in (1, 2):
            for audience in ("public", "captain", "director"):
                context = browser.new_context(viewport=SMALL_PHONE, locale=locale,
                                              has_touch=True)
                context.set_default_timeout(20_000)
                page = context.new_page()
                session = context.new_cdp_session(page)
                session.send("Page.setFontSizes",
                             {"fontSizes": {"standard": 16 * scale, "fixed": 13 * scale}})
                if audience == "director":
                    _log_in(page, live_server.url)
                for url in urls[audience]:
                    page.goto(live_server.url + url)
                    where = f"[{language}, {scale * 100} %, {audience}] {url}"
                    root = page.evaluate(ROOT_SIZE)
                    assert root >= 16 * scale, f"{where}: root font {root} px"
                    size = page.evaluate(OVERFLOW)
                    if size["scroll"] > size["inner"]:
                        problems.append(f"{where}: {size['scroll']} px wide > {size['inner']} "
                                        f"({'; '.join(size['wide'])})")
                    problems += [f"{where}: squeezed {word}"
                                 for word in page.evaluate(SQUEEZED)]
                    problems += [f"{where}: {v}" for v in _violations(page, axe_source)]
                context.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


def _stays(page, seconds: int) -> None:
    """The page's clock runs ``seconds`` on and the page opens nothing: a turn asks the
    server for its page at once, long before the new page shows (hence a short real wait)."""
    asked = []

    def note(request):
        if request.is_navigation_request():
            asked.append(request.url)

    page.on("request", note)
    page.clock.run_for(seconds * 1000)
    page.wait_for_timeout(500)
    page.remove_listener("request", note)
    assert not asked, asked


def test_the_projector_turns_its_pages_by_script_and_can_be_paused(live_server, browser,
                                                                   demo, settings):
    """No <meta refresh>: a script turns the page after PROJECTOR_PAGE_SECONDS, shows "Page
    1 of N", and a pause button stops it (also on the next page) until resumed. Without
    JavaScript nothing turns by itself; the "Next page" link does.

    The pages' clock is Playwright's, stopped: the test runs it on by one page's time to see
    a page turn and by a minute (sixty pages' time) to see a paused page stay, instead of
    waiting that long."""
    settings.PROJECTOR_PAGE_SECONDS = 1
    pk = demo["championship"].pk
    url = f"{live_server.url}/c/{pk}/results/projector/"
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en-US")
    try:
        context.clock.install()
        context.clock.pause_at(time.time() * 1000 + 1000)  # on every page it opens
        page = context.new_page()
        page.goto(url)
        assert page.locator("meta[http-equiv=refresh]").count() == 0
        assert page.locator(".projector-page").inner_text() == "Page 1 of 2"
        page.clock.run_for(1000)
        page.wait_for_url(re.compile(r"page=2"), timeout=5_000)
        assert page.locator(".projector-page").inner_text() == "Page 2 of 2"
        pause = page.get_by_role("button", name="Pause")
        pause.click()
        resume = page.get_by_role("button", name="Resume")
        assert resume.get_attribute("aria-pressed") == "true"
        _stays(page, 60)
        assert "page=2" in page.url  # paused: still here
        page.reload()  # the pause holds across pages
        _stays(page, 60)
        assert "page=2" in page.url and resume.is_visible()
        resume.click()
        page.clock.run_for(1000)
        page.wait_for_url(re.compile(r"page=1"), timeout=5_000)
    finally:
        context.close()
    # Without JavaScript only the browser could turn the page: by a <meta refresh> or a
    # Refresh header, neither sent, and after the page's time (real, here) it has not.
    still = browser.new_context(java_script_enabled=False, locale="en-US")
    try:
        page = still.new_page()
        asked = []
        page.on("request", lambda r: asked.append(r.url) if r.is_navigation_request() else None)
        response = page.goto(url)
        assert "refresh" not in response.headers
        assert page.locator("meta[http-equiv=refresh]").count() == 0
        page.wait_for_timeout(1_500)
        assert page.url == url and asked == [url]
        page.get_by_role("link", name="Next page").click()
        page.wait_for_url(re.compile(r"page=2"))
    finally:
        still.close()
