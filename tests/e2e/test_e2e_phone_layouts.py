"""Every page a captain, the public and a director use, on a 360 × 740 phone, in Catalan,
Spanish and English: the page never scrolls sideways (wide tables scroll inside their own
box), and no visible text on a Catalan page is an English string of the catalogue left
untranslated. On a tablet the director's grid shows a whole round without scrolling.

The small phone's checks (``small_phone_problems``) are made by the accessibility sweep
(``test_e2e_accessibility.py``), which loads every page in every language at this size and
at the phone's own text size anyway. This file holds what the two share (the demo
championship, its pages, the scripts that measure a page) and the tablet's test.
The championship is the demo (13 teams, rounds 1-2 closed, round 3 in play, results
published), with a team withdrawn so that its opponents have byes.
"""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

from tests.e2e.conftest import CHROMIUM_ARGS  # noqa: F401  (same browser settings)

pytestmark = pytest.mark.django_db(transaction=True)

SMALL_PHONE = {"width": 360, "height": 740}
TABLET = {"width": 768, "height": 1024}
LOCALES = {"ca": "ca-ES", "es": "es-ES", "en": "en-US"}
PASSWORD = "a-long-test-password"
CATALOGUE = Path(__file__).resolve().parents[2] / "locale" / "ca" / "LC_MESSAGES" / "django.po"

# The visible text nodes of a page, and the page's horizontal overflow.
VISIBLE_TEXT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.replace(/\\s+/g, " ").trim();
    const parent = node.parentElement;
    if (!text || !parent || ["SCRIPT", "STYLE", "NOSCRIPT", "OPTION"].includes(parent.tagName)) continue;
    if (!parent.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
    if (parent.closest(".visually-hidden")) continue;
    out.push(text);
  }
  document.querySelectorAll("input[type=submit], button, input[placeholder]").forEach(el => {
    if (el.checkVisibility()) out.push((el.value || el.placeholder || "").trim());
  });
  return out.filter(Boolean);
}"""
OVERFLOW = """() => ({
  scroll: document.documentElement.scrollWidth,
  inner: window.innerWidth,
  wide: [...document.querySelectorAll("body *")].filter(el => {
      const r = el.getBoundingClientRect();
      return r.right > window.innerWidth + 1 && !el.closest(".table-scroll");
    }).slice(0, 5).map(el => el.tagName + "." + el.className + " " + (el.textContent || "").trim().slice(0, 40)),
})"""


# Visible words of four letters or more that a box too narrow for them cut into pieces all
# narrower than two fifths of the screen ("Valor personal|izado" in a column of a third): a
# squeezed box. A word longer than a whole line at 200 % text may break, in wide pieces;
# hashes and deal notations break anywhere on purpose.
SQUEEZED = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode() && out.length < 5) {
    const node = walker.currentNode;
    const parent = node.parentElement;
    if (!parent || ["SCRIPT", "STYLE", "NOSCRIPT", "OPTION"].includes(parent.tagName)) continue;
    if (!parent.checkVisibility() || parent.closest("code, .break, .notation")) continue;
    const words = /\\p{L}{4,}/gu;
    let m;
    while ((m = words.exec(node.textContent))) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const pieces = [...range.getClientRects()].filter(r => r.width > 0);
      const lines = new Set(pieces.map(r => Math.round(r.top)));
      const widest = Math.max(...pieces.map(r => r.width));
      if (lines.size > 1 && widest < 0.4 * window.innerWidth) {
        out.push(`"${m[0]}" in ${parent.tagName}.${parent.className} (${Math.round(widest)} px)`);
        break;
      }
    }
  }
  return out;
}"""


def _untranslated_patterns() -> tuple[set[str], list[re.Pattern]]:
    """English strings of the catalogue whose Catalan differs: short ones must not be a
    whole text node, longer ones (three words or more) must not appear at all. Placeholders
    match anything."""
    exact: set[str] = set()
    longer: list[re.Pattern] = []
    for entry in polib.pofile(str(CATALOGUE)):
        for msgid, msgstr in ((entry.msgid, entry.msgstr),
                              (entry.msgid_plural, entry.msgstr_plural.get(1, ""))):
            if not msgid or not msgstr or msgid == msgstr or "%(" in msgid and len(msgid) < 12:
                continue
            words = msgid.split()
            if len(words) >= 3:
                parts = re.split(r"%\(\w+\)[sd]", msgid)
                longer.append(re.compile(r".+?".join(re.escape(p) for p in parts)))
            elif "%(" not in msgid:
                exact.add(msgid)
    return exact, longer


@pytest.fixture(scope="module")
def catalogue():
    return _untranslated_patterns()


@pytest.fixture
def demo(django_user_model):
    from django.utils import translation

    from formats.duplicate_pairs.demo import add_demo_results
    from tournaments import services
    from tournaments.demo import load_demo
    from tournaments.models import Table

    director = django_user_model.objects.create_user("marta", password=PASSWORD)
    # In the club's language, as `make demo` loads it, whatever an earlier test in this
    # process left active: its entered words (a dispute's comment) are stored as text.
    with translation.override("ca"):
        championship, _message = load_demo(director)
        add_demo_results(championship)
    round3 = championship.rounds.get(number=3)
    # A team of round 4 withdraws: its opponent there has a bye; round 4 is released too.
    table4 = championship.rounds.get(number=4).tables.order_by("number").last()
    services.withdraw_team(table4.ns_team)
    services.release_round(championship.rounds.get(number=4))
    table4.refresh_from_db()
    playing = round3.tables.select_related("ns_team").order_by("number").first()
    # The director's cell shows a custom adjusted score in its history (issue: "Custom
    # value" was squeezed to two letters a line at 200 % text).
    from fractions import Fraction

    from formats.duplicate_pairs.services.director import set_adjustment
    from scoring.models import Adjustment

    set_adjustment(table=playing, deal=round3.deals.order_by("number").first(), side="NS",
                   kind=Adjustment.Kind.CUSTOM, value=Fraction(31, 20),
                   reason="Slow play at the next table", user=director)
    return {
        "championship": championship,
        "playing": playing.ns_team,
        "bye": Table.objects.get(pk=table4.pk).ew_team,
        "withdrawn": table4.ns_team,
        "cell": (3, playing.number, round3.deals.order_by("number").first().number),
    }


def _urls(demo) -> dict[str, list[str]]:
    c = demo["championship"]
    pk = c.pk
    team = c.teams.order_by("number").first()
    r, t, d = demo["cell"]
    captains = [f"/t/{x.pk}/{x.link_secret}/" for x in (demo["playing"], demo["bye"],
                                                        demo["withdrawn"])]
    public = ["/", f"/c/{pk}/", f"/c/{pk}/rounds/1/", f"/c/{pk}/deal-check/",
              f"/c/{pk}/results/", f"/c/{pk}/results/projector/", f"/c/{pk}/results/deals/",
              f"/c/{pk}/results/deals/1/", f"/c/{pk}/results/teams/{team.number}/",
              "/accounts/login/", "/no/such/page/", f"/t/{team.pk}/not-the-secret-at-all-x/"]
    director = [
        "/director/", "/director/new/", f"/director/c/{pk}/", f"/director/c/{pk}/edit/",
        f"/director/c/{pk}/teams/", f"/director/c/{pk}/teams/{team.pk}/",
        f"/director/c/{pk}/teams/import/", f"/director/c/{pk}/rounds/3/",
        f"/director/c/{pk}/rounds/4/", f"/director/c/{pk}/rounds/6/",
        f"/director/c/{pk}/rounds/6/deals/import/", f"/director/c/{pk}/deals/import/",
        f"/director/c/{pk}/results/rounds/1/", f"/director/c/{pk}/results/rounds/3/",
        f"/director/c/{pk}/results/rounds/4/",
        f"/director/c/{pk}/results/rounds/{r}/tables/{t}/deals/{d}/",
        f"/director/c/{pk}/results/rounds/3/close/", f"/director/c/{pk}/finish/",
        f"/director/c/{pk}/rounds/discard/", f"/director/c/{pk}/teams/{team.pk}/withdraw/",
        f"/director/c/{pk}/teams/{team.pk}/reissue-link/", f"/c/{pk}/results/",
        f"/director/c/{pk}/exports/",
    ]
    return {"captain": captains, "public": public, "director": director}


def _log_in(page, live_server) -> None:
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "marta")
    page.fill("#id_password", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/director/"))


def _catalan_problems(texts, catalogue) -> list[str]:
    exact, longer = catalogue
    found = []
    for text in texts:
        if text in exact:
            found.append(text)
            continue
        for pattern in longer:
            if pattern.search(text):
                found.append(f"{text} ~ {pattern.pattern[:60]}")
                break
    return found


def small_phone_problems(page, language: str, where: str, catalogue) -> list[str]:
    """The small phone's checks on the page just loaded in ``language`` at the phone's own
    text size: the page is in that language and 360 px wide, it does not scroll sideways,
    and a Catalan page shows no English string of the catalogue."""
    assert page.evaluate("() => document.documentElement.lang") == language, where
    size = page.evaluate(OVERFLOW)
    assert size["inner"] == SMALL_PHONE["width"], where
    problems = []
    if size["scroll"] > size["inner"]:
        problems.append(f"{where}: {size['scroll']} px wide > {size['inner']} "
                        f"({'; '.join(size['wide'])})")
    if language == "ca":
        for text in _catalan_problems(page.evaluate(VISIBLE_TEXT), catalogue):
            problems.append(f"{where}: English left in Catalan: “{text}”")
    return problems


def test_the_directors_grid_shows_a_whole_round_on_a_tablet(live_server, browser, demo):
    """The director's grid on a tablet: the whole round in view, no sideways scroll at all."""
    urls = _urls(demo)
    problems: list[str] = []
    errors: list[str] = []
    tablet = browser.new_context(viewport=TABLET, locale="ca-ES", has_touch=True)
    tablet.on("response", lambda r: errors.append(f"{r.status} {r.url}")
              if r.status >= 500 else None)
    page = tablet.new_page()
    _log_in(page, live_server)
    for url in [u for u in urls["director"] if "/results/rounds/" in u and u.count("/") == 7]:
        page.goto(live_server.url + url)
        widths = page.evaluate("""() => [document.documentElement.scrollWidth,
            window.innerWidth, ...[...document.querySelectorAll('.table-scroll')].map(
            el => el.scrollWidth - el.clientWidth)]""")
        if widths[0] > widths[1] or any(extra > 0 for extra in widths[2:]):
            problems.append(f"[tablet] {url}: {widths}")
    tablet.close()
    assert not errors, "\n".join(errors)
    assert not problems, "\n".join(problems)
