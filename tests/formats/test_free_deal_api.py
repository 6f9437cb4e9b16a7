"""A free-deal tournament through the REST API (/api/v1/): the championship takes its format
and settings, the shared "generate" endpoint pairs the Swiss through the format, captains
enter, confirm and dispute their game, the director reads the games, enters and confirms,
and the ranking shows match points as the duplicate standings show totals. Endpoints of one
format refuse a championship of the other (409), saying so."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from free_deal_factories import make_free_deal, next_round, play_round, win
from rest_framework.test import APIClient

sys.path.insert(0, str(Path(__file__).parents[1] / "scoring"))
from scoring_factories import make_championship, make_round, teams_of  # noqa: E402

from formats.free_deal.models import FreeDealSettings  # noqa: E402
from scoring.models import GameEntry, GameReview  # noqa: E402
from scoring.services import games as game_services  # noqa: E402
from tournaments import services  # noqa: E402
from tournaments.models import Championship  # noqa: E402

pytestmark = pytest.mark.django_db

API = "/api/v1/"


@pytest.fixture
def api(director):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(director)
    return client


def link(team) -> str:
    return f"{API}captain/{team.pk}/{team.link_secret}/free-deal/game/"


def captain() -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


GAME = {"first_points": 101, "second_points": 64, "ended_by": "target", "hands_played": 10}


# --- The championship: format and settings ----------------------------------------------------


def test_a_free_deal_championship_is_created_with_its_settings(api):
    answer = api.post(f"{API}championships/", {
        "name": "Torneig de Sant Jordi", "format": "free_deal_pairs", "rounds_planned": 5,
        "free_deal": {"target": 101, "hand_limit": None, "match_points": "3-1-0",
                      "knockout_size": 8},
    }, format="json")
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert (body["format"], body["movement"]) == ("free_deal_pairs", "swiss")
    assert body["free_deal"] == {
        "target": 101, "hand_limit": None, "round_minutes": 60, "cap": 121, "sant_vicenc": True,
        "match_points": "3-1-0", "tie_breaks": "match_points,point_difference,points,buchholz",
        "bye_difference": 0, "bye_points": 0, "seeding": "draw", "seed_by_rating": False,
        "sections": [],
        "knockout_size": 8, "knockout_best_of": 1}
    stored = FreeDealSettings.objects.get(championship_id=body["id"])
    assert (stored.hand_limit, stored.match_points) == (None, "3-1-0")
    # A duplicate championship, as before: the format defaults, and it has no such settings.
    duplicate = api.post(f"{API}championships/", {"name": "Obert"}, format="json").json()
    assert (duplicate["format"], duplicate["free_deal"]) == ("duplicate_pairs", None)


@pytest.mark.parametrize(("body", "where", "field"), [
    ({"free_deal": {"target": 130, "cap": 121}}, "free_deal", "cap"),
    ({"free_deal": {"target": None, "hand_limit": None, "round_minutes": None}},
     "free_deal", "target"),
    ({"free_deal": {"tie_breaks": "luck"}}, "free_deal", "tie_breaks"),
    ({"free_deal": {"hand_limit": 150}}, "free_deal", "hand_limit"),
    ({"free_deal": {"match_points": "5-0-0"}}, "free_deal", "match_points"),
    ({"free_deal": {"cap": 2**40}}, "free_deal", "cap"),
    ({"free_deal": ["target"]}, "free_deal", None),
    ({"format": "knockout"}, "format", None),
    ({"format": "duplicate_pairs", "free_deal": {"target": 101}}, "free_deal", None),
    ({"rounds_planned": None}, "rounds_planned", None),
])
def test_bad_settings_are_refused_naming_the_field_and_nothing_is_written(api, body, where,
                                                                           field):
    sent = {"name": "Mal", "format": "free_deal_pairs", "rounds_planned": 5, **body}
    answer = api.post(f"{API}championships/", sent, format="json")
    assert answer.status_code == 400, answer.json()
    errors = answer.json()[where]
    if field is not None:
        assert field in errors, errors
    assert not Championship.objects.exists() and not FreeDealSettings.objects.exists()


def test_the_format_is_write_once_and_the_settings_lock_with_round_1(api, director):
    championship = make_free_deal(director, pairs=4)
    url = f"{API}championships/{championship.pk}/"
    refused = api.patch(url, {"format": "duplicate_pairs"}, format="json")
    assert refused.status_code == 400 and "format" in refused.json()
    assert api.patch(url, {"format": "free_deal_pairs", "venue": "Casal"},
                     format="json").status_code == 200
    # Only the settings sent change.
    answer = api.patch(url, {"free_deal": {"cap": 150}}, format="json")
    assert answer.status_code == 200
    assert (answer.json()["free_deal"]["cap"], answer.json()["free_deal"]["target"]) == (150, 101)
    assert "free_deal" not in answer.json()["locked_fields"]
    next_round(championship, director)
    locked = api.patch(url, {"free_deal": {"cap": 121}}, format="json")
    assert locked.status_code == 400 and "cap" in locked.json()["free_deal"], locked.json()
    assert FreeDealSettings.objects.get().cap == 150
    assert "free_deal" in api.get(url).json()["locked_fields"]
    # Sending the same values again is harmless.
    assert api.patch(url, {"free_deal": {"cap": 150}}, format="json").status_code == 200


# --- A round, from pairing to ranking ---------------------------------------------------------


def test_a_round_through_the_api(api, director):
    championship = make_free_deal(director, pairs=4, rounds=3)
    c = f"{API}championships/{championship.pk}/"
    generated = api.post(f"{c}rounds/generate/")
    assert generated.status_code == 201, generated.json()
    (round1,) = generated.json()["rounds"]
    assert (round1["number"], round1["first_deal"], round1["last_deal"]) == (1, None, None)
    assert api.post(f"{c}rounds/1/release/").status_code == 200
    table = championship.rounds.get(number=1).tables.get(number=1)
    first, second = table.ns_team, table.ew_team

    mine = captain().get(link(first)).json()
    assert (mine["round"], mine["table"], mine["open"], mine["we_are"]) == (1, 1, True, "first")
    assert (mine["opponent"]["id"], mine["state"], mine["entry"]) == (second.pk, "empty", None)
    assert mine["settings"]["target"] == 101

    entered = captain().post(link(first), {**GAME, "round": 1, "table": 1,
                                           "idempotency_key": "k-1"}, format="json")
    assert entered.status_code == 201, entered.json()
    assert (entered.json()["state"], entered.json()["entry"]["by_pair"]) == ("pending", first.pk)
    entry_id = entered.json()["entry"]["id"]
    again = captain().post(link(first), {**GAME, "idempotency_key": "k-1"}, format="json")
    assert (again.status_code, again.json()["entry"]["id"]) == (200, entry_id)
    own = captain().post(f"{link(first)}{entry_id}/confirm/")
    assert (own.status_code, own.json()["code"]) == (409, "self_confirmation")
    confirmed = captain().post(f"{link(second)}{entry_id}/confirm/")
    assert (confirmed.status_code, confirmed.json()["state"]) == (200, "confirmed")

    games = api.get(f"{c}free-deal/rounds/1/games/").json()
    assert [g["state"] for g in games["games"]] == ["confirmed", "empty"]
    assert games["games"][0]["first_pair"]["id"] == first.pk
    assert games["missing"] == ["Table 2: not entered"]
    detail = api.get(f"{c}free-deal/rounds/1/games/2/").json()
    assert (detail["state"], detail["history"]) == ("empty", [])
    entered = api.post(f"{c}free-deal/rounds/1/games/2/enter/", {
        "first_points": 80, "second_points": 80, "ended_by": "time", "hands_played": 9,
        "note": "The score sheet"}, format="json")
    assert entered.status_code == 200, entered.json()
    assert entered.json()["state"] == "confirmed"
    (history,) = entered.json()["history"]
    assert (history["by_director"], history["note"], history["reviews"][0]["verdict"]) == (
        True, "The score sheet", "confirm")

    ranking = api.get(f"{c}free-deal/standings/").json()
    lines = {line["team"]: line for line in ranking["results"]}
    assert ranking["stage"]["after_round"] is None  # live, for the director
    assert (lines[first.number]["match_points"], lines[first.number]["match_points_exact"],
            lines[first.number]["point_difference"]) == ("1.00", "1", 37)
    drawn = [line for line in ranking["results"] if line["draws"]]
    assert {line["match_points"] for line in drawn} == {"0.50"}
    assert {line["match_points_exact"] for line in drawn} == {"1/2"}
    assert ranking["results"][0]["label"] == "1"
    # The public sees nothing before publication, then the closed rounds only.
    assert APIClient().get(f"{c}free-deal/standings/").status_code == 404
    services.update_championship(championship, results_public=True)
    public = APIClient().get(f"{c}free-deal/standings/").json()
    assert all(line["games"] == 0 for line in public["results"])
    assert api.post(f"{c}rounds/1/close/").status_code == 200
    public = APIClient().get(f"{c}free-deal/standings/").json()
    assert public["stage"]["after_round"] == 1
    assert sum(line["games"] for line in public["results"]) == 4
    # Round 2 through the same generic endpoint: the Swiss, no rematch.
    (round2,) = api.post(f"{c}rounds/generate/").json()["rounds"]
    assert round2["number"] == 2
    met = {frozenset((first.pk, second.pk))}
    for t in championship.rounds.get(number=2).tables.all():
        assert frozenset((t.ns_team_id, t.ew_team_id)) not in met


def test_a_dispute_goes_to_the_director_who_confirms_or_overrides(api, director):
    championship = make_free_deal(director, pairs=4)
    round_ = next_round(championship, director)
    table = round_.tables.get(number=1)
    entry, _ = game_services.submit_game(team=table.ns_team, table=table, values=win(),
                                         idempotency_key=None)
    no_comment = captain().post(f"{link(table.ew_team)}{entry.pk}/dispute/", {}, format="json")
    assert no_comment.status_code == 400 and "comment" in no_comment.json()
    disputed = captain().post(f"{link(table.ew_team)}{entry.pk}/dispute/",
                              {"comment": "It was 99"}, format="json")
    assert (disputed.status_code, disputed.json()["state"]) == (200, "disputed")
    game = f"{API}championships/{championship.pk}/free-deal/rounds/1/games/1/"
    assert api.get(game).json()["disputed_by"] == table.ew_team_id
    other_table = round_.tables.get(number=2)
    stranger, _ = game_services.submit_game(team=other_table.ns_team, table=other_table,
                                            values=win(), idempotency_key=None)
    assert api.post(f"{game}confirm/", {"entry": stranger.pk},
                    format="json").status_code == 404
    confirmed = api.post(f"{game}confirm/", {"entry": entry.pk}, format="json")
    assert (confirmed.status_code, confirmed.json()["state"]) == (200, "confirmed")
    assert GameReview.objects.filter(entry=entry, verdict="confirm",
                                     by_director=director).exists()


def test_the_idempotency_key_header_is_the_links_own(director):
    championship = make_free_deal(director, pairs=4)
    round_ = next_round(championship, director)
    one, two = round_.tables.order_by("number")
    sent = captain().post(link(one.ns_team), GAME, format="json",
                          headers={"Idempotency-Key": "phone-1"})
    again = captain().post(link(one.ns_team), GAME, format="json",
                           headers={"Idempotency-Key": "phone-1"})
    assert (sent.status_code, again.status_code) == (201, 200)
    assert sent.json()["entry"]["id"] == again.json()["entry"]["id"]
    # Another pair's phone may draw the same key: another submission.
    other = captain().post(link(two.ns_team), GAME, format="json",
                           headers={"Idempotency-Key": "phone-1"})
    assert other.status_code == 201 and GameEntry.objects.count() == 2
    too_long = captain().post(link(one.ew_team), GAME, format="json",
                              headers={"Idempotency-Key": "k" * 101})
    assert too_long.status_code == 400 and "Idempotency-Key" in too_long.json()
    assert GameEntry.objects.count() == 2


def test_a_link_reaches_only_its_own_table(director):
    championship = make_free_deal(director, pairs=4)
    round_ = next_round(championship, director)
    one, two = round_.tables.order_by("number")
    entry, _ = game_services.submit_game(team=one.ns_team, table=one, values=win(),
                                         idempotency_key=None)
    for action in ("confirm/", "dispute/"):
        answer = captain().post(f"{link(two.ns_team)}{entry.pk}/{action}", {"comment": "No"},
                                format="json")
        assert answer.status_code == 404 and answer.json()["code"] == "not_found"
    assert captain().get(link(two.ns_team)).json()["entry"] is None
    wrong = APIClient().get(f"{API}captain/{one.ns_team.pk}/not-the-secret/free-deal/game/")
    assert wrong.status_code == 404


def test_the_odd_pair_has_the_bye_and_no_game(director):
    championship = make_free_deal(director, pairs=5)
    round_ = next_round(championship, director)
    bye = round_.bye_team
    shown = captain().get(link(bye)).json()
    assert (shown["bye_round"], shown["table"], shown["open"]) == (1, None, False)
    refused = captain().post(link(bye), GAME, format="json")
    assert (refused.status_code, refused.json()["code"]) == (409, "bye")
    assert "bye" in refused.json()["detail"] and not GameEntry.objects.exists()


def test_a_closed_round_takes_no_captains_game(director):
    championship = make_free_deal(director, pairs=4)
    round_ = next_round(championship, director)
    play_round(round_, lambda table: win())
    services.close_round(round_, by=director)
    first = round_.tables.get(number=1).ns_team
    shown = captain().get(link(first)).json()
    assert (shown["round"], shown["open"], shown["state"]) == (1, False, "confirmed")
    refused = captain().post(link(first), GAME, format="json")
    assert (refused.status_code, refused.json()["code"]) == (409, "round_closed")


def test_a_game_sent_again_after_its_round_closed_gets_its_first_answer(director):
    championship = make_free_deal(director, pairs=4)
    round_ = next_round(championship, director)
    first = round_.tables.get(number=1).ns_team
    sent = captain().post(link(first), {**GAME, "idempotency_key": "offline-1"}, format="json")
    assert sent.status_code == 201
    services.close_round(round_, by=director)
    again = captain().post(link(first), {**GAME, "idempotency_key": "offline-1"}, format="json")
    assert (again.status_code, again.json()["entry"]["id"]) == (200, sent.json()["entry"]["id"])
    assert again.json()["state"] == "pending" and GameEntry.objects.count() == 1
    # Another key is a new game, refused.
    other = captain().post(link(first), {**GAME, "idempotency_key": "offline-2"}, format="json")
    assert other.status_code == 409


# --- One format's endpoints on the other's championship ---------------------------------------

DUPLICATE_ONLY = [
    ("get", "captain/{link}/tables/"), ("get", "captain/{link}/results/"),
    ("post", "captain/{link}/results/"), ("post", "captain/{link}/results/1/confirm/"),
    ("post", "captain/{link}/results/1/dispute/"), ("post", "captain/{link}/results/1/pin/"),
    ("get", "championships/{c}/standings/"), ("get", "championships/{c}/travellers/"),
    ("get", "championships/{c}/travellers/1/"), ("get", "championships/{c}/scorecards/1/"),
    ("get", "championships/{c}/deal-check/1/"), ("get", "championships/{c}/rounds/1/deals/"),
    ("post", "championships/{c}/rounds/1/deals/import/"),
    ("post", "championships/{c}/rounds/1/deals/restore/"),
    ("post", "championships/{c}/deals/import/"), ("get", "championships/{c}/rounds/1/results/"),
    ("get", "championships/{c}/rounds/1/results/1/1/"),
    ("post", "championships/{c}/rounds/1/results/1/1/enter/"),
    ("post", "championships/{c}/rounds/1/results/1/1/confirm/"),
    ("post", "championships/{c}/rounds/1/results/1/1/adjust/"),
    ("post", "championships/{c}/rounds/1/results/1/1/clear-adjustment/"),
]
FREE_DEAL_ONLY = [
    ("get", "captain/{link}/free-deal/game/"), ("post", "captain/{link}/free-deal/game/"),
    ("post", "captain/{link}/free-deal/game/1/confirm/"),
    ("post", "captain/{link}/free-deal/game/1/dispute/"),
    ("get", "championships/{c}/free-deal/rounds/1/games/"),
    ("get", "championships/{c}/free-deal/rounds/1/games/1/"),
    ("post", "championships/{c}/free-deal/rounds/1/games/1/enter/"),
    ("post", "championships/{c}/free-deal/rounds/1/games/1/confirm/"),
    ("get", "championships/{c}/free-deal/standings/"),
]


def _duplicate_championship(director):
    championship = make_championship(teams=4, director=director)
    teams = teams_of(championship)
    make_round(championship, 1, [(teams[0], teams[1]), (teams[2], teams[3])])
    return championship


@pytest.mark.parametrize(("method", "template"), DUPLICATE_ONLY + FREE_DEAL_ONLY,
                         ids=[t for _m, t in DUPLICATE_ONLY + FREE_DEAL_ONLY])
def test_an_endpoint_of_the_other_format_says_so(api, director, method, template):
    if (method, template) in DUPLICATE_ONLY:
        championship = make_free_deal(director, pairs=4)
        next_round(championship, director)
        said = "has no deals"
    else:
        championship = _duplicate_championship(director)
        said = "“Free-deal pairs (Swiss)” championships"
    services.update_championship(championship, results_public=True)
    team = championship.teams.order_by("number").first()
    url = API + template.format(link=f"{team.pk}/{team.link_secret}", c=championship.pk)
    client = captain() if template.startswith("captain") else api
    answer = getattr(client, method)(url, {}, format="json")
    assert answer.status_code == 409, answer.content[:300]
    assert answer.json()["code"] == "wrong_format"
    assert said in answer.json()["detail"], answer.json()
