"""rules.md 6.4, end to end: the six tables' results are entered and confirmed through the
captain pages, and the traveller page shows every number of the table."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse
from scoring_factories import make_championship, make_round, make_team

from scoring import services

# NS team, EW team, points NS-EW, Botifarra by, contro by, NS deal score, EW deal score,
# NS final, EW final: the table of rules.md 6.4 as printed there.
TABLE = [
    ("A", "H", "37-35", "", "", "+1", "\u22121", "1.77", "1.44"),
    ("B", "I", "35-37", "", "", "\u22121", "+1", "1.68", "1.56"),
    ("C", "J", "28-44", "", "NS", "\u221216", "+8", "1.00", "2.00"),
    ("D", "K", "40-32", "EW", "", "+4", "\u22128", "1.91", "1.00"),
    ("E", "L", "42-30", "", "", "+6", "\u22126", "2.00", "1.13"),
    ("F", "M", "30-42", "", "NS", "\u221212", "+6", "1.18", "1.88"),
]


class TableRows(HTMLParser):
    """The text of every cell of the <table class="... traveller"> body."""

    def __init__(self):
        super().__init__()
        self.rows: list[list[str]] = []
        self._in_table = self._in_body = self._in_cell = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and "traveller" in (attrs.get("class") or ""):
            self._in_table = True
        elif self._in_table and tag == "tbody":
            self._in_body = True
        elif self._in_body and tag == "tr":
            self.rows.append([])
        elif self._in_body and tag == "td":
            self._in_cell = True
            self.rows[-1].append("")

    def handle_endtag(self, tag):
        if tag == "td":
            self._in_cell = False
        elif tag == "tbody":
            self._in_body = False
        elif tag == "table":
            self._in_table = False

    def handle_data(self, data):
        if self._in_cell:
            self.rows[-1][-1] += data

    @classmethod
    def parse(cls, html: str) -> list[list[str]]:
        parser = cls()
        parser.feed(html)
        return [[" ".join(cell.split()) for cell in row] for row in parser.rows]


@pytest.fixture
def example(db, director):
    championship = make_championship(teams=0, deals_per_match=1, director=director)
    ns = [make_team(championship, i + 1, name=name) for i, name in enumerate("ABCDEF")]
    ew = [make_team(championship, i + 7, name=name) for i, name in enumerate("HIJKLM")]
    # One deal dealt by East: EW make trumps.
    round_ = make_round(championship, 1, list(zip(ns, ew, strict=True)), dealers=["E"])
    return championship, round_, ns, ew


def test_the_worked_example_through_the_captain_pages(example):
    championship, round_, ns_teams, ew_teams = example
    for (ns_name, _ew, points, botifarra, contro, *_), ns, ew in zip(
        TABLE, ns_teams, ew_teams, strict=True
    ):
        points_ns = int(points.split("-")[0])
        ns_phone = Client(HTTP_ACCEPT_LANGUAGE="en", HTTP_USER_AGENT=f"phone of {ns_name}")
        data = {
            "d1-contract": "BOT" if botifarra else "E",
            "d1-points_ns": str(points_ns),
            "d1-breach": "none",
            "d1-idempotency_key": f"example-{ns_name}",
        }
        if contro:
            data["d1-contro"] = "on"
        response = ns_phone.post(
            reverse("duplicate_pairs:captain_submit", args=[ns.pk, ns.link_secret, 1]), data
        )
        assert response.status_code == 302, response.content.decode()[:2000]
        # The other team confirms on its own phone.
        ew_phone = Client(HTTP_ACCEPT_LANGUAGE="en")
        page = ew_phone.get(reverse("scoring:captain", args=[ew.pk, ew.link_secret]))
        entry = page.context["deals"][0].pending
        assert entry is not None and entry.points_ns == points_ns
        ew_phone.post(reverse("duplicate_pairs:captain_confirm", args=[ew.pk, ew.link_secret, entry.pk]))

    services.close_round(round_)
    services.publish_results(championship)
    public = Client(HTTP_ACCEPT_LANGUAGE="en")
    response = public.get(reverse("scoring:traveller", args=[championship.pk, 1]))
    assert response.status_code == 200
    rows = TableRows.parse(response.content.decode())
    assert rows == [list(row) for row in TABLE]
    # Once the round is closed the cards are shown too.
    assert "The cards" in response.content.decode()
