"""A whole small championship in a real browser, as a director and the captains play it.

The director works on a laptop-sized window, the captains on phones; everything is in
Catalan (the default language) except one switch to Spanish through the language switcher.

1. The director logs in and creates a round robin with 4 deals per match.
2. Imports 5 teams from a CSV file (a bad file first: row-by-row errors, nothing saved).
3. Generates the schedule, releases round 1, downloads the deal sheets, table cards and
   team cards (PDFs, read back with pypdf).
4. At table 1 the NS captain enters the four deals on a phone, the EW captain confirms
   three of them with the team's PIN on the same phone and disputes the fourth from the
   EW team's own link; the director settles it on the result page and sets one adjusted
   score. Until the round closes no page that players read shows the cards.
5. The director closes round 1 and publishes the results: the public standings and a
   traveller show the numbers the engine computes.
6. The other rounds are played through the services, the director finishes the
   championship and anyone checks a deal against the revealed key.

Every page is also checked for English words left in the Catalan pages and for server
errors. Set E2E_SCREENSHOTS to a folder to keep a screenshot of each step.
"""

from __future__ import annotations

import io
import os
import re
from collections import defaultdict
from fractions import Fraction

import pytest

SHOTS = os.environ.get("E2E_SCREENSHOTS")
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

pytestmark = pytest.mark.django_db(transaction=True)

TEAMS = [
    # number, name, club, player1, player2
    ("1", "Els Manillaires", "Casal de Gràcia", "Anna Puig", "Jordi Vila"),
    ("2", "Penya Botifarrera", "Ateneu de Sants", "Marta Soler", "Pere Roca"),
    ("3", "Cal Trumfo", "Casino de Vic", "Núria Pla", "Joan Serra"),
    ("4", "Sota d'Ors", "Foment de Reus", "Laia Font", "Miquel Riera"),
    ("", "Contro i Recontro", "Círculo de Lleida", "Carme Vidal", "Xavier Mas"),
]

# Words that have no business on a Catalan page: a hit is a string left in English.
ENGLISH_WORDS = re.compile(
    r"\b(the|and|of|is|are|with|your|this|not|for|from|by|been|round|rounds|deal|deals|"
    r"table|tables|team|teams|result|results|entered|points|score|scores|standings|"
    r"confirm|confirmed|dispute|disputed|pending|close|closed|release|released|print|"
    r"none|both|save|show|waiting|player|players|dealer|trumps|adjusted|average)\b",
    re.IGNORECASE,
)
# The short name of East-West is "EO" in Catalan.
ENGLISH_SIDE = re.compile(r"\bEW\b")
# Text that may hold such words: a browser's user agent (result history), the template
# file names and the column names of the team file, which are the file format's own.
IGNORED_TEXT = re.compile(
    r"Mozilla/5\.0[^\n]*|\bteams\.(csv|xlsx)\b|(?<=Fila \d, )(number|name|player\d)(?=:)"
)


def shown_ca(value) -> str:
    """A score as the Catalan pages show it: decimal comma (1,77)."""
    import engine

    return engine.show_score(value).replace(".", ",")


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"walkthrough-{name}.png"), full_page=True)


class Watcher:
    """Collects findings over the whole walk: server errors and English on Catalan pages."""

    def __init__(self):
        self.problems: list[str] = []

    def attach(self, context):
        def on_response(response):
            if response.status >= 500:
                self.problems.append(f"HTTP {response.status} on {response.url}")

        context.on("response", on_response)

    def catalan(self, page, where: str):
        """The page is in Catalan and shows no English word outside user data."""
        lang = page.locator("html").get_attribute("lang")
        if lang != "ca":
            self.problems.append(f"{where}: page language is {lang!r}, not 'ca'")
        text = IGNORED_TEXT.sub("", page.locator("body").inner_text())
        for line in text.splitlines():
            if ENGLISH_WORDS.search(line) or ENGLISH_SIDE.search(line):
                self.problems.append(f"{where}: English text “{line.strip()}” ({page.url})")

    def check(self):
        assert not self.problems, "\n".join(self.problems)


@pytest.fixture
def watcher():
    return Watcher()


def _context(browser, watcher, viewport, **kwargs):
    context = browser.new_context(viewport=viewport, locale="ca-ES", **kwargs)
    context.set_default_timeout(15_000)
    watcher.attach(context)
    return context


@pytest.fixture
def desk(browser, watcher):
    """The director's laptop."""
    context = _context(browser, watcher, DESKTOP)
    yield context
    context.close()


@pytest.fixture
def phone(browser, watcher):
    """A captain's phone."""
    context = _context(browser, watcher, PHONE, is_mobile=True, has_touch=True)
    yield context
    context.close()


@pytest.fixture
def visitor(browser, watcher):
    """A player or spectator with no login, on a phone."""
    context = _context(browser, watcher, PHONE, is_mobile=True, has_touch=True)
    yield context
    context.close()


# --- Helpers -----------------------------------------------------------------------------


def csv_bytes(rows, header="number;name;club;player1;player2") -> bytes:
    # Semicolons, as Catalan and Spanish spreadsheets save CSV.
    return ("\n".join([header, *(";".join(row) for row in rows)]) + "\n").encode("utf-8")


def pdf_text(response) -> str:
    from pypdf import PdfReader

    assert response.status == 200, response.url
    assert response.headers["content-type"] == "application/pdf"
    body = response.body()
    assert body.startswith(b"%PDF-")
    reader = PdfReader(io.BytesIO(body))
    text = "\n".join(page.extract_text() or "" for page in reader.pages)
    # Long names wrap on the printed cards: compare with single spaces.
    return " ".join(text.split())


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def deal_notation(deal) -> str:
    import engine

    return engine.format_deal(engine.parse_deal(deal.cards))


def deal_hands_shown(deal) -> list[str]:
    """Each suit line of each hand as pages and sheets print it ("9 1 12 10")."""
    from tournaments.presentation import deal_view

    view = deal_view(deal)
    return [suit.ranks for hand in view.hands.values() for suit in hand.suits]


class Expected:
    """The championship's scores as the engine computes them from what was entered."""

    def __init__(self):
        # (deal number) -> {table key: TableResult}; adjustments by deal and table.
        self.results = defaultdict(dict)
        self.adjustments = defaultdict(lambda: defaultdict(dict))
        self.tables = {}  # table key -> (ns team number, ew team number)
        self.byes = []  # (team number, deals)

    def result(self, deal, table, *, contract, points_ns, contro=False):
        import engine

        self.tables[table.pk] = (table.ns_team.number, table.ew_team.number)
        self.results[deal.number][table.pk] = engine.TableResult(
            key=table.pk,
            points_ns=points_ns,
            trump_side=engine.trump_side(engine.Seat(deal.dealer)),
            botifarra=contract == "BOT",
            contro=contro,
        )

    def adjust(self, deal, table, side, value):
        import engine

        self.adjustments[deal.number][table.pk][engine.Side(side)] = value

    def deal(self, number):
        import engine

        return engine.score_deal(
            list(self.results[number].values()), dict(self.adjustments[number])
        )

    def totals(self, deal_numbers) -> dict[int, Fraction]:
        import engine

        totals = defaultdict(Fraction)
        for number in deal_numbers:
            for key, score in self.deal(number).items():
                ns, ew = self.tables[key]
                if score.ns_final is not None:
                    totals[ns] += score.ns_final
                if score.ew_final is not None:
                    totals[ew] += score.ew_final
        for team, deals in self.byes:
            if set(deals) & set(deal_numbers):
                totals[team] += engine.BYE_SCORE * len(set(deals) & set(deal_numbers))
        return totals


def standings_on_page(page) -> dict[int, str]:
    shown = {}
    for row in page.locator("table.standings tbody tr").all():
        cells = row.locator("td")
        number = int(cells.nth(1).inner_text().split(".", 1)[0])
        shown[number] = cells.nth(3).inner_text().strip()
    return shown


def enter_on_phone(page, number, *, contract, points_ns, contro=False):
    """Fill in and send one deal on the captain's page."""
    deal = page.locator(f"#deal-{number}")
    deal.locator(f"label.choice:has(input[name='d{number}-contract'][value='{contract}'])").click()
    deal.locator(f"input[name='d{number}-points_ns']").fill(str(points_ns))
    if contro:
        deal.locator(f"label[for='id_d{number}-contro']").click()
    # EW points follow live: 72 - NS.
    assert deal.locator("[data-ew-output]").inner_text() == str(72 - points_ns)
    deal.get_by_role("button", name=f"Envia la mà {number}").click()
    page.wait_for_load_state()


# --- The walkthrough ---------------------------------------------------------------------


def test_a_whole_championship(live_server, desk, phone, visitor, watcher, django_user_model):
    from playwright.sync_api import expect

    import engine
    from scoring import services as scoring
    from scoring.services import ResultData
    from tournaments import services as tournaments
    from tournaments.models import Championship, Round, Team

    base = live_server.url
    django_user_model.objects.create_user("arbitra", password="botifarra-72")

    # 1. The director logs in and creates the championship ---------------------------------
    d = desk.new_page()
    d.goto(f"{base}/director/")
    expect(d).to_have_url(re.compile(r"/accounts/login/"))
    d.fill("#id_username", "arbitra")
    d.fill("#id_password", "botifarra-72")
    d.get_by_role("button", name="Entra").click()
    expect(d).to_have_url(f"{base}/director/")
    watcher.catalan(d, "director home")
    d.locator("a[href='/director/new/']").first.click()
    expect(d.locator("h1")).to_have_text("Campionat nou")
    watcher.catalan(d, "new championship form")
    d.fill("#id_name", "Open de Botifarra")
    d.fill("#id_venue", "Casal de Gràcia")
    d.select_option("#id_movement", "round_robin")
    d.fill("#id_deals_per_match", "4")
    shot(d, "01-new-championship")
    d.get_by_role("button", name="Desa").click()
    expect(d).to_have_url(re.compile(r"/director/c/\d+/$"))
    pk = int(re.search(r"/director/c/(\d+)/$", d.url).group(1))
    championship = Championship.objects.get(pk=pk)
    assert championship.movement == "round_robin" and championship.deals_per_match == 4
    assert championship.directors.filter(username="arbitra").exists()
    expect(d.locator(".messages")).to_contain_text("Campionat creat")
    watcher.catalan(d, "championship page (empty)")

    # 2. Team import: a bad file first, then the good one ----------------------------------
    d.get_by_role("link", name="Importa parelles").click()
    expect(d).to_have_url(f"{base}/director/c/{pk}/teams/import/")
    watcher.catalan(d, "team import page")
    bad = [
        ("1", "Els Manillaires", "", "Anna Puig", "Jordi Vila"),
        ("x", "Penya Botifarrera", "", "Marta Soler", ""),
        ("3", "els manillaires", "", "Núria Pla", "Joan Serra"),
    ]
    d.set_input_files(
        "#id_file",
        files=[{"name": "parelles.csv", "mimeType": "text/csv", "buffer": csv_bytes(bad)}],
    )
    d.get_by_role("button", name="Importa", exact=True).click()
    errors = d.locator(".import-errors")
    expect(errors).to_be_visible()
    expect(errors).to_contain_text("No s'ha desat res")
    error_lines = errors.locator("li").all_inner_texts()
    assert len(error_lines) == 3, error_lines
    assert error_lines[0].startswith("Fila 3, number:"), error_lines  # "x" is not a number
    assert error_lines[1].startswith("Fila 3, player2:"), error_lines  # missing player
    assert error_lines[2].startswith("Fila 4, name:"), error_lines  # same name as row 2
    assert not Team.objects.filter(championship=championship).exists()
    watcher.catalan(d, "team import errors")
    shot(d, "02-import-errors")

    d.set_input_files(
        "#id_file",
        files=[{"name": "parelles.csv", "mimeType": "text/csv", "buffer": csv_bytes(TEAMS)}],
    )
    d.get_by_role("button", name="Importa", exact=True).click()
    expect(d).to_have_url(f"{base}/director/c/{pk}/teams/")
    expect(d.locator(".messages")).to_contain_text("5 parelles importades")
    teams = {t.number: t for t in Team.objects.filter(championship=championship)}
    assert sorted(teams) == [1, 2, 3, 4, 5]
    assert teams[5].name == "Contro i Recontro"  # the row without a number took the next one
    watcher.catalan(d, "team list")

    # 3. Schedule, release round 1, print ------------------------------------------------
    d.goto(f"{base}/director/c/{pk}/")
    d.get_by_role("button", name="Genera el calendari de la lliga").click()
    expect(d.locator(".messages")).to_be_visible()
    rounds = list(championship.rounds.order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3, 4, 5]  # 5 teams: 5 rounds with a bye
    assert all(r.status == Round.Status.DRAFTED for r in rounds)
    watcher.catalan(d, "championship page (schedule)")
    d.locator(f"a[href='/director/c/{pk}/rounds/1/']").first.click()
    expect(d).to_have_url(f"{base}/director/c/{pk}/rounds/1/")
    d.get_by_role("button", name="Posa la ronda en joc").click()
    expect(d.locator(".messages")).to_contain_text("Ronda 1")
    round1 = championship.rounds.get(number=1)
    assert round1.status == Round.Status.RELEASED
    watcher.catalan(d, "round 1 (released)")
    shot(d, "03-round-1-released")

    deals1 = list(round1.deals.order_by("number"))
    assert [deal.number for deal in deals1] == [1, 2, 3, 4]
    tables1 = list(round1.tables.select_related("ns_team", "ew_team").order_by("number"))
    assert len(tables1) == 2 and round1.bye_team is not None
    playing = [t.ns_team.name for t in tables1] + [t.ew_team.name for t in tables1]

    sheets = pdf_text(d.request.get(
        base + d.locator("a[href$='/rounds/1/deals.pdf']").first.get_attribute("href")))
    assert "Open de Botifarra" in sheets
    for deal in deals1:
        assert squash(deal_notation(deal)) in squash(sheets), f"deal {deal.number} missing"
        for ranks in deal_hands_shown(deal):
            assert ranks in sheets
    assert "Repartidor" in sheets  # printed in Catalan

    cards = pdf_text(d.request.get(
        base + d.locator("a[href$='/rounds/1/table-cards.pdf']").first.get_attribute("href")))
    for name in playing:
        assert name in cards, f"{name} not on the table cards"
    # Table cards show no cards.
    assert not any(squash(deal_notation(deal)) in squash(cards) for deal in deals1)

    d.goto(f"{base}/director/c/{pk}/")
    team_cards = pdf_text(d.request.get(
        base + d.get_by_role("link", name=re.compile("targetes de parella", re.I))
        .get_attribute("href")))
    links = dict(
        (int(m.group(1)), m.group(2))
        for m in re.finditer(r"/t/(\d+)/([A-Za-z0-9_-]{22,64})/", squash(team_cards))
    )
    for team in teams.values():
        assert team.name in team_cards
        assert f"PIN: {team.pin}" in team_cards
        assert links.get(team.pk) == team.link_secret, "the team card's link is not the team's"

    # 4. Captains at table 1, on one phone -----------------------------------------------
    table = tables1[0]
    ns, ew = table.ns_team, table.ew_team
    expected = Expected()
    expected.byes.append((round1.bye_team.number, [deal.number for deal in deals1]))

    c = phone.new_page()
    c.goto(f"{base}/t/{ns.pk}/{links[ns.pk]}/")
    expect(c.locator("h1")).to_have_text(f"{ns.number}. {ns.name}")
    watcher.catalan(c, "captain page")
    # Released but not closed: the captain's page shows no cards.
    assert c.locator(".compass, article.deal").count() == 0
    page_html = c.content()
    for deal in deals1:
        assert deal.cards not in page_html and deal_notation(deal) not in page_html

    entries = [
        (deals1[0], {"contract": "O", "points_ns": 40}),
        (deals1[1], {"contract": "BOT", "points_ns": 30, "contro": True}),
        (deals1[2], {"contract": "C", "points_ns": 37}),
        (deals1[3], {"contract": "B", "points_ns": 50}),  # EW will dispute this one
    ]
    for deal, values in entries:
        enter_on_phone(c, deal.number, **values)
        card = c.locator(f"#deal-{deal.number}")
        expect(card).to_have_attribute("data-status", "pending")
        expect(card).to_contain_text(f"Esperant que {ew.name}")
    shot(c, "04-captain-entered")
    watcher.catalan(c, "captain page (pending)")

    # EW takes the phone and confirms the first three with its PIN.
    for deal, values in entries[:3]:
        card = c.locator(f"#deal-{deal.number}")
        card.locator(f"input[name='p{deal.number}-pin']").fill(ew.pin)
        card.get_by_role("button", name="Confirma amb PIN").click()
        expect(c.locator(f"#deal-{deal.number}")).to_have_attribute("data-status", "confirmed")
        expected.result(deal, table, **values)
    shot(c, "05-captain-confirmed")

    # ... and disputes the fourth from its own link.
    e = phone.new_page()
    e.goto(f"{base}/t/{ew.pk}/{links[ew.pk]}/")
    card = e.locator(f"#deal-{deals1[3].number}")
    expect(card).to_have_attribute("data-status", "pending")
    card.locator("details.dispute summary").click()
    card.locator("textarea").fill("Vam fer 22 punts, no pas 50.")
    card.get_by_role("button", name="Envia la discrepància a l'àrbitre").click()
    expect(e.locator(f"#deal-{deals1[3].number}")).to_have_attribute("data-status", "disputed")
    watcher.catalan(e, "captain page (disputed)")
    shot(e, "06-captain-disputed")

    # Table 2 reports through the services (its captains are not the subject here).
    other = tables1[1]
    table2 = [
        {"contract": "O", "points_ns": 35},
        {"contract": "BOT", "points_ns": 44},
        {"contract": "E", "points_ns": 36, "contro": True},
        {"contract": "C", "points_ns": 28},
    ]
    for deal, values in zip(deals1, table2, strict=True):
        play_through_services(scoring, ResultData, other, deal, values)
        expected.result(deal, other, **values)

    # Nothing players read shows the cards while the round is being played.
    v = visitor.new_page()
    v.goto(f"{base}/c/{pk}/rounds/1/")
    expect(v.locator("h1")).to_contain_text("Ronda 1")
    watcher.catalan(v, "public round 1 (released)")
    assert v.locator(".compass, article.deal").count() == 0
    for deal in deals1:
        assert deal_notation(deal) not in v.content()
    v.goto(f"{base}/c/{pk}/results/deals/1/")
    assert deal_notation(deals1[0]) not in v.content()

    # The director settles the dispute and sets an adjusted score.
    d.goto(f"{base}/director/c/{pk}/")
    d.get_by_role("link", name="Graella de resultats de la ronda actual").click()
    expect(d).to_have_url(f"{base}/director/c/{pk}/results/rounds/1/")
    watcher.catalan(d, "results grid")
    disputed = d.locator(f"td.cell[data-table='1'][data-deal='{deals1[3].number}']")
    expect(disputed).to_have_attribute("data-status", "disputed")
    for deal in deals1[:3]:
        cell = d.locator(f"td.cell[data-table='1'][data-deal='{deal.number}']")
        expect(cell).to_have_attribute("data-status", "confirmed")
    shot(d, "07-grid-disputed")
    disputed.locator("a").click()
    expect(d.locator("h1")).to_contain_text("Taula 1")
    watcher.catalan(d, "result page (disputed)")
    expect(d.locator("ol.history")).to_contain_text("Vam fer 22 punts")
    number = deals1[3].number
    form = d.locator("form:has(input[name='action'][value='override'])")
    form.locator("label.choice:has(input[name='r-contract'][value='B'])").click()
    form.locator("input[name='r-points_ns']").fill("22")
    form.locator("textarea[name='r-note']").fill("Comprovat amb les dues parelles.")
    form.get_by_role("button", name="Desa el resultat").click()
    expect(d.locator(".messages")).to_contain_text("Resultat entrat")
    expected.result(deals1[3], table, contract="B", points_ns=22)
    watcher.catalan(d, "result page (settled)")
    d.get_by_role("link", name="Ronda 1: resultats").click()
    expect(d.locator(f"td.cell[data-table='1'][data-deal='{number}']")).to_have_attribute(
        "data-status", "confirmed"
    )
    assert "22-50" in d.locator(f"td.cell[data-table='1'][data-deal='{number}']").inner_text()

    d.locator(f"td.cell[data-table='2'][data-deal='{deals1[0].number}'] a").click()
    form = d.locator("form:has(input[name='action'][value='adjust'])")
    form.locator("label.choice:has(input[name='a-side'][value='NS'])").click()
    form.locator("label.choice:has(input[name='a-kind'][value='custom'])").click()
    form.locator("input[name='a-value']").fill("1,55")
    form.locator("textarea[name='a-reason']").fill("Cartes mal repartides a la taula 2.")
    form.get_by_role("button", name="Aplica la puntuació ajustada").click()
    expect(d.locator(".messages")).to_contain_text("ajustada")
    expected.adjust(deals1[0], other, "NS", Fraction(31, 20))
    expect(d.locator(".adjustment-in-force")).to_contain_text("1,55")  # Catalan: a decimal comma
    watcher.catalan(d, "result page (adjusted)")
    shot(d, "08-adjusted")

    # 5. Close round 1 and publish -------------------------------------------------------
    d.goto(f"{base}/director/c/{pk}/results/rounds/1/")
    d.get_by_role("link", name="Tanca la ronda 1").click()
    # The confirmation page lists what is missing; only its button closes the round.
    expect(d.locator("h1")).to_contain_text("Tancar la ronda 1?")
    watcher.catalan(d, "close confirmation")
    d.get_by_role("button", name="Tanca la ronda 1").click()
    expect(d.locator(".messages")).to_contain_text("Ronda 1")
    round1.refresh_from_db()
    assert round1.status == Round.Status.CLOSED
    d.get_by_role("button", name="Publica els resultats").click()
    expect(d.locator(".messages")).to_contain_text("Resultats publicats")
    watcher.catalan(d, "results grid (closed, published)")

    v.goto(f"{base}/c/{pk}/")
    v.get_by_role("link", name="Classificació").first.click()
    expect(v).to_have_url(f"{base}/c/{pk}/results/")
    watcher.catalan(v, "public standings after round 1")
    shot(v, "09-standings-round-1")
    totals = expected.totals([deal.number for deal in deals1])
    assert standings_on_page(v) == {
        number: shown_ca(totals.get(number, Fraction(0))) for number in teams
    }

    v.goto(f"{base}/c/{pk}/results/deals/{deals1[0].number}/")
    watcher.catalan(v, "traveller")
    scores = expected.deal(deals1[0].number)
    for tbl in tables1:
        cells = v.locator(f"table.traveller tr[data-table='{tbl.number}'] td")
        score = scores[tbl.pk]
        assert cells.nth(7).inner_text().startswith(shown_ca(score.ns_final))
        assert cells.nth(8).inner_text().startswith(shown_ca(score.ew_final))
    assert "(ajust.)" in v.locator(f"table.traveller tr[data-table='{other.number}']").inner_text()
    # Now that the round is closed, the cards are public.
    expect(v.locator("code.notation")).to_have_text(deal_notation(deals1[0]))
    v.goto(f"{base}/c/{pk}/rounds/1/")
    expect(v.locator("article.deal")).to_have_count(4)

    # The captain's page is read-only now.
    c.reload()
    expect(c.locator(".card.notice")).to_be_visible()
    assert c.locator("form.result-form").count() == 0

    v.goto(f"{base}/c/{pk}/results/teams/{ns.number}/")
    watcher.catalan(v, "scorecard")
    expect(v.locator("table.scorecard tfoot")).to_contain_text(
        shown_ca(totals[ns.number])
    )
    v.goto(f"{base}/c/{pk}/results/deals/")
    watcher.catalan(v, "travellers")

    # Round 2 released with the results public: still no cards for players.
    d.goto(f"{base}/director/c/{pk}/rounds/2/")
    d.get_by_role("button", name="Posa la ronda en joc").click()
    expect(d.locator(".messages")).to_contain_text("Ronda 2")
    round2 = championship.rounds.get(number=2)
    assert round2.status == Round.Status.RELEASED
    deals2 = list(round2.deals.order_by("number"))
    v.goto(f"{base}/c/{pk}/rounds/2/")
    assert v.locator(".compass, article.deal").count() == 0
    response = v.goto(f"{base}/c/{pk}/results/deals/{deals2[0].number}/")
    assert response.status == 404
    player = round2.tables.select_related("ns_team").first().ns_team
    c.goto(f"{base}/t/{player.pk}/{links[player.pk]}/")
    expect(c.locator(".table-title")).to_contain_text("Ronda 2")
    for page in (v, c):
        for deal in deals2:
            assert deal_notation(deal) not in page.content()
    assert c.locator(".compass, article.deal").count() == 0

    # 6. The other rounds, quickly, and the end of the championship ----------------------
    for round_ in championship.rounds.filter(number__gt=1).order_by("number"):
        if round_.status == Round.Status.DRAFTED:
            tournaments.release_round(round_)
        round_deals = list(round_.deals.order_by("number"))
        for tbl in round_.tables.select_related("ns_team", "ew_team").order_by("number"):
            for deal in round_deals:
                values = {
                    "contract": "OCEB"[deal.number % 4] if deal.number % 5 else "BOT",
                    "points_ns": (deal.number * 7 + tbl.number * 11) % 73,
                    "contro": deal.number % 3 == 0,
                }
                play_through_services(scoring, ResultData, tbl, deal, values)
                expected.result(deal, tbl, **values)
        round_.refresh_from_db()
        expected.byes.append((round_.bye_team.number, [deal.number for deal in round_deals]))
        tournaments.close_round(round_)

    d.goto(f"{base}/director/c/{pk}/")
    d.get_by_role("link", name="Acaba el campionat i revela la clau de repartiment").click()
    d.get_by_role("button", name="Acaba i revela la clau de repartiment").click()
    expect(d.locator(".messages")).to_contain_text("clau")
    championship.refresh_from_db()
    assert championship.status == Championship.Status.FINISHED
    watcher.catalan(d, "championship page (finished)")
    for path, where in [
        (f"/c/{pk}/results/", "standings (director's view)"),
        (f"/c/{pk}/results/projector/", "projector"),
        (f"/director/c/{pk}/teams/{teams[1].pk}/", "team page"),
        (f"/director/c/{pk}/rounds/5/", "round 5 (closed)"),
    ]:
        d.goto(base + path)
        watcher.catalan(d, where)

    v.goto(f"{base}/c/{pk}/results/")
    totals = expected.totals(range(1, 21))
    assert standings_on_page(v) == {number: shown_ca(totals[number]) for number in teams}
    shot(v, "10-final-standings")

    v.goto(f"{base}/c/{pk}/")
    watcher.catalan(v, "public championship (finished)")
    v.get_by_role("link", name="Comprova una mà amb la clau").click()
    expect(v).to_have_url(f"{base}/c/{pk}/deal-check/")
    watcher.catalan(v, "deal check")
    v.fill("#id_number", "7")
    v.get_by_role("button", name="Comprova", exact=True).click()
    expect(v.locator(".message.success")).to_contain_text("7")
    regenerated = engine.format_deal(engine.generate_deal(championship.key_bytes, 7))
    expect(v.locator("code.notation")).to_have_count(2)
    assert v.locator("code.notation").all_inner_texts() == [regenerated, regenerated]
    shot(v, "11-deal-check")

    # One switch to Spanish through the language switcher.
    v.select_option("#language-select", "es")
    v.locator(".language-switcher button").click()
    expect(v.locator("html")).to_have_attribute("lang", "es")
    expect(v.locator("h1")).to_have_text("Comprobar una mano")
    v.goto(f"{base}/c/{pk}/results/")
    expect(v.locator("h1")).to_have_text("Clasificación")

    watcher.check()


def play_through_services(scoring, ResultData, table, deal, values):
    """The NS captain enters a result and the EW captain confirms it."""
    entry, _created = scoring.submit_result(
        team=table.ns_team, table=table, deal=deal,
        data=ResultData(
            contract=values["contract"], points_ns=values["points_ns"],
            contro=values.get("contro", False),
        ),
        idempotency_key=None,
    )
    scoring.confirm_entry(entry_id=entry.pk, team=table.ew_team)
