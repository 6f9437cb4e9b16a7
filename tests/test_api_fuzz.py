"""Fuzzing the REST API from its own OpenAPI schema (/api/schema/) with schemathesis.

Every operation gets a small championship of its own (4 teams, round 1 released, one
pending result): a director's token authenticates the director endpoints, and the path takes
that championship, its teams and a team's valid private link, so that the generated bodies
reach the serializers and services instead of stopping at 401 or 404. The free-deal
endpoints get a free-deal championship (a pending game at table 1), the individual ones an
individual championship (a pending report at table 1). Each answer must not
be a 5xx and must match the schema (status code, content type, body).

``make test`` runs a seeded, derandomized sample (``FUZZ_CASES``, about 200 cases in all);
``make fuzz`` runs at least 1,000 (``FUZZ_CASES=1500``) (docs/operations.md, "Security")."""

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

from formats.free_deal import services as free_deal_services
from formats.free_deal.services import GameValues
from scoring import services as scoring_services
from scoring.services import ResultData, tokens
from tournaments import services

pytestmark = pytest.mark.django_db

TOTAL_CASES = int(os.environ.get("FUZZ_CASES", "200"))
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    # The schema as the site serves it, to anyone, at /api/schema/.
    with django_db_blocker.unblock():
        answer = Client().get("/api/schema/", {"format": "json"})
    assert answer.status_code == 200
    return schemathesis.openapi.from_dict(json.loads(answer.content))


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
    services.generate_schedule(championship)
    round1 = championship.rounds.get(number=1)
    services.release_round(round1)
    table = round1.tables.get(number=1)
    deal = round1.deals.order_by("number").first()
    entry, _created = scoring_services.submit_result(
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
    entry, _created = free_deal_services.submit_game(
        team=table.ns_team, table=table, values=GameValues(101, 40, "target", 9),
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


def test_the_api_answers_every_generated_request_within_its_schema(schema, app, director,
                                                                   settings, capsys):
    settings.API_CAPTAIN_WRITES = 1_000_000  # a fuzzer is a flood by design
    _token, raw = tokens.create_token(director, "fuzzer")
    headers = {"Authorization": f"Bearer {raw}", "Accept-Language": "en"}
    operations = list(_operations(schema))
    per_mode = -(-TOTAL_CASES // (2 * len(operations)))  # rounded up
    sent = 0
    failures: list[str] = []
    for operation in operations:
        build = (small_free_deal_championship if "/free-deal/" in operation.path
                 else small_evening_championship
                 if "/abarrotada/game/" in operation.path or "/game/" in operation.path
                 or "/abarrotada/evening/" in operation.path
                 else small_individual_championship if "/abarrotada/" in operation.path
                 else small_championship)
        world = build(director, operation.label)
        names = {p.name for p in operation.path_parameters}
        path = {name: value for name, value in world.items() if name in names}
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            strategy = operation.as_strategy(generation_mode=mode, path_parameters=path)
            sent += _fuzz(operation, mode, strategy, app=app, headers=headers,
                          examples=per_mode, failures=failures)
    with capsys.disabled():
        print(f"\nfuzzing: {len(operations)} operations, {sent} requests, "
              f"{len(failures)} failures")
    assert not failures, "\n\n".join(failures)
    # Some operations have nothing to negate (no body, every path parameter fixed).
    assert sent >= TOTAL_CASES * 0.7
