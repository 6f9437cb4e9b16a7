"""Fuzzing the REST API from its own OpenAPI schema (/api/schema/) with schemathesis.

Every operation gets a small championship of its own (4 teams, round 1 released, one
pending result): a director's token authenticates the director endpoints, and the path takes
that championship, its teams and a team's valid private link, so that the generated bodies
reach the serializers and services instead of stopping at 401 or 404. The free-deal
endpoints get a free-deal championship (a pending game at table 1), the groups-then-knockout
ones a groups championship (one group, a pending game at table 1), the individual ones an
individual championship (a pending report at table 1), the series ones a small series (a
finished championship in it). Each answer must not
be a 5xx and must match the schema (status code, content type, body). Besides the generated
requests, every operation with a JSON body gets the fixed inputs of ``NOT_IDS`` and
``RAW_VALUES`` (issue 34, item 3) in every field.

``make test`` runs a seeded, derandomized sample (``FUZZ_CASES``, about 200 cases in all);
``make fuzz`` runs at least 1,000 (``FUZZ_CASES=1500``) (docs/operations.md, "Security").
``make test-fast`` leaves that sweep out (marker ``exhaustive``) and runs its representative:
one operation with a JSON body for each kind of small championship."""

from __future__ import annotations

import json
import os

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.test import Client
from hypothesis import HealthCheck, given
from hypothesis import settings as fuzz_settings
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from werkzeug.test import Client as WsgiClient

from formats.duplicate_pairs import services as pairs_services
from formats.duplicate_pairs.rounds import generate_schedule
from scoring.services import ResultData, games, tokens
from scoring.services.games import GameValues
from tournaments import services

pytestmark = pytest.mark.django_db

TOTAL_CASES = int(os.environ.get("FUZZ_CASES", "200"))
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]
# Inputs that made 500s on the pages (issue 34, item 3), sent besides the generated ones to
# every operation with a JSON body, in every field of the body at once: ids that are not
# ids, a value nested 5,000 deep and a number of 5,000 digits. The last two are sent as raw
# text (json.dumps cannot write the first; Python cannot read the second as a number).
NOT_IDS = ["abc", "\u00b2", "1e3", "0x10", "\x00", "9" * 5000, "9" * 30, "-1"]
RAW_VALUES = {"nested 5,000 deep": "[" * 5000 + "]" * 5000, "5,000 digits": "9" * 5000}


@pytest.fixture(scope="module")
def raw_schema(django_db_blocker) -> dict:
    # The schema as the site serves it, to anyone, at /api/schema/.
    with django_db_blocker.unblock():
        answer = Client().get("/api/schema/", {"format": "json"})
    assert answer.status_code == 200
    return json.loads(answer.content)


@pytest.fixture(scope="module")
def schema(raw_schema):
    return schemathesis.openapi.from_dict(raw_schema)


@pytest.fixture
def app():
    # Requests run in this thread and this test's transaction: like Django's test client,
    # keep the request signals from closing the connection in the middle of it.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield get_wsgi_application()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def small_championship(director, label: str) -> dict:
    """Four teams, round 1 released, a pending result at table 1 (team 2 may confirm it)."""
    championship = services.create_championship(director, name=f"Fuzz {label}"[:200],
                                                 deals_per_match=2)
    for i in range(1, 5):
        services.add_team(championship, name=f"Team {i}", player1="A", player2="B")
    generate_schedule(championship)
    round1 = championship.rounds.get(number=1)
    services.release_round(round1)
    table = round1.tables.get(number=1)
    deal = round1.deals.order_by("number").first()
    entry, _created = pairs_services.submit_result(
        team=table.ns_team, table=table, deal=deal,
        data=ResultData(contract="O", points_ns=40), idempotency_key=None)
    other = table.ew_team
    return {"id": championship.pk, "team_id": other.pk, "secret": other.link_secret,
            "entry_id": entry.pk, "team_pk": other.pk, "number": 1, "table_number": 1,
            "deal_number": deal.number}


def small_free_deal_championship(director, label: str) -> dict:
    """Four pairs, round 1 released, a pending game at table 1 (its second pair may
    confirm it)."""
    championship = services.create_championship(director, name=f"Fuzz {label}"[:200],
                                                 format="free_deal_pairs", rounds_planned=3)
    for i in range(1, 5):
        services.add_team(championship, name=f"Pair {i}", player1="A", player2="B")
    (round1,) = services.generate_next_round(championship)
    services.release_round(round1)
    table = round1.tables.select_related("ns_team", "ew_team").get(number=1)
    entry, _created = games.submit_game(
        team=table.ns_team, table=table, values=GameValues(101, 40, "target", 9),
        idempotency_key=None)
    other = table.ew_team
    return {"id": championship.pk, "team_id": other.pk, "secret": other.link_secret,
            "entry_id": entry.pk, "team_pk": other.pk, "number": 1, "table_number": 1}


def small_groups_championship(director, label: str) -> dict:
    """Groups then knockout: one group of four pairs, round 1 released, a pending group game
    at table 1 (its second pair may confirm it)."""
    from formats.groups_knockout.services import make_groups

    championship = services.create_championship(director, name=f"Fuzz {label}"[:200],
                                                 format="groups_knockout")
    for i in range(1, 5):
        services.add_team(championship, name=f"Pair {i}", player1="A", player2="B")
    make_groups(championship)
    (round1,) = services.generate_next_round(championship)
    services.release_round(round1)
    table = round1.tables.select_related("ns_team", "ew_team").get(number=1)
    entry, _created = games.submit_game(
        team=table.ns_team, table=table, values=GameValues(75, 52, "hands", 8),
        idempotency_key=None)
    other = table.ew_team
    return {"id": championship.pk, "team_id": other.pk, "secret": other.link_secret,
            "entry_id": entry.pk, "team_pk": other.pk, "number": 1, "table_number": 1}


def small_individual_championship(director, label: str) -> dict:
    """Eight players at two tables, round 1 released, a pending report of deal 1 at table 1
    (its East player may confirm it)."""
    from formats.abarrotada import services as abarrotada_services
    from formats.abarrotada.rules import ReportValues

    championship = services.create_championship(director, name=f"Fuzz {label}"[:200],
                                                 format="abarrotada", rounds_planned=2,
                                                 deals_per_match=2)
    for i in range(1, 9):
        abarrotada_services.add_player(championship, name=f"Player {i}")
    (round1,) = services.generate_next_round(championship)
    services.release_round(round1)
    table = round1.player_tables.get(number=1)
    seats = {s.seat: s.player for s in table.seatings.select_related("player")}
    report, _created = abarrotada_services.submit_report(
        player=seats["N"], table=table, deal_number=1, idempotency_key=None,
        values=ReportValues(maker="N", contract="O",
                            points={"N": 30, "E": 14, "S": 20, "W": 8}))
    other = seats["E"]
    return {"id": championship.pk, "pk": championship.pk, "team_id": other.pk,
            "secret": other.link_secret, "report_id": report.pk, "number": 1,
            "table_number": 1, "deal": 1}


def small_evening_championship(director, label: str) -> dict:
    """A free-deal evening (rules.md 10.4): eight players, round 1 released, table 1's game
    entered by its North (its East may confirm it)."""
    from formats.abarrotada import services as abarrotada_services

    championship = services.create_championship(director, name=f"Fuzz {label}"[:200],
                                                 format="abarrotada_free", rounds_planned=2)
    for i in range(1, 9):
        abarrotada_services.add_player(championship, name=f"Player {i}")
    (round1,) = services.generate_next_round(championship)
    services.release_round(round1)
    table = round1.player_tables.get(number=1)
    seats = {s.seat: s.player for s in table.seatings.select_related("player")}
    entry, _created = abarrotada_services.submit_totals(
        player=seats["N"], table=table, idempotency_key=None,
        values=abarrotada_services.TotalsValues({"N": 8, "E": 0, "S": 3, "W": 5}))
    other = seats["E"]
    return {"id": championship.pk, "pk": championship.pk, "team_id": other.pk,
            "secret": other.link_secret, "entry_id": entry.pk, "number": 1,
            "table_number": 1}


def small_series(director, label: str) -> dict:
    """A series (rules.md 13.2) of one finished championship of four pairs, its places kept,
    and one more championship of the director's not in it yet (the one to add)."""
    from series import services as series_services
    from tournaments.models import Championship, FinalPlace

    championship = services.create_championship(director, name=f"Fuzz {label}"[:200])
    teams = [services.add_team(championship, name=f"Pair {i}", player1=f"A{i}",
                               player2=f"B{i}") for i in range(1, 5)]
    Championship.objects.filter(pk=championship.pk).update(status=Championship.Status.FINISHED)
    FinalPlace.objects.bulk_create(FinalPlace(championship=championship, team=team, place=i)
                                   for i, team in enumerate(teams, start=1))
    series = series_services.create_series(director, name=f"Fuzz {label}"[:200],
                                           results_public=True)
    series_services.add_championship(series, championship, by=director)
    services.create_championship(director, name=f"Fuzz {label} (to add)"[:200])
    return {"id": series.pk, "championship_pk": championship.pk}


def _operations(schema):
    for result in schema.get_all_operations():
        yield result.ok()


def _fuzz(operation, mode, strategy, *, app, headers, examples, failures) -> int:
    """Send ``examples`` generated requests; record each answer that breaks a check."""
    sent = 0

    @fuzz_settings(max_examples=examples, derandomize=True, database=None, deadline=None,
                   suppress_health_check=list(HealthCheck))
    @given(case=strategy)
    def run(case):
        nonlocal sent
        sent += 1
        response = case.call(app=app, headers=headers, base_url="http://testserver")
        try:
            case.validate_response(response, checks=CHECKS)
        except (Exception, BaseExceptionGroup) as error:  # noqa: BLE001 (all reported)
            failures.append(f"{operation.label} [{mode}]: {str(error)[:900]}")

    try:
        run()
    except Unsatisfiable:
        pass  # nothing to negate (no body, every path parameter fixed)
    return sent


def _body_fields(raw_schema: dict, operation) -> list[str]:
    """The fields of the operation's JSON body (none when it takes no JSON object)."""
    request = raw_schema["paths"][operation.path][operation.method.lower()]
    body = request.get("requestBody", {}).get("content", {}).get("application/json", {})
    schema = body.get("schema", {})
    if "$ref" in schema:
        schema = raw_schema["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return sorted(schema.get("properties", {}))


def _seeded(operation, fields: list[str], path: dict, *, app, headers, failures) -> int:
    """Send the inputs of item 3 in every field of the body; record each answer that breaks
    a check (the raw ones: a 4xx with a JSON body)."""
    sent = 0
    for value in NOT_IDS:
        case = operation.Case(body={name: value for name in fields}, path_parameters=path,
                              media_type="application/json")
        response = case.call(app=app, headers=headers, base_url="http://testserver")
        sent += 1
        try:
            case.validate_response(response, checks=CHECKS)
        except (Exception, BaseExceptionGroup) as error:  # noqa: BLE001 (all reported)
            failures.append(f"{operation.label} [every field {value[:12]!r}]: "
                            f"{str(error)[:900]}")
    # Through the WSGI app as the generated cases (Django's test client would reconnect the
    # request signals that close the test's connection).
    client = WsgiClient(app)
    url = operation.path.format(**path)
    for name, raw in RAW_VALUES.items():
        body = "{" + ", ".join(f"{json.dumps(field)}: {raw}" for field in fields) + "}"
        response = client.open(url, base_url="http://testserver",
                               method=operation.method.upper(), data=body.encode(),
                               content_type="application/json", headers=headers)
        sent += 1
        if not 400 <= response.status_code < 500 or response.headers["Content-Type"] != (
                "application/json"):
            failures.append(f"{operation.label} [every field {name}]: "
                            f"{response.status_code} {response.get_data()[:300]!r}")
    return sent


def _world_builder(operation):
    """The small championship an operation is fuzzed against, by the format its path names."""
    path = operation.path
    if path.startswith("/api/v1/series/"):
        return small_series
    if "/free-deal/" in path:
        return small_free_deal_championship
    if "/groups/" in path or "/group-game/" in path:
        return small_groups_championship
    if "/abarrotada/game/" in path or "/game/" in path or "/abarrotada/evening/" in path:
        return small_evening_championship
    if "/abarrotada/" in path:
        return small_individual_championship
    return small_championship


def _fuzz_operations(operations, *, raw_schema, app, director, settings, per_mode: int,
                     capsys) -> int:
    """Fuzz each operation against a small championship of its own (the seeded inputs, then
    ``per_mode`` generated cases in each mode); fail listing every answer that broke a check.
    Returns the number of requests sent."""
    settings.API_CAPTAIN_WRITES = 1_000_000  # a fuzzer is a flood by design
    _token, raw = tokens.create_token(director, "fuzzer")
    headers = {"Authorization": f"Bearer {raw}", "Accept-Language": "en"}
    sent = 0
    failures: list[str] = []
    for operation in operations:
        world = _world_builder(operation)(director, operation.label)
        names = {p.name for p in operation.path_parameters}
        path = {name: value for name, value in world.items() if name in names}
        fields = _body_fields(raw_schema, operation)
        if fields and names <= set(path):  # (else its path is generated too)
            sent += _seeded(operation, fields, path, app=app, headers=headers,
                            failures=failures)
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            strategy = operation.as_strategy(generation_mode=mode, path_parameters=path)
            sent += _fuzz(operation, mode, strategy, app=app, headers=headers,
                          examples=per_mode, failures=failures)
    with capsys.disabled():
        print(f"\nfuzzing: {len(operations)} operations, {sent} requests, "
              f"{len(failures)} failures")
    assert not failures, "\n\n".join(failures)
    return sent


@pytest.mark.exhaustive
def test_the_api_answers_every_generated_request_within_its_schema(schema, raw_schema, app,
                                                                   director, settings,
                                                                   capsys):
    operations = list(_operations(schema))
    per_mode = -(-TOTAL_CASES // (2 * len(operations)))  # rounded up
    sent = _fuzz_operations(operations, raw_schema=raw_schema, app=app, director=director,
                            settings=settings, per_mode=per_mode, capsys=capsys)
    # Some operations have nothing to negate (no body, every path parameter fixed).
    assert sent >= TOTAL_CASES * 0.7


def test_one_write_of_each_format_answers_every_request_within_its_schema(
        schema, raw_schema, app, director, settings, capsys):
    """The fuzzing above, cut to what ``make test-fast`` runs: for each kind of small
    championship, its first operation that takes a JSON body (the seeded bad inputs in every
    field, then a generated case in each mode)."""
    chosen = {}
    for operation in _operations(schema):
        builder = _world_builder(operation)
        if builder not in chosen and _body_fields(raw_schema, operation):
            chosen[builder] = operation
    assert len(chosen) == 6, sorted(op.label for op in chosen.values())
    sent = _fuzz_operations(list(chosen.values()), raw_schema=raw_schema, app=app,
                            director=director, settings=settings, per_mode=1, capsys=capsys)
    assert sent >= 6 * (len(NOT_IDS) + len(RAW_VALUES))


def test_the_player_endpoints_answer_every_request_within_their_schema(
        schema, raw_schema, app, director, settings, capsys):
    """The player search and page (rules.md 13.4), public reads outside the championships'
    paths: a few generated requests in each mode, an unknown player's page among them."""
    chosen = [operation for operation in _operations(schema)
              if operation.path.startswith("/api/v1/players/")]
    assert len(chosen) == 2, [op.label for op in chosen]
    sent = _fuzz_operations(chosen, raw_schema=raw_schema, app=app, director=director,
                            settings=settings, per_mode=5, capsys=capsys)
    assert sent >= 10
