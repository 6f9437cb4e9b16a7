"""rules.md 10.2a, the worked example of duplicate individual scoring, through the services:
four tables play one deal (dealer N); N makes trumps at every table."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from abarrotada_factories import (
    enter_and_confirm,
    make_individual,
    next_round,
    seated,
    values,
)

from formats.abarrotada import selectors
from tournaments import services

pytestmark = pytest.mark.django_db

REPORTS = [
    values("30-14-20-8", contract="O"),
    values("22-18-24-8", contract="BOT", contro_by="E"),
    values("35-10-15-12", contract="C", contro_by="S"),
    values("25-20-15-12", contract="E", breaches="W"),
]
DEAL_SCORES = [(12, -4, 2, -10), (8, 0, 6, -10), (17, -8, -6, -6)]
FINALS = [
    (F(13, 9), F(3, 2), F(5, 3), F(1)),
    (F(1), F(2), F(2), F(1)),
    (F(2), F(1), F(1), F(2)),
    (F(40, 27), F(3, 2), F(14, 9), F(0)),
]


@pytest.fixture
def played(director):
    championship = make_individual(director, players=16, rounds=1, deals=1)
    round_ = next_round(championship, director)
    tables = list(round_.player_tables.order_by("number"))
    assert len(tables) == 4
    assert round_.deals.get().dealer == "N"
    for table, report in zip(tables, REPORTS, strict=True):
        enter_and_confirm(table, 1, report, by="S", confirmer="W")
    services.close_round(round_, by=director)
    return championship, tables


def test_every_seat_is_compared_with_the_same_seat_elsewhere(played):
    championship, tables = played
    scores = {(s.table, s.seat): s for s in
              selectors.round_scores(championship, list(championship.rounds.all()))}
    for number, finals in enumerate(FINALS, start=1):
        assert tuple(scores[number, seat].final for seat in "NESW") == finals
    for number, deal_scores in enumerate(DEAL_SCORES, start=1):
        assert tuple(scores[number, seat].deal_score for seat in "NESW") == deal_scores
    assert scores[4, "W"].breach and not scores[4, "N"].breach


def test_the_standings_add_each_players_finals(played):
    championship, tables = played
    lines = {line.player_id: line for line in selectors.standings(championship)}
    for table, finals in zip(tables, FINALS, strict=True):
        for seat, final in zip("NESW", finals, strict=True):
            assert lines[seated(table)[seat].pk].total == final
    ranking = selectors.standings(championship)
    assert ranking[0].total == 2 and ranking[-1].total == 0
    # Three players scored 2 with a deal score: N of table 3 (+17) comes first.
    assert ranking[0].player_id == seated(tables[2])["N"].pk


def test_the_worked_example_through_the_pages(client, director):
    """The players enter and confirm on their pages; the standings page shows each final."""
    import re

    from django.test import Client
    from django.urls import reverse

    from scoring.services import set_results_public

    championship = make_individual(director, players=16, rounds=1, deals=1)
    round_ = next_round(championship, director)
    tables = list(round_.player_tables.order_by("number"))
    for table, report in zip(tables, REPORTS, strict=True):
        who = seated(table)
        page = client.get(reverse("scoring:captain", args=[who["S"].pk, who["S"].link_secret]))
        key = re.search(r'name="deal1-idempotency_key" value="([^"]+)"',
                        page.content.decode()).group(1)
        form = {"deal1-idempotency_key": key, "deal1-maker": report.maker,
                "deal1-contract": report.contract, "deal1-delegations": "0",
                **{f"deal1-points_{s.lower()}": str(p) for s, p in report.points.items()},
                "deal1-contro_by": list(report.contro_by),
                "deal1-breaches": list(report.breaches)}
        client.post(reverse("abarrotada:player_submit",
                            args=[who["S"].pk, who["S"].link_secret, 1]), form)
        entry = table.reports.get()
        client.post(reverse("abarrotada:player_confirm",
                            args=[who["W"].pk, who["W"].link_secret, entry.pk]))
    services.close_round(round_, by=director)
    set_results_public(championship, True, user=director)
    text = Client().get(reverse("scoring:standings", args=[championship.pk]),
                        headers={"accept-language": "en"}).content.decode()
    rows = re.findall(r"<td>(\d+)\. ([^<]+?)(?: <span[^>]*>[^<]*</span>)?</td>.*?"
                      r"<strong>([\d.]+)</strong>", text, re.S)
    shown = {name.strip(): total for _n, name, total in rows}
    for table, finals in zip(tables, FINALS, strict=True):
        for seat, final in zip("NESW", finals, strict=True):
            expected = f"{float(final) + 1e-9:.2f}"
            assert shown[seated(table)[seat].name] == expected, (seat, final)
