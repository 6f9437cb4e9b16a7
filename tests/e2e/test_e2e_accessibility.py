"""Large text and screen readers (README "Accessibility"): every page a captain, the public
and a director use, on a 360 px phone in Catalan, Spanish and English, at the phone's
normal text size and at 200 %, never scrolls sideways, never breaks a word across lines (a
box too narrow for its text), answers without a server error and passes axe-core's WCAG 2.1
A and AA rules with no serious or critical violation. At the normal size the same visit
makes the small phone's checks (``test_e2e_phone_layouts.small_phone_problems``: the page's
language and width, and no English left on a Catalan page).

200 % text is the browser's own font setting (Chromium's default font size doubled through
the DevTools protocol), not page zoom: the style sheet sizes everything from the reader's
root size, so every text and every box that holds text grows. The test checks that the root
size did double, so it cannot pass by ignoring the setting.

Every page is loaded in all six languages and sizes: a box's overflow and a squeezed word
depend on both. axe-core runs in four of the six, every page at 200 % in every language and
at the normal size in Catalan, which keeps every kind of violation it finds in reach:

- a page's language changes its words, so their length and the layout (a table that now
  scrolls in its box: ``scrollable-region-focusable``; a word pushed out of its coloured box
  onto another background: ``color-contrast``), and its ``lang`` attributes. Text at 200 %
  fills its boxes most: every language runs there;
- the text size changes contrast's threshold (WCAG 1.4.3: 4.5:1 for normal text, 3:1 for
  large text, which at 200 % is nearly all of it) and which boxes show (the style sheet's
  media queries are in em). Colours, weights, sizes and media queries come from the style
  sheet whatever the language, so the stricter threshold and what shows only at the normal
  size need one language there: Catalan, the club's;
- the other rules of these tags read the markup (names, roles, labels, ids, landmarks),
  which the server writes the same at both sizes.

axe-core comes from the pinned dev dependency ``axe-playwright-python`` (its ``axe.min.js``);
the browser injects it into each page it opens (an init script), which the pages' Content-
Security-Policy does not apply to.
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
    small_phone_problems,
)
from tests.e2e.test_e2e_phone_layouts import catalogue as catalogue  # noqa: F401 (fixtures)
from tests.e2e.test_e2e_phone_layouts import demo as demo  # noqa: F401

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


# axe's own run, on the violations alone (``resultTypes``: the passes are not listed).
AXE_RUN = """async (tags) => {
  if (typeof window.axe !== "object") return null;
  const r = await axe.run(document, {runOnly: {type: "tag", values: tags},
                                     resultTypes: ["violations"]});
  return r.violations.map(v => ({id: v.id, impact: v.impact,
                                 nodes: v.nodes.slice(0, 3).map(n => n.target.join(" "))}));
}"""


def _violations(page, axe_source: str) -> list[str]:
    """axe-core's serious and critical violations on the page, axe injected first unless the
    browser already did (``add_init_script``)."""
    result = page.evaluate(AXE_RUN, TAGS)
    if result is None:
        page.evaluate(axe_source)
        result = page.evaluate(AXE_RUN, TAGS)
    return [f"{v['id']} ({v['impact']}): {json.dumps(v['nodes'])}"
            for v in result if v["impact"] in HARMFUL]


def _axe_runs(language: str, scale: int) -> bool:
    """axe-core at 200 % in every language, at the normal size in Catalan only (the module's
    docstring says why that keeps every kind of violation in reach)."""
    return scale == 2 or language == "ca"


def test_every_page_on_a_small_phone_in_three_languages_at_two_text_sizes(
        live_server, browser, demo, free_deal, axe_source, catalogue):
    urls = _urls(demo)
    for audience, more in _free_deal_urls(free_deal).items():
        urls[audience] = urls[audience] + more
    problems: list[str] = []
    errors: list[str] = []
    session_cookies = None  # the director's, logged in once
    for language, locale in LOCALES.items():
        for scale in (1, 2):
            # A fresh context for each language and size: the public's pages and the
            # captains' (no login), then the director's, logged in. Not is_mobile: a mobile
            # viewport zooms out to fit a page that is too wide, hiding its overflow.
            context = browser.new_context(viewport=SMALL_PHONE, locale=locale, has_touch=True)
            context.set_default_timeout(20_000)
            context.on("response", lambda r: errors.append(f"{r.status} {r.url}")
                       if r.status >= 500 else None)
            if _axe_runs(language, scale):
                # Injected by the browser into every page it opens: cheaper than sending the
                # 500 KB script with each page, and out of the pages' CSP's reach.
                context.add_init_script(axe_source)
            page = context.new_page()
            session = context.new_cdp_session(page)
            session.send("Page.setFontSizes",
                         {"fontSizes": {"standard": 16 * scale, "fixed": 13 * scale}})
            for audience in ("public", "captain", "director"):
                if audience == "director" and session_cookies is None:
                    _log_in(page, live_server.url)
                    session_cookies = context.cookies()
                elif audience == "director":
                    context.add_cookies(session_cookies)
                for url in urls[audience]:
                    page.goto(live_server.url + url)
                    where = f"[{language}, {scale * 100} %, {audience}] {url}"
                    if audience == "director":  # the session holds: no page sends to log in
                        assert "/accounts/login/" not in page.url, where
                    root = page.evaluate(ROOT_SIZE)
                    assert root >= 16 * scale, f"{where}: root font {root} px"
                    if scale == 1:
                        problems += small_phone_problems(page, language, where, catalogue)
                    else:
                        size = page.evaluate(OVERFLOW)
                        if size["scroll"] > size["inner"]:
                            problems.append(f"{where}: {size['scroll']} px wide > "
                                            f"{size['inner']} ({'; '.join(size['wide'])})")
                    problems += [f"{where}: squeezed {word}"
                                 for word in page.evaluate(SQUEEZED)]
                    if _axe_runs(language, scale):
                        problems += [f"{where}: {v}" for v in _violations(page, axe_source)]
            context.close()
    assert not errors, "\n".join(errors)
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
