"""Every API endpoint × every kind of caller gets exactly what the pages give it.

The championship's round 1 is released (table 1: team 1 NS v team 2 EW; table 2: team 3 v
team 4) and team 1 has entered deal 1; results are not published. Callers: nobody, the
link of the other team at that table (team 2), the link of a team at another table (team
3), a director of another championship, a staff user who directs nothing, the
championship's director, and a revoked token. Captain endpoints are called with the
caller's own link (callers without one can only guess: a wrong secret).

The free-deal endpoints (``formats.free_deal.api``) are called the same way on a free-deal
championship: round 1 released, the first pair of table 1 has entered its game (pending);
the individual ones (``formats.abarrotada.api``) on an individual championship and on a
free-deal evening, table 1's North having entered (the "same table" link is table 1's East).
One parametrised test walks every format (each key of ``formats.registry.FORMATS``, with its
world and its endpoints in ``MATRIX``) × caller × endpoint. Each format's world is built once
for the module (``world_built_once``, ``tests/built_once.py``): every case makes one request
on it, and whatever that request writes is rolled back before the next case.
"""

from __future__ import annotations

import pytest
from api_matrix_endpoints import (
    ABARROTADA_ENDPOINTS,
    CALLERS,
    ENDPOINTS,
    EVENING_ENDPOINTS,
    FREE_DEAL_ENDPOINTS,
    GROUPS_ENDPOINTS,
    LINKS,
)
from built_once import fresh, world_built_once
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.urls import get_resolver
from rest_framework.test import APIClient
from scoring_factories import make_championship, result

from formats.duplicate_pairs import services as pairs_services
from scoring.exports import jobs
from scoring.exports.models import ExportJob
from scoring.services import games, tokens
from scoring.services.games import GameValues
from tournaments import services as tournament_services


def pairs_world(director, django_user_model) -> dict:
    """A duplicate-pairs championship: round 1 released, team 1 has entered deal 1; a
    finished ranking export exists."""
    championship = make_championship(teams=4, director=director)
    from scoring_factories import make_round, teams_of

    teams = teams_of(championship)
    round_ = make_round(championship, 1, [(teams[0], teams[1]), (teams[2], teams[3])])
    table1 = round_.tables.get(number=1)
    entry, _ = pairs_services.submit_result(team=teams[0], table=table1,
                                      deal=round_.deals.get(number=1), data=result(40),
                                      idempotency_key=None)
    job = ExportJob.objects.create(championship=championship, kind="ranking_csv", language="en")
    jobs.run_job(job.pk)
    return {"championship": championship, "teams": teams, "entry": entry, "director": director,
            "job": ExportJob.objects.get(pk=job.pk),
            **_other_users(django_user_model, director)}


def _other_users(django_user_model, director) -> dict:
    other = django_user_model.objects.create_user("other-director", password="x-pass-long")
    make_championship(teams=2, director=other)
    staff = django_user_model.objects.create_user("staff", password="x-pass-long",
                                                  is_staff=True)
    revoked, raw = tokens.create_token(director, "old")
    tokens.revoke_token(revoked)
    return {"other_director": other, "staff": staff, "revoked": raw}


def free_deal_world(director, django_user_model) -> dict:
    """A free-deal championship: round 1 released, the first pair of table 1 has entered its
    game. ``teams`` lists table 1's pairs, then table 2's (the draw is random)."""
    championship = tournament_services.create_championship(
        director, name="Lliure", format="free_deal_pairs", rounds_planned=3)
    for i in range(1, 5):
        tournament_services.add_team(championship, name=f"Parella {i}", player1="A",
                                     player2="B")
    (round_,) = tournament_services.generate_next_round(championship)
    tournament_services.release_round(round_)
    one, two = round_.tables.select_related("ns_team", "ew_team").order_by("number")
    entry, _ = games.submit_game(team=one.ns_team, table=one,
                                 values=GameValues(101, 40, "target", 9),
                                 idempotency_key=None)
    return {"championship": championship, "director": director, "entry": entry, "job": None,
            "teams": [one.ns_team, one.ew_team, two.ns_team, two.ew_team],
            **_other_users(django_user_model, director)}


def groups_world(director, django_user_model) -> dict:
    """A groups-then-knockout championship: one group of 4 pairs, round 1 released, the
    first pair of table 1 has entered its group game. ``teams`` as the free-deal world's."""
    from formats.groups_knockout.services import make_groups

    championship = tournament_services.create_championship(
        director, name="Grups", format="groups_knockout")
    for i in range(1, 5):
        tournament_services.add_team(championship, name=f"Parella {i}", player1="A",
                                     player2="B")
    make_groups(championship)
    (round_,) = tournament_services.generate_next_round(championship)
    tournament_services.release_round(round_)
    one, two = round_.tables.select_related("ns_team", "ew_team").order_by("number")
    entry, _ = games.submit_game(team=one.ns_team, table=one,
                                 values=GameValues(75, 52, "hands", 8), idempotency_key=None)
    return {"championship": championship, "director": director, "entry": entry, "job": None,
            "teams": [one.ns_team, one.ew_team, two.ns_team, two.ew_team],
            **_other_users(django_user_model, director)}


def _individual_world(director, django_user_model, format_key: str) -> dict:
    """An individual championship (rules.md 10): eight players, round 1 released; table 1's
    North has entered (a deal, or the evening's game). ``teams``: that North, another player
    of table 1, a player of table 2."""
    from formats.abarrotada import services as ab
    from formats.abarrotada.rules import ReportValues

    championship = tournament_services.create_championship(
        director, name="Abarrotada", format=format_key, rounds_planned=2, deals_per_match=2)
    for i in range(1, 9):
        ab.add_player(championship, name=f"Jugador {i}")
    (round_,) = tournament_services.generate_next_round(championship)
    tournament_services.release_round(round_)
    one, two = round_.player_tables.order_by("number")
    seats = {s.seat: s.player for s in one.seatings.select_related("player")}
    if format_key == "abarrotada":
        entry, _ = ab.submit_report(player=seats["N"], table=one, deal_number=1,
                                    values=ReportValues("N", "O", {"N": 30, "E": 14, "S": 20,
                                                                   "W": 8}),
                                    idempotency_key=None)
    else:
        entry, _ = ab.submit_totals(player=seats["N"], table=one, idempotency_key=None,
                                    values=ab.TotalsValues({"N": 1, "E": 2, "S": 3, "W": 4}))
    return {"championship": championship, "director": director, "entry": entry, "job": None,
            "teams": [seats["N"], seats["E"], two.seatings.first().player],
            **_other_users(django_user_model, director)}


def individual_world(director, django_user_model) -> dict:
    return _individual_world(director, django_user_model, "abarrotada")


def evening_world(director, django_user_model) -> dict:
    return _individual_world(director, django_user_model, "abarrotada_free")


# Every format (a key of ``formats.registry.FORMATS``): its world and its endpoints. A new
# format must add its own (``test_every_format_has_a_world_and_endpoints``).
MATRIX = {
    "duplicate_pairs": (pairs_world, ENDPOINTS),
    "free_deal_pairs": (free_deal_world, FREE_DEAL_ENDPOINTS),
    "abarrotada": (individual_world, ABARROTADA_ENDPOINTS),
    "abarrotada_free": (evening_world, EVENING_ENDPOINTS),
    "groups_knockout": (groups_world, GROUPS_ENDPOINTS),
}
CASES = [pytest.param(format_key, caller, *endpoint, id=f"{format_key}-{caller}-{endpoint[0]}")
         for format_key, (_build, endpoints) in MATRIX.items()
         for endpoint in endpoints for caller in CALLERS]


def build_world(format_key: str, exports_dir) -> dict:
    """The format's world, with the director the tests' ``director`` fixture would make; the
    finished export's file goes to ``exports_dir``, which every case reads it from."""
    build, _endpoints = MATRIX[format_key]
    users = get_user_model()
    with override_settings(EXPORTS_DIR=exports_dir):
        director = users.objects.create_user("director1", password="secret-pass-1")
        world = {**build(director, users), "exports_dir": exports_dir}
    return {**world, "sessions": logged_in(world)}


#: The callers who log in (a session), rather than bring a token or a link.
LOGGED_IN = ("director", "other_director", "staff")


def logged_in(world) -> dict[str, str]:
    """A session of each caller who logs in, made once with the world: a login per case
    (its session row, django-axes' record of it) was a third of a case's cost. A case's
    writes to its session are rolled back with the rest."""
    sessions = {}
    for caller in LOGGED_IN:
        api = APIClient()
        api.force_login(world[caller])
        sessions[caller] = api.cookies[settings.SESSION_COOKIE_NAME].value
    return sessions


@pytest.fixture(scope="module")
def built(request, django_db_setup, django_db_blocker, tmp_path_factory):
    """The world of the format the case names (``indirect``: its key is the parameter),
    built once for all the format's cases."""
    yield from world_built_once(request, django_db_blocker, build_world, request.param,
                                tmp_path_factory.mktemp("exports"))


@pytest.fixture
def world(built, db, settings):
    """The case's own copy of its format's world."""
    world = fresh(built)
    settings.EXPORTS_DIR = world["exports_dir"]
    return world


def client_for(caller: str, world) -> APIClient:
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    if caller in LOGGED_IN:
        api.cookies[settings.SESSION_COOKIE_NAME] = world["sessions"][caller]
    elif caller == "revoked":
        api.credentials(HTTP_AUTHORIZATION=f"Token {world['revoked']}")
    return api


def path_for(template: str, caller: str, world) -> str:
    teams = world["teams"]
    if caller in LINKS:
        team = teams[LINKS[caller]]
        link = f"{team.pk}/{team.link_secret}"
    else:
        link = f"{teams[1].pk}/not-the-secret-of-any-team"
    job = world["job"].pk if world["job"] is not None else 0
    return template.format(link=link, c=world["championship"].pk, entry=world["entry"].pk,
                           team=teams[0].pk, job=job)


def call(api: APIClient, method: str, path: str, body, world):
    if method == "post-file":
        upload = SimpleUploadedFile("teams.csv", b"number,name,club,player1,player2\n"
                                    b"9,Nou,,A,B\n", content_type="text/csv")
        return api.post(path, {"file": upload}, format="multipart")
    if isinstance(body, dict):
        body = {k: (world["entry"].pk if v == "{entry}" else v) for k, v in body.items()}
    return getattr(api, method)(path, body, format="json")


@pytest.mark.parametrize(("built", "caller", "name", "method", "template", "body",
                          "expected"), CASES, indirect=["built"], scope="module")
def test_permission_matrix(world, caller, name, method, template, body, expected):
    check(world, caller, name, method, template, body, expected)


def test_every_format_has_a_world_and_endpoints():
    """A new format brings its own world and endpoint list to the matrix."""
    from formats.registry import FORMATS, offered_formats

    # Every format a director may create (``Format.offered``); one still being built joins
    # the matrix before it is offered (as soon as it serves endpoints), so the matrix may
    # hold more, but only registered formats.
    offered = {fmt.key for fmt in offered_formats()}
    assert offered, "no format is registered"
    assert offered <= set(MATRIX) <= set(FORMATS), (sorted(offered), sorted(MATRIX))
    for format_key, (build, endpoints) in MATRIX.items():
        assert callable(build), format_key
        assert endpoints, f"{format_key} has no endpoints in the matrix"
        names = [e[0] for e in endpoints]
        assert len(names) == len(set(names)), f"{format_key}: an endpoint is listed twice"
        for _name, _method, _template, _body, expected in endpoints:
            assert set(expected) == set(CALLERS), (format_key, _name)


def check(world, caller, name, method, template, body, expected):
    response = call(client_for(caller, world), method, path_for(template, caller, world),
                    body, world)
    want = expected[caller]
    if want is None:  # the director reaches the service, which may refuse the action
        assert response.status_code in (200, 201, 400, 409), response.content[:300]
    else:
        assert response.status_code == want, (name, caller, response.content[:300])
    if response.status_code in (401, 404):
        # A refusal tells nothing about the championship, in the one error shape.
        assert set(response.json()) == {"detail", "code"}


def test_the_matrix_covers_every_endpoint():
    """A new endpoint must be added to the matrix."""
    from scoring.api import urls

    routes = {str(p.pattern) for p in urls.urlpatterns}
    covered = {t.replace("/api/v1/", "")
               for _build, endpoints in MATRIX.values()
               for _n, _m, t, _b, _e in endpoints}
    normalise = {
        "captain/<id:team_id>/<str:secret>/": "captain/{link}/",
        "championships/<id:pk>/": "championships/{c}/",
        "rounds/<id:number>/": "rounds/1/",
        "results/<id:table_number>/<id:deal_number>/": "results/1/1/",
        "<id:entry_id>": "{entry}", "teams/<id:team_pk>/": "teams/{team}/",
        "travellers/<id:number>/": "travellers/1/", "scorecards/<id:number>/": "scorecards/1/",
        "deal-check/<id:number>/": "deal-check/1/", "exports/<id:job_id>/": "exports/{job}/",
        "games/<id:table_number>/": "games/1/",
        "rounds/<id:stage>/ties/<id:slot>/": "rounds/1/ties/1/",
        "tables/<id:table_number>/": "tables/1/", "deals/<id:deal>/": "deals/1/",
        "reports/<id:report_id>/": "reports/{entry}/",
    }
    for route in routes:
        shown = route
        for pattern, value in normalise.items():
            shown = shown.replace(pattern, value)
        assert shown in covered, route
    assert get_resolver()  # the URL configuration loads
