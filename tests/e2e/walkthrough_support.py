"""What the director's walkthrough (``test_e2e_director_walkthrough``) shares between its
steps: the teams it imports, the checks for English left on Catalan pages, the scores the
engine expects, and small readers of pages and PDFs."""

from __future__ import annotations

import io
import os
import re
from collections import defaultdict
from fractions import Fraction

SHOTS = os.environ.get("E2E_SCREENSHOTS")
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

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


class Walk:
    """What one step of the walkthrough hands on to the next: the browser contexts and pages,
    the championship and its objects, and the expected scores."""

    def __init__(self, **values):
        self.keep(**values)

    def keep(self, **values):
        self.__dict__.update(values)

    def take(self, names: str) -> list:
        """The values named (separated by spaces), in that order."""
        return [getattr(self, name) for name in names.split()]


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
