"""A Botifarra player plays in a pair (parella, pareja), never in a "team" (issue 37 item 11):
every page a director, a captain or the public reaches in a duplicate pairs or a free-deal
event says pair in English. And an individual entrant is one player: the name shows once."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.services import games
from scoring.services.games import GameValues
from scoring.services.publication import publish_results
from tests.formats.abarrotada_factories import make_individual
from tests.formats.abarrotada_factories import next_round as seat_next_round
from tests.formats.free_deal_factories import make_free_deal
from tournaments import services

pytestmark = pytest.mark.django_db
EN = {"headers": {"accept-language": "en"}}
TEAM = re.compile(r"\bteams?\b|\bteam's\b|\bteams'", re.IGNORECASE)
SKIPPED = ("/static/", "/admin/", "/api/", "/accounts/", "logout")
#: Files, not pages (their print pages, ``?as=page``, are walked).
FILES = (".pdf", ".json", ".csv", ".xlsx", ".zip", ".txt", ".pbn")
#: A public export's address names its kind, not a file's suffix
#: (``/c/1/results/export/ranking_pdf/``): a file too, made only to be thrown away.
EXPORT = "/results/export/"


def visible(html: str) -> str:
    """The words a reader sees: no style sheet, script, tag or attribute."""
    html = re.sub(r"(?s)<(style|script)\b.*?</\1>", " ", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def walk(client, *starts: str) -> dict[str, str]:
    """Every page reachable from ``starts`` by links, once per shape of address (the fifth
    pair's page reads as the first's), as visible text by address."""
    pages, shapes, todo = {}, set(), list(starts)
    while todo:
        url = todo.pop(0)
        shape = re.sub(r"\d+", "N", url)
        is_file = url.split("?")[0].endswith(FILES) or EXPORT in url
        if (shape in shapes or any(part in url for part in SKIPPED)
                or is_file and "as=page" not in url):
            continue
        shapes.add(shape)
        response = client.get(url, **EN)
        if response.status_code != 200 or "html" not in response.get("content-type", ""):
            continue
        html = response.content.decode()
        pages[url] = visible(html)
        todo += re.findall(r'href="(/[^"#]*)"', html)
    return pages


def said_team(pages: dict[str, str]) -> list[str]:
    return [f"{url}: …{text[max(0, m.start() - 50):m.end() + 30]}…"
            for url, text in pages.items() for m in TEAM.finditer(text)]


def add_pairs(championship, count: int) -> None:
    for i in range(1, count + 1):
        services.add_team(championship, name=f"Parella {i}", club="Club Botifarrer",
                          player1=f"Jugador {i}a", player2=f"Jugador {i}b")


def released(championship, director):
    round_ = sorted(services.generate_next_round(championship), key=lambda r: r.number)[0]
    services.release_round(round_, by=director)
    return round_


def every_page(director_client, championship) -> dict[str, str]:
    """The director's pages, the public ones, and a captain's (a pair with the bye, since
    seven pairs play: its page has the bye's words; and one that plays)."""
    pages = walk(director_client, reverse("tournaments:director_championship",
                                          args=[championship.pk]))
    pages |= walk(Client(), reverse("tournaments:public_championship", args=[championship.pk]))
    for team in championship.teams.order_by("number"):
        pages |= {f"captain {team.number}": visible(
            Client().get(team.private_path, **EN).content.decode())}
    return pages


@pytest.mark.parametrize("movement", ["round_robin", "swiss"])
def test_a_duplicate_pairs_event_says_pair(director_client, director, movement):
    championship = services.create_championship(
        director, name="Campionat de Sant Jordi", movement=movement, rounds_planned=3)
    add_pairs(championship, 7)
    released(championship, director)
    pages = every_page(director_client, championship)
    assert len(pages) > 20  # the walk reached the event's pages, not only its first
    assert said_team(pages) == []


def test_a_free_deal_event_says_pair(director_client, director):
    championship = make_free_deal(director, pairs=7)
    round_ = released(championship, director)
    table = round_.tables.filter(bye_team__isnull=True).first()
    games.submit_game(team=table.ns_team, table=table, idempotency_key=None,
                      values=GameValues(first_points=101, second_points=40,
                                              ended_by="target", hands_played=9))
    pages = every_page(director_client, championship)
    assert len(pages) > 20
    assert said_team(pages) == []


def test_the_walk_finds_a_team_where_one_is_said(director_client, director):
    """The check above can fail: a page that says "team" is found."""
    championship = services.create_championship(director, name="Campionat de prova",
                                                rounds_planned=3)
    services.add_team(championship, name="Team spirit", player1="A", player2="B")
    pages = walk(director_client, reverse("tournaments:director_teams", args=[championship.pk]))
    assert said_team(pages)


def test_an_individual_entrant_is_named_once(director):
    championship = make_individual(director, players=8, rounds=2)
    seat_next_round(championship, director)
    publish_results(championship, user=director)
    page = visible(Client().get(reverse("scoring:travellers", args=[championship.pk]),
                                **EN).content.decode())
    assert "1. Jugador 1 " in page
    assert not re.search(r"Jugador (\d+)\W{1,4}Jugador \1\b", page)
    assert " – " not in page.split("Scorecards by", 1)[1]  # no "Jugador 1 – " left empty


def test_a_pair_is_still_named_with_its_players(director):
    championship = services.create_championship(director, name="Campionat", rounds_planned=3)
    add_pairs(championship, 4)
    released(championship, director)
    publish_results(championship, user=director)
    page = visible(Client().get(reverse("scoring:travellers", args=[championship.pk]),
                                **EN).content.decode())
    assert "1. Parella 1 Jugador 1a – Jugador 1b" in page


def test_an_individual_players_card_speaks_to_the_player(director_client, director):
    championship = make_individual(director, players=8, rounds=2)
    url = reverse("tournaments:director_team_cards", args=[championship.pk]) + "?as=page"
    page = visible(director_client.get(url, **EN).content.decode())
    assert "Your private page for entering and confirming results." in page
    assert "pair" not in page.lower()
