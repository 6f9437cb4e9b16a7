"""The knockout stage's pages (rules.md 11.3): the director starts it and enters the games on
the bracket page; the standings page and the projector show the bracket, read-only."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from test_free_deal_knockout_stage import expected_ranking, swiss_played

from scoring.models import KnockoutGame, KnockoutTie

pytestmark = pytest.mark.django_db

english = {"HTTP_ACCEPT_LANGUAGE": "en"}


def test_the_settings_form_sets_the_knockout_stage(director_client):
    form = director_client.get("/director/new/?format=free_deal_pairs").content.decode()
    assert "id_fd-knockout_size" in form and "id_fd-knockout_best_of" in form
    response = director_client.post("/director/new/", {
        "format": "free_deal_pairs", "name": "Torneig amb eliminatòries", "rounds_planned": "5",
        "doubling": "2-4-8", "fd-target": "101", "fd-hand_limit": "12",
        "fd-round_minutes": "60", "fd-cap": "121", "fd-sant_vicenc": "on",
        "fd-match_points": "1-1/2-0", "fd-tie_breaks": "match_points,point_difference",
        "fd-bye_difference": "0", "fd-bye_points": "0", "fd-seeding": "draw",
        "fd-knockout_size": "8", "fd-knockout_best_of": "3",
    })
    assert response.status_code == 302, response.content.decode()[:2000]
    from tournaments.models import Championship

    stored = Championship.objects.get(name="Torneig amb eliminatòries").free_deal_settings
    assert (stored.knockout_size, stored.knockout_best_of) == (8, 3)


def test_the_director_starts_the_stage_and_enters_a_game(director, director_client):
    championship = swiss_played(director, knockout_size=4)
    ranked = expected_ranking(championship)
    home = director_client.get(f"/director/c/{championship.pk}/", **english).content.decode()
    url = f"/director/c/{championship.pk}/knockout/"
    assert url in home
    page = director_client.get(url, **english).content.decode()
    assert "Start the knockout stage" in page
    assert director_client.post(url, {"action": "start"}, **english).status_code == 302
    semi = KnockoutTie.objects.get(championship=championship, stage=1, slot=1)
    level = director_client.post(url, {"action": "game", "tie": semi.pk, "game": "1",
                                       "first_points": "70", "second_points": "70"}, **english)
    assert level.status_code == 400
    assert "cannot end level" in level.content.decode()
    assert not KnockoutGame.objects.exists()
    done = director_client.post(url, {"action": "game", "tie": semi.pk, "game": "1",
                                      "first_points": "101", "second_points": "64"}, **english)
    assert done.status_code == 302
    semi.refresh_from_db()
    assert semi.winner_id == ranked[0]
    final = KnockoutTie.objects.get(championship=championship, stage=2)
    assert final.first_id == ranked[0]


def test_the_standings_and_the_projector_show_the_bracket(director, director_client):
    from scoring.services import set_results_public

    championship = swiss_played(director, knockout_size=2)
    set_results_public(championship, True, user=director)
    public = Client()
    standings = f"/c/{championship.pk}/results/"
    assert "Knockout stage" not in public.get(standings, **english).content.decode()
    director_client.post(f"/director/c/{championship.pk}/knockout/", {"action": "start"})
    final = KnockoutTie.objects.get(championship=championship)
    director_client.post(f"/director/c/{championship.pk}/knockout/",
                         {"action": "game", "tie": final.pk, "game": "1", "first_points": "55",
                          "second_points": "101"})
    page = public.get(standings, **english).content.decode()
    assert "Knockout stage" in page and "The final" in page
    assert f"{final.second.number}. {final.second.name} <span class=\"badge\">through" in page
    assert "<form" not in page.split("Knockout stage", 1)[1].split("</section>")[0]
    screen = public.get(f"/c/{championship.pk}/results/projector/", **english).content.decode()
    assert "Knockout stage" in screen and ">55<" in screen


def test_another_directors_bracket_is_not_found(director, django_user_model):
    championship = swiss_played(director, knockout_size=2)
    other = Client()
    other.force_login(django_user_model.objects.create_user("other", password="x-pass-12"))
    assert other.get(f"/director/c/{championship.pk}/knockout/").status_code == 404


def test_the_bracket_prints_as_a_pdf(director, director_client):
    from test_free_deal_exports import pdf_text, squashed

    championship = swiss_played(director, knockout_size=4)
    url = f"/director/c/{championship.pk}/knockout.pdf"
    director_client.post(f"/director/c/{championship.pk}/knockout/", {"action": "start"})
    assert url in director_client.get(f"/director/c/{championship.pk}/knockout/",
                                      **english).content.decode()
    semi = KnockoutTie.objects.get(championship=championship, stage=1, slot=1)
    director_client.post(f"/director/c/{championship.pk}/knockout/",
                         {"action": "game", "tie": semi.pk, "game": "1", "first_points": "101",
                          "second_points": "37"})
    response = director_client.get(url, **english)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "Semi-finals" in text and "The final" in text and "37" in text
    assert squashed(f"{semi.first.number}. {semi.first.name} · through") in squashed(text)
    assert Client().get(url).status_code == 302  # directors only (the login page)


def test_a_refused_start_says_why_and_writes_nothing(director, director_client):
    from free_deal_factories import make_free_deal

    championship = make_free_deal(director, pairs=8, rounds=2, knockout_size=4)
    response = director_client.post(f"/director/c/{championship.pk}/knockout/",
                                     {"action": "start"}, **english)
    assert response.status_code == 400
    assert "The Swiss has not been played yet" in response.content.decode()
    assert not KnockoutTie.objects.exists()


def test_the_bracket_pages_and_the_pairs_tie_follow_live_events(director, director_client):
    # The director's bracket listens to the director's stream, each tie's state a live region;
    # the standings (with the bracket) to the public's; a pair's tie card refreshes with the
    # captain's page (static/js/captain.js refreshes the cards marked data-outbox-card).
    from live.scopes import read_token
    from scoring.services import set_results_public

    championship = swiss_played(director, knockout_size=4)
    set_results_public(championship, True, user=director)
    director_client.post(f"/director/c/{championship.pk}/knockout/", {"action": "start"})
    semi = KnockoutTie.objects.select_related("first").get(championship=championship, stage=1,
                                                           slot=1)

    def stream_scope(html):
        token = re.search(r'data-live-url="/live/\?s=([^"]+)"', html).group(1)
        return read_token(token.replace("&amp;", "&"))

    bracket = director_client.get(f"/director/c/{championship.pk}/knockout/").content.decode()
    assert f'id="tie-{semi.pk}-state" data-live-region' in bracket
    assert stream_scope(bracket)["k"] == "director"
    standings = Client().get(f"/c/{championship.pk}/results/").content.decode()
    assert 'id="bracket"' in standings and "data-live-region" in standings
    assert stream_scope(standings)["k"] == "public"
    team = semi.first
    captain = Client().get(f"/t/{team.pk}/{team.link_secret}/").content.decode()
    assert 'id="knockout" data-outbox-card="knockout"' in captain
