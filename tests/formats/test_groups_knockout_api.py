"""Groups then knockout through the REST API (rules.md 12): a whole group stage played by the
pairs' links (entering, confirming, disputing) and the director (settling, entering), the
rules' refusals as a 400 naming the field with nothing written, the groups and their
standings in the pages' scope (the public the closed rounds once published, the director
live, ``?after=N``), and who goes through (directors only)."""

from __future__ import annotations

import pytest
from groups_knockout_factories import make_groups_event
from rest_framework.test import APIClient

from formats.groups_knockout.services import make_groups
from scoring.models import GameEntry, GameReview
from tournaments import services

pytestmark = pytest.mark.django_db

API = "/api/v1/"


@pytest.fixture
def api(director):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(director)
    return client


def captain() -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


def link(team) -> str:
    return f"{API}captain/{team.pk}/{team.link_secret}/group-game/"


def game(first=75, second=52, hands=8, **more) -> dict:
    return {"first_points": first, "second_points": second, "ended_by": "hands",
            "hands_played": hands, **more}


@pytest.fixture
def championship(director):
    # One group of 4 pairs: 3 rounds of 2 tables, nobody sits out.
    championship = make_groups_event(director, pairs=4, seeding="snake")
    make_groups(championship)
    return championship


def next_round(api, championship) -> int:
    c = f"{API}championships/{championship.pk}/"
    generated = api.post(f"{c}rounds/generate/")
    assert generated.status_code == 201, generated.json()
    (round_,) = generated.json()["rounds"]
    assert api.post(f"{c}rounds/{round_['number']}/release/").status_code == 200
    return round_["number"]


def test_a_whole_group_stage_through_the_api(api, director, championship):
    c = f"{API}championships/{championship.pk}/"
    groups = api.get(f"{c}groups/").json()
    assert [g["group"] for g in groups] == ["A"]
    assert [p["position"] for p in groups[0]["pairs"]] == [1, 2, 3, 4]
    for number in (1, 2, 3):
        assert next_round(api, championship) == number
        round_ = championship.rounds.get(number=number)
        one, two = round_.tables.select_related("ns_team", "ew_team").order_by("number")
        mine = captain().get(link(one.ns_team)).json()
        assert (mine["round"], mine["table"], mine["open"], mine["we_are"], mine["group"]) == (
            number, 1, True, "first", "A")
        assert (mine["opponent"]["id"], mine["state"], mine["settings"]["hands_per_game"]) == (
            one.ew_team_id, "empty", 8)
        # Table 1: entered by its first pair, confirmed by the second.
        entered = captain().post(link(one.ns_team), game(round=number, table=1,
                                                        idempotency_key=f"r{number}"),
                                 format="json")
        assert (entered.status_code, entered.json()["state"]) == (201, "pending"), entered.json()
        entry = entered.json()["entry"]["id"]
        confirmed = captain().post(f"{link(one.ew_team)}{entry}/confirm/")
        assert (confirmed.status_code, confirmed.json()["state"]) == (200, "confirmed")
        # Table 2: disputed, and the director settles it by entering the right score.
        entered = captain().post(link(two.ns_team), game(60, 70), format="json")
        entry = entered.json()["entry"]["id"]
        disputed = captain().post(f"{link(two.ew_team)}{entry}/dispute/",
                                  {"comment": "We made 80"}, format="json")
        assert (disputed.status_code, disputed.json()["state"]) == (200, "disputed")
        games = api.get(f"{c}groups/rounds/{number}/games/").json()
        assert [g["state"] for g in games["games"]] == ["confirmed", "disputed"]
        assert games["missing"] == ["Table 2: entered, but the other side disputes it"] and games["byes"] == []
        settled = api.post(f"{c}groups/rounds/{number}/games/2/enter/",
                           game(60, 80, note="The score sheet"), format="json")
        assert (settled.status_code, settled.json()["state"]) == (200, "confirmed")
        assert len(settled.json()["history"]) == 2
        if number == 1:
            # The public: nothing before publication, then closed rounds only.
            assert APIClient().get(f"{c}groups/standings/").status_code == 404
            services.update_championship(championship, results_public=True)
            public = APIClient().get(f"{c}groups/standings/").json()
            assert sum(line["games"] for line in public["results"]) == 0
            live = api.get(f"{c}groups/standings/").json()
            assert sum(line["games"] for line in live["results"]) == 4
        assert api.post(f"{c}rounds/{number}/close/").status_code == 200
    standings = APIClient().get(f"{c}groups/standings/").json()
    assert standings["stage"]["after_round"] == 3
    lines = standings["results"]
    assert [line["group"] for line in lines] == ["A"] * 4
    assert [line["games"] for line in lines] == [3, 3, 3, 3]
    assert sum(line["wins"] for line in lines) == 6
    assert lines[0]["place"] == "1" and lines[0]["through"] == "direct"
    earlier = APIClient().get(f"{c}groups/standings/?after=1").json()
    assert earlier["stage"]["after_round"] == 1
    assert sum(line["games"] for line in earlier["results"]) == 4
    bad = APIClient().get(f"{c}groups/standings/?after=7")
    assert bad.status_code == 400 and "after" in bad.json()
    through = api.get(f"{c}groups/going-through/").json()
    assert (through["complete"], through["missing"]) == (True, 0)
    assert [seed["pair"] for seed in through["seeds"]][:1] == [lines[0]["pair"]]
    # Who goes through is the director's.
    assert APIClient().get(f"{c}groups/going-through/").status_code in (401, 403)


def test_the_rules_refusals_name_the_field_and_write_nothing(api, championship):
    next_round(api, championship)
    table = championship.rounds.get(number=1).tables.select_related("ns_team").first()
    cases = [
        (game(64, 64), ("first_points", "second_points")),  # a group game is never level
        (game(hands=9), ("hands_played",)),  # not 8, 10, 12… hands
        (game(ended_by="target"), ("ended_by",)),  # a group game ends by its hands
        (game(round=2), ("round",)),  # queued for another round
        (game(table=9), ("table",)),
        (game(first="many"), ("first_points",)),
    ]
    for body, fields in cases:
        refused = captain().post(link(table.ns_team), body, format="json")
        assert refused.status_code == 400, (body, refused.json())
        assert set(fields) <= set(refused.json()), (body, refused.json())
    director = api.post(f"{API}championships/{championship.pk}/groups/rounds/1/games/1/enter/",
                        game(70, 70), format="json")
    assert director.status_code == 400 and "first_points" in director.json()
    assert not GameEntry.objects.exists() and not GameReview.objects.exists()


def test_a_pin_confirms_and_a_link_reaches_only_its_own_table(api, championship):
    next_round(api, championship)
    one, two = championship.rounds.get(number=1).tables.order_by("number")
    entry = captain().post(link(one.ns_team), game(), format="json").json()["entry"]["id"]
    stranger = captain().post(f"{link(two.ns_team)}{entry}/confirm/")
    assert stranger.status_code == 404
    wrong = captain().post(f"{link(one.ns_team)}{entry}/pin/", {"pin": "abcd"}, format="json")
    assert wrong.status_code == 400 and "pin" in wrong.json()
    pinned = captain().post(f"{link(one.ns_team)}{entry}/pin/", {"pin": one.ew_team.pin},
                            format="json")
    assert (pinned.status_code, pinned.json()["state"]) == (200, "confirmed"), pinned.json()


def test_the_endpoints_refuse_strangers_and_other_formats(api, director, championship,
                                                          django_user_model):
    next_round(api, championship)
    c = f"{API}championships/{championship.pk}/groups/"
    other = django_user_model.objects.create_user("other", password="x")
    stranger = APIClient()
    stranger.force_login(other)
    for url in (f"{c}rounds/1/games/", f"{c}rounds/1/games/1/", f"{c}going-through/",
                f"{c}standings/", c):
        assert stranger.get(url).status_code == 404, url
        assert APIClient().get(url).status_code in (401, 403, 404), url
    assert stranger.post(f"{c}rounds/1/games/1/enter/", game(), format="json").status_code == 404
    table = championship.rounds.get(number=1).tables.select_related("ns_team").first()
    assert captain().get(link(table.ns_team).replace(table.ns_team.link_secret, "x" * 20)
                         ).status_code == 404
    duplicate = services.create_championship(director, name="Duplicate")
    answer = api.get(f"{API}championships/{duplicate.pk}/groups/standings/")
    assert (answer.status_code, answer.json()["code"]) == (409, "wrong_format")


def test_a_director_creates_one_through_the_api_and_it_reads_back(api, director, championship):
    # POST championships with the format and its settings: created with them, as the schema
    # says; it then reads with its format and settings, and is listed with the other.
    created = api.post(f"{API}championships/", {
        "name": "Nou", "format": "groups_knockout",
        "groups_knockout": {"group_size": 5, "hands_per_game": 10, "extra_hands": 3,
                            "win_points": 2, "qualifiers_per_group": 2, "bracket_size": 8,
                            "best_of": 3, "third_place": True, "seeding": "snake"}},
        format="json")
    assert created.status_code == 201, created.json()
    body = created.json()
    assert body["format"] == "groups_knockout"
    assert body["groups_knockout"] == {
        "group_size": 5, "hands_per_game": 10, "extra_hands": 3, "win_points": 2,
        "qualifiers_per_group": 2, "bracket_size": 8, "best_of": 3, "third_place": True,
        "seeding": "snake", "seed_by_rating": False}
    made = type(championship).objects.get(pk=body["id"])
    assert made.directors.filter(pk=director.pk).exists()
    from formats.groups_knockout.services import settings_of

    kept = settings_of(made)
    assert (kept.group_size, kept.qualifiers_per_group, kept.bracket_size, kept.seeding) == (
        5, 2, 8, "snake")
    read = api.get(f"{API}championships/{championship.pk}/").json()
    assert (read["format"], read["groups_knockout"]["group_size"]) == ("groups_knockout", 4)
    listed = api.get(f"{API}championships/").json()["results"]
    assert sorted(c["format"] for c in listed) == ["groups_knockout", "groups_knockout"]
    # Without settings: the format's defaults.
    plain = api.post(f"{API}championships/", {"name": "Per defecte",
                                              "format": "groups_knockout"}, format="json")
    assert plain.status_code == 201, plain.json()
    assert (plain.json()["groups_knockout"]["group_size"],
            plain.json()["groups_knockout"]["seeding"]) == (4, "draw")


@pytest.mark.parametrize(("given", "field"), [
    ({"group_size": 7}, "group_size"),
    ({"hands_per_game": 0}, "hands_per_game"),
    ({"win_points": 5}, "win_points"),
    ({"bracket_size": 6}, "bracket_size"),
    ({"best_of": 2}, "best_of"),
    ({"seeding": "by_hat"}, "seeding"),
])
def test_bad_settings_are_refused_naming_the_field_and_nothing_is_created(api, given,
                                                                          field):
    from formats.groups_knockout.models import GroupsSettings
    from tournaments.models import AuditEvent, Championship

    before = (Championship.objects.count(), GroupsSettings.objects.count(),
              AuditEvent.objects.count())
    refused = api.post(f"{API}championships/", {"name": "Nou", "format": "groups_knockout",
                                                 "groups_knockout": given}, format="json")
    assert refused.status_code == 400, refused.json()
    assert field in refused.json()["groups_knockout"], refused.json()
    assert (Championship.objects.count(), GroupsSettings.objects.count(),
            AuditEvent.objects.count()) == before


def test_a_director_settles_no_other_championships_game(api, director, championship,
                                                        django_user_model):
    # Another director's group event, its table 1 with an entry. This director, on their own
    # table's endpoint naming the other event's entry: 404, nothing written; nor the other
    # event's table through its own address (entering or reading); their own: settled.
    other_director = django_user_model.objects.create_user("gk-api-other", password="x")
    other = make_groups_event(other_director, pairs=4, seeding="snake")
    make_groups(other)
    other_api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    other_api.force_login(other_director)
    next_round(other_api, other)
    next_round(api, championship)
    theirs_table = other.rounds.get(number=1).tables.select_related("ns_team").get(number=1)
    theirs = captain().post(link(theirs_table.ns_team), game(), format="json").json()
    own_table = championship.rounds.get(number=1).tables.select_related("ns_team").get(number=1)
    ours = captain().post(link(own_table.ns_team), game(), format="json").json()
    url = f"{API}championships/{championship.pk}/groups/rounds/1/games/1/"
    refused = api.post(f"{url}confirm/", {"entry": theirs["entry"]["id"]}, format="json")
    assert refused.status_code == 404
    other_url = f"{API}championships/{other.pk}/groups/rounds/1/games/1/"
    assert api.get(other_url).status_code == 404
    assert api.post(f"{other_url}enter/", game(), format="json").status_code == 404
    assert not GameReview.objects.exists()
    assert GameEntry.objects.filter(table=theirs_table).count() == 1
    settled = api.post(f"{url}confirm/", {"entry": ours["entry"]["id"]}, format="json")
    assert (settled.status_code, settled.json()["state"]) == (200, "confirmed")
    assert GameReview.objects.get().entry_id == ours["entry"]["id"]
