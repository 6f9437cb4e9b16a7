"""Groups then knockout, the group games through the pages (rules.md 12.1): a pair's link
shows its table and the game's form with the score pad; a game posted through the page is
entered, and the other pair's link confirms it; a level game is refused with the message
shown and nothing written; a pair sitting the round out is told so; the director's grid
lists every group's tables with their state, and a table's page confirms or sets the game;
the round's missing results are the tables not yet confirmed. What a captain's page and a
submission cost does not grow with the field."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from groups_knockout_factories import make_groups_event

from formats import format_of
from formats.groups_knockout.models import GroupSitOut
from formats.groups_knockout.services import make_groups
from scoring.models import GameEntry, GameReview
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def english_client(client=None) -> Client:
    """A phone (or ``client``) reading the pages in English."""
    client = client or Client()
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def released_round_1(director, pairs: int = 10):
    # By the snake in groups of 4: 10 pairs are groups of 3, 3 and 4 (a pair of each group
    # of 3 sits every round out). Games of 8 hands, 2 more while level.
    championship = make_groups_event(director, pairs=pairs, seeding="snake")
    make_groups(championship)
    (round_,) = services.generate_next_round(championship)
    services.release_round(round_, by=director)
    round_.refresh_from_db()
    return round_


@pytest.fixture
def round_1(director):
    return released_round_1(director)


def link(team) -> str:
    return f"/t/{team.pk}/{team.link_secret}/"


def page_key(phone, team) -> str:
    page = phone.get(link(team)).content.decode()
    return re.search(r'name="idempotency_key" value="([^"]+)"', page).group(1)


def game_post(key, first=75, second=52, hands=8, **more) -> dict:
    return {"first_points": str(first), "second_points": str(second), "ended_by": "hands",
            "hands_played": str(hands), "idempotency_key": key, **more}


def test_a_captain_sees_the_table_and_the_form_with_the_score_pad(round_1):
    table = round_1.tables.select_related("ns_team", "ew_team").order_by("number").first()
    response = english_client().get(link(table.ns_team))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Round 1 · Table 1" in page
    assert table.ns_team.name in page and table.ew_team.name in page
    assert "8 hands; 2 more while the points are level." in page
    assert 'id="score-pad"' in page and 'id="game-form"' in page
    assert f'action="/t/{table.ns_team.pk}/{table.ns_team.link_secret}/group-game/"' in page
    # The group's letter; a group game ends by its hands, the only ending offered.
    assert re.search(r"Group [A-C]<", page)
    endings = re.findall(r'<option value="(\w+)"[^>]*>[^<]*</option>',
                         page.split('name="ended_by"')[1].split("</select>")[0])
    assert endings == ["hands"]
    pad = response.context["pad_data"]
    assert (pad["hand_limit"], pad["extra_hands"], pad["target"], pad["cap"]) == (8, 2, None,
                                                                                 None)


def test_a_game_posted_through_the_page_is_entered_and_the_other_pair_confirms_it(round_1):
    table = round_1.tables.select_related("ns_team", "ew_team").order_by("number").first()
    first, second = table.ns_team, table.ew_team
    phone = english_client()
    key = page_key(phone, first)
    response = phone.post(f"{link(first)}group-game/", game_post(key, 70, 60, 10))
    assert response.status_code == 302
    entry = GameEntry.objects.get(idempotency_key=key)
    assert (entry.table_id, entry.first_points, entry.second_points, entry.hands_played,
            entry.ended_by, entry.by_team_id) == (table.pk, 70, 60, 10, "hands", first.pk)
    # The other pair's link shows it to confirm, and confirms it.
    other = english_client()
    page = other.get(link(second)).content.decode()
    assert "The other pair entered this result" in page
    assert f"/group-game/{entry.pk}/confirm/" in page
    response = other.post(f"{link(second)}group-game/{entry.pk}/confirm/")
    assert response.status_code == 302
    assert entry.reviews.get().verdict == GameReview.Verdict.CONFIRM
    assert "Game confirmed." in other.get(link(second)).content.decode()


def test_the_other_pair_confirms_with_its_pin_on_the_entering_phone(round_1):
    table = round_1.tables.select_related("ns_team", "ew_team").order_by("number").first()
    first, second = table.ns_team, table.ew_team
    phone = english_client()
    phone.post(f"{link(first)}group-game/", game_post(page_key(phone, first)))
    entry = GameEntry.objects.get(table=table)
    page = phone.get(link(first)).content.decode()
    assert f"/group-game/{entry.pk}/pin/" in page
    phone.post(f"{link(first)}group-game/{entry.pk}/pin/", {"pin": second.pin})
    review = entry.reviews.get()
    assert (review.verdict, review.by_team_id) == (GameReview.Verdict.CONFIRM, second.pk)


def test_the_other_pair_disputes_it_for_the_director(round_1):
    table = round_1.tables.select_related("ns_team", "ew_team").order_by("number").first()
    phone = english_client()
    phone.post(f"{link(table.ns_team)}group-game/", game_post(page_key(phone, table.ns_team)))
    entry = GameEntry.objects.get(table=table)
    english_client().post(f"{link(table.ew_team)}group-game/{entry.pk}/dispute/",
                  {"comment": "We won the last hand"})
    assert entry.reviews.get().verdict == GameReview.Verdict.DISPUTE


def test_a_level_game_is_refused_with_the_message_shown_and_nothing_written(round_1):
    team = round_1.tables.order_by("number").first().ns_team
    phone = english_client()
    response = phone.post(f"{link(team)}group-game/", game_post(page_key(phone, team), 64, 64))
    assert response.status_code == 200
    page = response.content.decode()
    assert "never a draw" in page and 'class="errorlist"' in page
    assert not GameEntry.objects.exists()
    # Hands that are not 8, 10, 12…, and a game ended another way, are refused too.
    response = phone.post(f"{link(team)}group-game/",
                          game_post(page_key(phone, team), 70, 60, 9))
    assert "not 9 hands" in response.content.decode()
    response = phone.post(f"{link(team)}group-game/",
                          game_post(page_key(phone, team), ended_by="target"))
    assert response.status_code == 200 and response.context["form"].errors["ended_by"]
    assert not GameEntry.objects.exists()


def test_a_pair_sitting_the_round_out_is_told_so_and_cannot_enter(round_1):
    sit_out = GroupSitOut.objects.filter(round=round_1).select_related("team").first()
    team = sit_out.team
    page = english_client().get(link(team)).content.decode()
    assert "Round 1: your pair sits this round out" in page
    assert 'id="game-form"' not in page
    response = english_client().post(f"{link(team)}group-game/", game_post("sit-out-key"),
                             follow=True)
    assert "Your pair sits out round 1: it plays no game." in response.content.decode()
    assert not GameEntry.objects.exists()


def test_the_directors_grid_lists_every_table_with_its_group_and_state(round_1,
                                                                        director_client):
    tables = list(round_1.tables.select_related("ns_team", "ew_team").order_by("number"))
    first = tables[0]
    phone = english_client()
    phone.post(f"{link(first.ns_team)}group-game/", game_post(page_key(phone, first.ns_team)))
    c = round_1.championship_id
    english_client(director_client)
    response = director_client.get(f"/director/c/{c}/results/rounds/1/")
    assert response.status_code == 200
    page = response.content.decode()
    for table in tables:
        assert f'href="/director/c/{c}/results/rounds/1/group-games/{table.number}/"' in page
        assert table.ns_team.name in page and table.ew_team.name in page
    states = [game.state for game in response.context["games"]]
    assert states == ["pending"] + ["empty"] * (len(tables) - 1)
    assert sorted({game.group for game in response.context["games"]}) == ["A", "B", "C"]
    assert page.count("waiting for confirmation") == 1
    for sit_out in GroupSitOut.objects.filter(round=round_1).select_related("team"):
        assert f"Sits this round out: {sit_out.team.name}" in page


def test_the_table_page_confirms_or_sets_the_game(round_1, director_client):
    tables = list(round_1.tables.select_related("ns_team").order_by("number"))
    phone = english_client()
    phone.post(f"{link(tables[0].ns_team)}group-game/",
               game_post(page_key(phone, tables[0].ns_team)))
    entry = GameEntry.objects.get()
    english_client(director_client)
    c = round_1.championship_id
    url = f"/director/c/{c}/results/rounds/1/group-games/1/"
    assert "75 – 52" in director_client.get(url).content.decode()
    director_client.post(url, {"action": "confirm", "entry": str(entry.pk)})
    assert entry.reviews.get().by_director_id is not None
    # The director sets table 2's game; a level one is refused at the form.
    url = f"/director/c/{c}/results/rounds/1/group-games/2/"
    response = director_client.post(url, game_post("", 40, 40, 8, note="sheet"))
    assert response.status_code == 200 and "never a draw" in response.content.decode()
    response = director_client.post(url, game_post("", 40, 38, 10, note="sheet"))
    assert response.status_code == 302
    set_game = GameEntry.objects.get(table=tables[1])
    assert (set_game.first_points, set_game.second_points, set_game.hands_played,
            set_game.by_director_override) == (40, 38, 10, True)


def test_a_director_confirms_no_other_championships_game(round_1, django_user_model):
    # Another director's group event: its table 1 with an entry. This director, on their own
    # table's page, naming the other event's entry: 404, nothing written; their own: settled.
    other_director = django_user_model.objects.create_user("gk-other", password="x")
    other_round = released_round_1(other_director)
    other_table = other_round.tables.select_related("ns_team").order_by("number").first()
    phone = english_client()
    phone.post(f"{link(other_table.ns_team)}group-game/",
               game_post(page_key(phone, other_table.ns_team)))
    theirs = GameEntry.objects.get(table=other_table)
    own_table = round_1.tables.select_related("ns_team").order_by("number").first()
    phone.post(f"{link(own_table.ns_team)}group-game/",
               game_post(page_key(phone, own_table.ns_team)))
    ours = GameEntry.objects.get(table=own_table)
    director = english_client()
    director.force_login(round_1.championship.directors.get())
    url = f"/director/c/{round_1.championship_id}/results/rounds/1/group-games/1/"
    assert director.post(url, {"action": "confirm", "entry": str(theirs.pk)}).status_code == 404
    assert not GameReview.objects.exists()
    # Nor the other event's table through its own address.
    other_url = f"/director/c/{other_round.championship_id}/results/rounds/1/group-games/1/"
    assert director.get(other_url).status_code == 404
    director.post(url, {"action": "confirm", "entry": str(ours.pk)})
    assert GameReview.objects.get().entry_id == ours.pk


def test_missing_results_are_the_tables_not_yet_confirmed(round_1):
    tables = list(round_1.tables.select_related("ns_team", "ew_team").order_by("number"))
    phone = english_client()
    for table in tables[:2]:
        phone.post(f"{link(table.ns_team)}group-game/", game_post(page_key(phone, table.ns_team)))
    confirmed = GameEntry.objects.get(table=tables[0])
    english_client().post(f"{link(tables[0].ew_team)}group-game/{confirmed.pk}/confirm/")
    missing = format_of(round_1.championship).missing_results(round_1)
    assert missing == ["Table 2: waiting for confirmation"] + [
        f"Table {table.number}: not entered" for table in tables[2:]]
    # A pair of the last table withdraws: its opponent has the walkover (rules.md 12.4), and
    # that table's game is no longer missing.
    services.withdraw_team(tables[-1].ns_team)
    missing = format_of(round_1.championship).missing_results(round_1)
    assert missing == ["Table 2: waiting for confirmation"] + [
        f"Table {table.number}: not entered" for table in tables[2:-1]]


# --- What it costs --------------------------------------------------------------------------

SIZES = (8, 32)


def count(call):
    with CaptureQueriesContext(connection) as context:
        response = call()
    return len(context), response


def costs(pairs: int, director) -> dict[str, int]:
    round_ = released_round_1(director, pairs)
    tables = list(round_.tables.select_related("ns_team", "ew_team").order_by("number"))
    # Every other game is in and confirmed.
    entries = GameEntry.objects.bulk_create(
        GameEntry(table=t, first_points=70, second_points=60, ended_by="hands",
                  hands_played=8, by_team_id=t.ns_team_id) for t in tables[1:])
    GameReview.objects.bulk_create(
        GameReview(entry=e, verdict="confirm", by_team_id=e.table.ew_team_id) for e in entries)
    first, second = tables[0].ns_team, tables[0].ew_team
    phone = english_client()
    key = page_key(phone, first)
    result = {}
    result["captain page"], response = count(lambda: phone.get(link(first)))
    assert response.status_code == 200
    result["page submit"], response = count(
        lambda: phone.post(f"{link(first)}group-game/", game_post(key)))
    assert response.status_code == 302
    entry = GameEntry.objects.get(idempotency_key=key)
    result["page confirm"], response = count(
        lambda: phone.post(f"{link(second)}group-game/{entry.pk}/confirm/"))
    assert response.status_code == 302 and entry.reviews.exists()
    director_client = english_client()
    director_client.force_login(director)
    c = round_.championship_id
    for name, url in (("games", f"/director/c/{c}/results/rounds/1/"),
                      ("game", f"/director/c/{c}/results/rounds/1/group-games/1/")):
        result[name], response = count(lambda url=url: director_client.get(url))
        assert response.status_code == 200, name
    return result


def test_group_game_query_counts_do_not_grow_with_the_field(django_user_model):
    by_size = {}
    for size in SIZES:
        director = django_user_model.objects.create_user(f"gk-cost-{size}", password="x")
        by_size[size] = costs(size, director)
    small, large = (by_size[size] for size in SIZES)
    assert small == large, {k: (small[k], large[k]) for k in small if small[k] != large[k]}
    # Pinned: a change that adds a statement says so here. The page's submit and
    # confirmation cost what a free-deal game's do (test_free_deal_costs: the same core
    # views); the pair's page reads the link, its table (with the championship and its
    # settings), the table's game, the round it may sit out and its group.
    lock = 1 if connection.vendor == "postgresql" else 0
    assert large["page submit"] == 8 + lock and large["page confirm"] == 9 + lock, large
    # The captain's page: one of them looks for the pair's knockout tie (none yet).
    assert (large["captain page"], large["games"], large["game"]) == (6, 16, 10), large
