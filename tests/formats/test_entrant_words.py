"""The shared pages name who plays as the format does (``Format.wording``): an individual
championship (and its free-deal evening) speaks of players in Catalan, Spanish and English,
never of pairs or teams; a pairs championship still speaks of pairs."""

from __future__ import annotations

import re

import pytest
from abarrotada_factories import make_evening, make_individual
from abarrotada_factories import next_round as next_individual_round
from django.urls import reverse

from tournaments import services

pytestmark = pytest.mark.django_db

#: The pairs' (or teams') word in each language, and the players'.
PAIRS = {"en": re.compile(r"\b(pairs?|teams?)\b", re.I),
         "ca": re.compile(r"\b(parell\w*|equips?)\b", re.I),
         "es": re.compile(r"\b(parejas?|equipos?)\b", re.I)}
PLAYERS = {"en": "Players", "ca": "Jugadors", "es": "Jugadores"}


def text_of(response) -> str:
    """The page's words: no tags, so that URLs (``/teams/``) and class names don't count."""
    assert response.status_code == 200, response.status_code
    return re.sub(r"<[^>]+>", " ", response.content.decode())


def pages(championship) -> list[str]:
    pk = championship.pk
    team = championship.teams.order_by("number").first()
    return [reverse("tournaments:director_championship", args=[pk]),
            reverse("tournaments:director_teams", args=[pk]),
            reverse("tournaments:director_team_edit", args=[pk, team.pk]),
            reverse("tournaments:director_team_import", args=[pk]),
            reverse("tournaments:director_round", args=[pk, 1]),
            reverse("tournaments:director_finish", args=[pk]),
            reverse("scoring:grid", args=[pk, 1]),
            reverse("scoring:director_exports", args=[pk]),
            reverse("scoring:standings", args=[pk]),
            reverse("tournaments:public_championship", args=[pk]),
            reverse("tournaments:public_round", args=[pk, 1])]


@pytest.mark.parametrize("make", [make_individual, make_evening])
@pytest.mark.parametrize("language", ["ca", "es", "en"])
def test_an_individual_event_speaks_of_players(director_client, director, make, language):
    championship = make(director)
    next_individual_round(championship, director)
    for url in pages(championship):
        text = text_of(director_client.get(url, HTTP_ACCEPT_LANGUAGE=language))
        assert not PAIRS[language].findall(text), (url, PAIRS[language].findall(text))
    teams_page = text_of(director_client.get(pages(championship)[1],
                                             HTTP_ACCEPT_LANGUAGE=language))
    assert PLAYERS[language] in teams_page


def make_pairs(director, *, fmt="duplicate_pairs"):
    championship = services.create_championship(
        director, name="Open de parelles", format=fmt, rounds_planned=2, deals_per_match=2,
        movement="swiss")
    for i in range(1, 5):
        services.add_team(championship, name=f"Parella {i}", player1=f"A{i}", player2=f"B{i}")
    (round_,) = services.generate_next_round(championship)
    services.release_round(round_, by=director)
    return championship


@pytest.mark.parametrize("fmt", ["duplicate_pairs", "free_deal_pairs"])
def test_a_pairs_event_still_speaks_of_pairs(director_client, director, fmt):
    championship = make_pairs(director, fmt=fmt)
    director_page, teams_page, *_others = pages(championship)
    for language, word in (("en", "Pairs"), ("ca", "Parelles"), ("es", "Parejas")):
        for url in (director_page, teams_page,
                    reverse("tournaments:public_championship", args=[championship.pk])):
            text = text_of(director_client.get(url, HTTP_ACCEPT_LANGUAGE=language))
            assert word in text, (language, url)
    english = text_of(director_client.get(teams_page, HTTP_ACCEPT_LANGUAGE="en"))
    assert "Add a pair" in english and not re.search(r"\bteams?\b", english, re.I)


def test_the_filter_refuses_an_unknown_form(director):
    from django.template import Context, Template, TemplateSyntaxError
    from django.utils import translation

    championship = make_individual(director, players=4)
    template = Template('{% load formats_tags %}{{ c|entrant:"Entrants" }}/'
                        '{{ c|entrant:"entrant" }}/{{ c|entrant:"add_one" }}')
    with translation.override("en"):
        assert template.render(Context({"c": championship})) == "Players/player/Add a player"
    with pytest.raises(TemplateSyntaxError):
        Template('{% load formats_tags %}{{ c|entrant:"pk" }}').render(
            Context({"c": championship}))


def test_an_individual_event_seats_its_rounds(director_client, director):
    championship = make_individual(director, players=8)
    url = reverse("tournaments:director_championship", args=[championship.pk])
    text = " ".join(text_of(director_client.get(url, HTTP_ACCEPT_LANGUAGE="en")).split())
    assert "Seat round 1" in text
    assert not PAIRS["en"].findall(text), PAIRS["en"].findall(text)


@pytest.mark.parametrize(("language", "word", "not_word"),
                         [("ca", "retirat", "retirada"), ("es", "retirado", "retirada"),
                          ("en", "withdrawn", None)])
def test_a_withdrawn_player_is_withdrawn_in_the_players_gender(director_client, director,
                                                               language, word, not_word):
    championship = make_individual(director)
    next_individual_round(championship, director)
    services.withdraw_team(championship.teams.order_by("number").first())
    for url in (reverse("scoring:standings", args=[championship.pk]),
                reverse("tournaments:public_championship", args=[championship.pk])):
        text = text_of(director_client.get(url, HTTP_ACCEPT_LANGUAGE=language))
        assert re.search(rf"\b{word}\b", text), url
        assert not_word is None or not re.search(rf"\b{not_word}\b", text), url
