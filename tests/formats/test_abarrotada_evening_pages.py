"""A free-deal evening through the pages (rules.md 10.4): a player's page shows the table
and enters the game's totals; another player confirms or disputes; the director's grid and
table page, the standings, the projector and the public archive."""

from __future__ import annotations

import json
import re

import pytest
from abarrotada_factories import make_evening, next_round, seated
from django.urls import reverse

from formats.abarrotada import evening
from formats.abarrotada.models import GameTotals
from scoring.services import set_results_public
from tournaments import services

pytestmark = pytest.mark.django_db
EN = {"headers": {"accept-language": "en"}}


def page(player) -> str:
    return reverse("scoring:captain", args=[player.pk, player.link_secret])


@pytest.fixture
def played(director):
    championship = make_evening(director, players=9, hand_limit=12)
    round_ = next_round(championship, director)
    return championship, round_, round_.player_tables.order_by("number").first()


def test_a_player_enters_and_another_confirms(client, played):
    championship, round_, table = played
    who = seated(table)
    text = client.get(page(who["N"]), **EN).content.decode()
    assert "Round 1 · Table 1" in text and who["W"].name in text
    key = re.search(r'name="idempotency_key" value="([^"]+)"', text).group(1)
    form = {"total_n": "8", "total_e": "0", "total_s": "13", "total_w": "2",
            "hands_played": "9", "idempotency_key": key}
    answer = client.post(reverse("abarrotada:evening_submit", args=[who["N"].pk,
                                                                    who["N"].link_secret]),
                         form, **EN)
    assert answer.status_code == 302
    client.post(reverse("abarrotada:evening_submit", args=[who["N"].pk, who["N"].link_secret]),
                form, **EN)  # a double tap: the same key
    assert GameTotals.objects.count() == 1
    entry = GameTotals.objects.get()
    other = client.get(page(who["E"]), **EN).content.decode()
    assert "Another player entered these totals" in other and "N 8 · E 0 · S 13 · W 2" in other
    client.post(reverse("abarrotada:evening_confirm",
                        args=[who["E"].pk, who["E"].link_secret, entry.pk]), **EN)
    assert evening.table_games(round_, [table.pk])[table.pk]["status"] == "confirmed"


def test_refusals_show_at_the_field_and_write_nothing(client, played):
    _championship, _round, table = played
    who = seated(table)
    answer = client.post(reverse("abarrotada:evening_submit",
                                 args=[who["S"].pk, who["S"].link_secret]),
                         {"total_n": "8", "total_e": "0", "total_s": "13", "total_w": "2",
                          "hands_played": "13"}, **EN)
    assert answer.status_code == 200
    assert "more than the evening&#x27;s limit of 12" in answer.content.decode()
    assert not GameTotals.objects.exists()


def test_a_player_sitting_out_is_told_so(client, played):
    _championship, round_, _table = played
    out = round_.sit_outs.get().player
    text = client.get(page(out), **EN).content.decode()
    assert "Round 1: you sit out" in text


def test_the_director_follows_and_settles_the_round(director_client, director, played):
    championship, round_, table = played
    grid = director_client.get(reverse("scoring:grid", args=[championship.pk, 1]), **EN)
    text = grid.content.decode()
    assert grid.status_code == 200 and "not entered" in text and "Sitting out:" in text
    url = reverse("abarrotada:evening_game", args=[championship.pk, 1, table.number])
    bad = director_client.post(url, {"total_n": "8", "total_e": "0", "total_s": "13"}, **EN)
    assert bad.status_code == 200 and not GameTotals.objects.exists()
    director_client.post(url, {"total_n": "8", "total_e": "0", "total_s": "13",
                               "total_w": "2", "note": "score sheet"}, **EN)
    assert evening.table_games(round_, [table.pk])[table.pk]["status"] == "confirmed"
    for other in round_.player_tables.exclude(pk=table.pk):
        director_client.post(reverse("abarrotada:evening_game",
                                     args=[championship.pk, 1, other.number]),
                             {"total_n": "1", "total_e": "2", "total_s": "3", "total_w": "4"})
    services.close_round(round_, by=director)
    standings = director_client.get(reverse("scoring:standings", args=[championship.pk]), **EN)
    assert standings.status_code == 200 and "Games won" in standings.content.decode()
    projector = director_client.get(reverse("scoring:projector", args=[championship.pk]), **EN)
    assert projector.status_code == 200
    set_results_public(championship, True, user=director)
    archive = json.loads(director_client.get(reverse("archive:public",
                                                     args=[championship.pk])).content)
    assert len(archive["games"]) == 2 and archive["sit_outs"][0]["round"] == 1
    assert archive["standings"][0]["total"] == 13


def test_another_player_confirms_with_their_pin_on_the_entering_players_phone(client, played):
    from formats.abarrotada.models import SeatPinAttempt

    _championship, round_, table = played
    who = seated(table)
    submit = reverse("abarrotada:evening_submit", args=[who["N"].pk, who["N"].link_secret])
    client.post(submit, {"total_n": "8", "total_e": "0", "total_s": "13", "total_w": "2",
                         "hands_played": "9", "idempotency_key": "k-pin"}, **EN)
    entry = GameTotals.objects.get()
    pin_url = reverse("abarrotada:evening_pin", args=[who["N"].pk, who["N"].link_secret,
                                                      entry.pk])
    mine = client.get(page(who["N"]), **EN).content.decode()
    assert pin_url in mine and "PIN of another player at the table" in mine
    # On another player's phone it is not offered: they confirm with the button.
    assert pin_url not in client.get(page(who["E"]), **EN).content.decode()
    # A malformed PIN is refused at the field; a wrong one is kept and refused; neither confirms.
    bad = client.post(pin_url, {"pin": "12a"}, **EN)
    assert bad.status_code == 200 and "type the 4 digits" in bad.content.decode()
    wrong = next(p for p in (f"{n:04d}" for n in range(10_000))
                 if p not in {someone.pin for someone in who.values()})
    client.post(pin_url, {"pin": wrong}, **EN)
    assert SeatPinAttempt.objects.filter(ok=False).count() == 1
    assert evening.table_games(round_, [table.pk])[table.pk]["status"] == "pending"
    # Its own PIN confirms nothing (another player must); South's confirms, as South.
    client.post(pin_url, {"pin": who["N"].pin}, **EN)
    assert evening.table_games(round_, [table.pk])[table.pk]["status"] == "pending"
    answer = client.post(pin_url, {"pin": who["S"].pin}, follow=True, **EN)
    assert f"Game confirmed by {who['S'].name}." in answer.content.decode()
    assert evening.table_games(round_, [table.pk])[table.pk]["status"] == "confirmed"
    review = entry.reviews.get()
    assert (review.by_team_id, review.via_pin) == (who["S"].pk, True)
