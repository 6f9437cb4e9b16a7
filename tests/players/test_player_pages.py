"""The player pages (rules.md 13.4): what the public sees of a player, the search, merged
players, and the cost of a page."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse
from player_page_factories import finished, in_series, player, rated

from series.player_search import search_players
from series.player_selectors import player_page
from tournaments.models import Player

pytestmark = pytest.mark.django_db

FOUR = [("Maria Costa", "Joan Puig"), ("Pere Vila", "Anna Roca"),
        ("Jordi Mas", "Laia Font"), ("Marc Soler", "Núria Pons")]


def page_of(client, who: Player, **params):
    return client.get(reverse("players:player", args=[who.pk]), params)


def test_the_public_sees_place_partner_entrants_and_shared_places(client, director):
    public = finished(director, FOUR, [1, 2, 2, 4], name="Spring open")
    page = page_of(client, player("Pere Vila"))
    assert page.status_code == 200
    body = page.content.decode()
    assert "Spring open" in body and "2=" in body and "of 4 entrants" in body
    assert reverse("players:player", args=[player("Anna Roca").pk]) in body  # the partner
    assert "Anna Roca" in body
    data = player_page(player("Maria Costa"))
    (played,) = data.championships
    assert (played.id, played.place_label, played.entrants) == (public.pk, "1", 4)
    assert [p.name for p in played.partners] == ["Joan Puig"]
    assert played.format_label == "Duplicate pairs"


def test_a_private_or_unfinished_championship_never_shows(client, director):
    finished(director, FOUR, [1, 2, 3, 4], name="Public open")
    finished(director, FOUR, [4, 3, 2, 1], name="Club secret", public=False)
    body = page_of(client, player("Maria Costa")).content.decode()
    assert "Public open" in body and "Club secret" not in body
    # Only in private championships: unknown to the public, and never found.
    finished(director, [("Hidden One", "Hidden Two"), ("Pere Vila", "Anna Roca")], [1, 2],
             public=False)
    assert page_of(client, player("Hidden One")).status_code == 404
    assert not search_players("hidden").exists()
    # A director sees their own finished championships too.
    client.force_login(director)
    body = page_of(client, player("Maria Costa")).content.decode()
    assert "Public open" in body and "Club secret" in body
    assert page_of(client, player("Hidden One")).status_code == 200
    assert list(search_players("hidden one", director)) == [player("Hidden One")]


def test_series_points_only_for_public_series_and_shared_places_share_them(client, director):
    championship = finished(director, FOUR, [1, 2, 2, 4])
    in_series("Club ranking", championship)
    in_series("Secret circuit", championship, public=False)
    data = player_page(player("Pere Vila"))
    (played,) = data.championships
    # Places 2 and 3 of the default table shared: (20 + 16) / 2.
    assert [(s.series_name, s.points) for s in played.series] == [
        ("Club ranking", Decimal("18.00"))]
    body = page_of(client, player("Pere Vila")).content.decode()
    assert "Club ranking" in body and "18" in body and "Secret circuit" not in body


def test_the_rating_history_lists_public_championships_and_the_current_rating(client,
                                                                                director):
    first = finished(director, FOUR, [1, 2, 3, 4], name="First open")
    hidden = finished(director, FOUR, [1, 2, 3, 4], name="Private evening", public=False)
    maria = player("Maria Costa")
    rated(maria, (first, 1, 3.25), (hidden, 2, 5.75))
    data = player_page(maria)
    assert [(step.name, step.rating) for step in data.ratings] == [("First open", 3.25)]
    assert data.current_rating == 5.75  # computed from every finished championship
    body = page_of(client, maria).content.decode()
    assert "<svg" in body and 'class="rating-chart"' in body and "5.8" in body
    assert "Private evening" not in body
    assert "<script" not in body.split('<main class="content">')[1]


def test_a_merged_player_leads_to_the_player_kept_and_an_unknown_one_is_a_404(client, director):
    finished(director, FOUR, [1, 2, 3, 4])
    kept = player("Maria Costa")
    duplicate = Player.objects.create(name="Maria  Costa", club="", merged_into=kept)
    answer = page_of(client, duplicate)
    assert answer.status_code == 302 and answer["Location"] == reverse("players:player",
                                                                       args=[kept.pk])
    assert client.get(reverse("players:player", args=[999999])).status_code == 404
    assert list(search_players("maria costa")) == [kept]  # the duplicate is not listed


def test_the_search_ignores_case_accents_and_word_order(client, director):
    finished(director, FOUR, [1, 2, 3, 4])
    finished(director, FOUR[:2], [1, 2])
    page = client.get(reverse("players:search"), {"q": "NURIA"})
    assert page.status_code == 200
    assert "Núria Pons" in page.content.decode() and "1 championship" in page.content.decode()
    found = {p.name: p.championships for p in search_players("costa MARIA")}
    assert found == {"Maria Costa": 2}
    assert client.get(reverse("players:search"), {"q": "zzz"}).content.decode().count(
        "No player found") == 1
    empty = client.get(reverse("players:search"))
    assert empty.status_code == 200 and "Type part of a player" in empty.content.decode()
    # Wildcards are letters like any other.
    assert not search_players("%").exists() and not search_players("_").exists()


def test_the_search_is_paginated(client, director):
    pairs = [(f"Soler {i:02d}", f"Vidal {i:02d}") for i in range(30)]
    finished(director, pairs, list(range(1, 31)))
    first = client.get(reverse("players:search"), {"q": "soler"}).content.decode()
    assert "30 players found." in first and "Page 1 of 2" in first and "Soler 24" in first
    second = client.get(reverse("players:search"), {"q": "soler", "page": 2}).content.decode()
    assert "Soler 25" in second and "Soler 24" not in second


def test_the_home_page_links_the_player_search(client):
    assert reverse("players:search") in client.get("/").content.decode()


def _career(director, championships: int) -> Player:
    for number in range(championships):
        championship = finished(director, FOUR, [1, 2, 2, 4], name=f"Night {number}")
        in_series(f"Ranking {number}", championship)
        rated(player("Maria Costa"), (championship, number + 1, float(number)))
    return player("Maria Costa")


@pytest.mark.parametrize("championships", [1, 6])
def test_a_page_costs_the_same_queries_however_many_championships(
        client, director, django_assert_num_queries, championships):
    maria = _career(director, championships)
    with django_assert_num_queries(5):  # entries, partners, places, series, ratings
        data = player_page(maria)
    assert len(data.championships) == championships
    assert all(played.series for played in data.championships)
    with django_assert_num_queries(6):  # the same, and the player
        assert page_of(client, maria).status_code == 200


@pytest.mark.parametrize("pairs", [2, 30])
def test_a_search_page_costs_the_same_queries_however_many_players_match(
        client, director, django_assert_num_queries, pairs):
    finished(director, [(f"Soler {i:02d}", f"Vidal {i:02d}") for i in range(pairs)],
             list(range(1, pairs + 1)))
    with django_assert_num_queries(2):  # how many match, the page of them
        page = client.get(reverse("players:search"), {"q": "soler"})
    assert page.status_code == 200 and page.content.decode().count("player-card") == min(pairs, 25)


def test_what_is_typed_and_names_are_escaped(client, director):
    finished(director, [("<b>Bold</b>", "Joan Puig"), ("Pere Vila", "Anna Roca")], [1, 2])
    answer = client.get(reverse("players:search"), {"q": "<script>x</script>"}).content.decode()
    assert "<script>x" not in answer and "&lt;script&gt;x" in answer
    bold = Player.objects.get(name="<b>Bold</b>")
    rated(bold, (bold.entries.get().team.championship, 1, 1.5))
    page = page_of(client, bold).content.decode()
    assert "<b>Bold" not in page and "&lt;b&gt;Bold" in page
