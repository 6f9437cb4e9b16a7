"""A free-deal tournament through its pages: the director picks the format and sees only
its settings, pairs and releases a round; captains enter and confirm their game on their
phones; the standings show match points and the tie-breaks of rules.md 11.3."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from free_deal_factories import make_free_deal, next_round, play_round, win

from formats.free_deal.models import FreeDealSettings
from scoring.models import GameEntry
from tournaments.models import Championship

pytestmark = pytest.mark.django_db


def test_the_director_picks_the_format_first_and_sees_only_its_settings(director_client):
    page = director_client.get("/director/new/").content.decode()
    assert "?format=free_deal_pairs" in page and "id_deals_per_match" in page
    page = director_client.get("/director/new/?format=free_deal_pairs").content.decode()
    for hidden in ("id_deals_per_match", "id_variant", "id_movement"):
        assert hidden not in page
    for shown in ("id_fd-target", "id_fd-hand_limit", "id_fd-round_minutes", "id_fd-cap",
                  "id_fd-match_points", "id_rounds_planned", "id_doubling"):
        assert shown in page, shown
    response = director_client.post("/director/new/", {
        "format": "free_deal_pairs", "name": "Torneig de Sant Jordi", "rounds_planned": "5",
        "doubling": "2-4-8", "fd-target": "101", "fd-hand_limit": "", "fd-round_minutes": "50",
        "fd-cap": "121", "fd-sant_vicenc": "on", "fd-match_points": "3-1-0",
        "fd-tie_breaks": "match_points,point_difference,points,buchholz",
        "fd-bye_difference": "0", "fd-bye_points": "0", "fd-seeding": "draw",
    })
    assert response.status_code == 302, response.content.decode()[:2000]
    championship = Championship.objects.get(name="Torneig de Sant Jordi")
    assert (championship.format, championship.movement) == ("free_deal_pairs", "swiss")
    stored = championship.free_deal_settings
    assert (stored.target, stored.hand_limit, stored.round_minutes, stored.match_points) == (
        101, None, 50, "3-1-0")


def test_settings_that_cannot_end_a_game_are_refused_naming_the_field(director_client):
    response = director_client.post("/director/new/", {
        "format": "free_deal_pairs", "name": "Sense final", "rounds_planned": "5",
        "doubling": "2-4-8", "fd-target": "", "fd-hand_limit": "", "fd-round_minutes": "",
        "fd-cap": "", "fd-match_points": "1-1/2-0", "fd-tie_breaks": "match_points",
        "fd-bye_difference": "0", "fd-bye_points": "0", "fd-seeding": "draw",
    })
    assert response.status_code == 200
    assert response.context["extra"].errors
    assert not Championship.objects.filter(name="Sense final").exists()
    assert not FreeDealSettings.objects.exists()


def test_captains_enter_and_confirm_their_game_on_their_phones(director, director_client):
    championship = make_free_deal(director, pairs=4)
    round_ = next_round(championship, director)
    table = round_.tables.order_by("number").first()
    first, second = table.ns_team, table.ew_team
    phone = Client(headers={"accept-language": "en"})
    link = f"/t/{first.pk}/{first.link_secret}/"
    page = phone.get(link).content.decode()
    assert f"Points of {first.name}" in page and f"Points of {second.name}" in page
    key = re.search(r'name="idempotency_key" value="([^"]+)"', page).group(1)
    posted = {"first_points": "101", "second_points": "64", "ended_by": "target",
              "hands_played": "10", "idempotency_key": key}
    assert phone.post(f"{link}game/", posted).status_code == 302
    assert phone.post(f"{link}game/", posted).status_code == 302  # a double tap
    assert GameEntry.objects.count() == 1
    entry = GameEntry.objects.get()
    other = Client()
    other_link = f"/t/{second.pk}/{second.link_secret}/"
    assert "101" in other.get(other_link).content.decode()
    assert other.post(f"{other_link}game/{entry.pk}/confirm/").status_code == 302
    assert entry.reviews.get().by_team_id == second.pk
    # A pair may not confirm through another pair's link.
    assert Client().post(f"/t/{second.pk}/wrong-secret-wrong-secret/game/{entry.pk}/confirm/"
                         ).status_code == 404
    grid = director_client.get(f"/director/c/{championship.pk}/results/rounds/1/")
    assert grid.status_code == 200
    assert "101" in grid.content.decode()


def test_a_bad_game_on_the_phone_shows_the_field_and_stores_nothing(director):
    championship = make_free_deal(director, pairs=4)
    table = next_round(championship, director).tables.order_by("number").first()
    link = f"/t/{table.ns_team.pk}/{table.ns_team.link_secret}/"
    response = Client().post(f"{link}game/", {
        "first_points": "150", "second_points": "20", "ended_by": "target",
        "hands_played": "9", "idempotency_key": "x"})
    assert response.status_code == 200
    assert "first_points" in response.context["form"].errors
    assert GameEntry.objects.count() == 0


def test_the_standings_rank_by_match_points_then_difference(director, director_client):
    championship = make_free_deal(director, pairs=4, match_points="3-1-0")
    round_ = next_round(championship, director)
    play_round(round_, lambda table: win(101, 30 + table.number))
    rows = director_client.get(f"/c/{championship.pk}/results/").context["rows"]
    assert [str(row.match_points) for row in rows] == ["3", "3", "0", "0"]
    # Table 1's winner won by 70, table 2's by 69.
    assert rows[0].point_difference == 70 and rows[1].point_difference == 69
    # The public sees closed rounds only, once published.
    from scoring.services import set_results_public
    from tournaments import services

    set_results_public(championship, True, user=director)
    public = Client().get(f"/c/{championship.pk}/results/")
    assert [row.games for row in public.context["rows"]] == [0, 0, 0, 0]
    services.close_round(round_, by=director)
    public = Client(headers={"accept-language": "en"}).get(f"/c/{championship.pk}/results/")
    assert [row.games for row in public.context["rows"]] == [1, 1, 1, 1]
    assert "After round 1 of 5" in public.content.decode()


def test_the_projector_shows_the_pairing_then_the_ranking(director, director_client):
    championship = make_free_deal(director, pairs=5)
    round_ = next_round(championship, director)
    english = {"headers": {"accept-language": "en"}}
    first = director_client.get(f"/c/{championship.pk}/results/projector/", **english)
    page = first.content.decode()
    assert "Round 1: pairings" in page and f"Bye: {round_.bye_team.name}" in page
    assert [t.number for t in first.context["tables"]] == [1, 2]
    second = director_client.get(f"/c/{championship.pk}/results/projector/?page=2", **english)
    assert len(second.context["rows"]) == 5 and "MP" in second.content.decode()
    # Free-deal pages link no travellers (a free-deal game has no deals).
    home = director_client.get(f"/director/c/{championship.pk}/").content.decode()
    assert "/results/deals/" not in home and "pairings.pdf" in home


def test_the_standings_stand_after_any_closed_round(director, director_client):
    from tournaments import services

    championship = make_free_deal(director, pairs=4)
    for _number in (1, 2):
        round_ = next_round(championship, director)
        play_round(round_, lambda table: win())
        services.close_round(round_, by=director)
    english = {"headers": {"accept-language": "en"}}
    page = director_client.get(f"/c/{championship.pk}/results/?after=1", **english)
    assert [row.games for row in page.context["rows"]] == [1, 1, 1, 1]
    assert "After round 1 of 5" in page.content.decode()
    assert [row.games for row in director_client.get(
        f"/c/{championship.pk}/results/").context["rows"]] == [2, 2, 2, 2]
    refused = director_client.get(f"/c/{championship.pk}/results/?after=7", **english)
    assert refused.status_code == 400 and b"not a closed round" in refused.content
