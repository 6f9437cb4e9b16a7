"""A client generated from the schema (``openapi-python-client``, as an integrator would)
runs a whole championship against a live server, with no hand-written HTTP: ids are
integers, the captain's link comes as fields, every answer (the errors too) is a typed
model, and the workbook and the ranking sheet download as bytes with their media types and
filenames.

Generation is local (the schema is fetched from the live server; nothing from the network).
"""

from __future__ import annotations

import importlib
import io
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.urls import reverse

from scoring.services import tokens

pytestmark = pytest.mark.django_db(transaction=True)

GENERATOR = Path(sys.executable).with_name("openapi-python-client")
PACKAGE = "duplicada_client"
CONFIG = """\
post_hooks: []
content_type_overrides:
  application/pdf: application/octet-stream
  application/vnd.openxmlformats-officedocument.spreadsheetml.sheet: application/octet-stream
"""
TEAMS_CSV = (b"number,name,club,player1,player2\n"
             b"2,Beta,,Bea,Bru\n3,Gamma,,Gil,Gus\n4,Delta,,Dani,Dolors\n5,Epsilon,,Eva,Enric\n")


def generate(schema: bytes, where: Path):
    """The package ``duplicada_client`` generated from ``schema`` under ``where``,
    imported."""
    if not GENERATOR.exists() and shutil.which("openapi-python-client") is None:
        pytest.fail("openapi-python-client is a dev dependency: pip install -e '.[dev]'")
    (where / "schema.json").write_bytes(schema)
    (where / "config.yaml").write_text(CONFIG)
    command = str(GENERATOR) if GENERATOR.exists() else "openapi-python-client"
    done = subprocess.run(
        [command, "generate", "--path", str(where / "schema.json"), "--output-path",
         str(where / PACKAGE), "--meta", "none", "--config", str(where / "config.yaml")],
        capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
        del sys.modules[name]
    sys.path.insert(0, str(where))
    try:
        return importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(where))


@pytest.fixture
def client_package(live_server, tmp_path):
    import httpx

    schema = httpx.get(live_server.url + reverse("api-schema"), params={"format": "json"},
                       headers={"Accept-Language": "ca"}, timeout=60)
    assert schema.status_code == 200
    package = generate(schema.content, tmp_path)
    yield package
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
        del sys.modules[name]


def ok(response, status=200):
    """The typed answer of a generated call, once its status is the one expected."""
    assert response.status_code == status, (response.status_code, response.content[:500])
    return response.parsed


def test_a_whole_championship_through_the_generated_client(client_package, live_server,
                                                           director):
    dc = client_package
    api = importlib.import_module(f"{PACKAGE}.api")  # noqa: F841 (the package is importable)
    c = importlib.import_module(f"{PACKAGE}.api.championships")
    cap = importlib.import_module(f"{PACKAGE}.api.captain")
    models = importlib.import_module(f"{PACKAGE}.models")
    types = importlib.import_module(f"{PACKAGE}.types")
    for name in ("championships_create", "championships_teams_create",
                 "championships_teams_import_create", "championships_rounds_generate_create",
                 "championships_rounds_release_create", "championships_rounds_retrieve",
                 "championships_rounds_results_adjust_create",
                 "championships_rounds_results_cell_retrieve",
                 "championships_rounds_close_create", "championships_publish_create",
                 "championships_standings_list", "championships_travellers_retrieve",
                 "championships_exports_create", "championships_exports_retrieve",
                 "championships_exports_file_retrieve"):
        importlib.import_module(f"{PACKAGE}.api.championships.{name}")
    for name in ("captain_results_create", "captain_results_confirm_create"):
        importlib.import_module(f"{PACKAGE}.api.captain.{name}")

    _token, secret = tokens.create_token(director, "generated client")
    director_api = dc.AuthenticatedClient(base_url=live_server.url, token=secret,
                                          prefix="Token", headers={"Accept-Language": "en"})
    phone = dc.Client(base_url=live_server.url, headers={"Accept-Language": "en"})

    # A championship, one team added by hand and four imported from a file.
    championship = ok(c.championships_create.sync_detailed(
        client=director_api, body=models.ChampionshipRequest(
            name="Generated", movement=models.MovementEnum.ROUND_ROBIN, deals_per_match=2)),
        201)
    assert isinstance(championship, models.Championship) and isinstance(championship.id, int)
    cid = championship.id
    alfa = ok(c.championships_teams_create.sync_detailed(
        cid, client=director_api,
        body=models.TeamRequest(name="Alfa", player1="Anna", player2="Arnau", number=1)), 201)
    assert isinstance(alfa, models.Team)
    imported = ok(c.championships_teams_import_create.sync_detailed(
        cid, client=director_api, body=models.TeamImportRequest(file=types.File(
            payload=io.BytesIO(TEAMS_CSV), file_name="teams.csv", mime_type="text/csv"))),
        201)
    assert [team.name for team in imported] == ["Beta", "Gamma", "Delta", "Epsilon"]
    assert all(isinstance(team, models.Team) for team in imported)
    teams = {team.id: team for team in [alfa, *imported]}

    # A bad team: a typed error naming its field.
    refused = ok(c.championships_teams_create.sync_detailed(
        cid, client=director_api, body=models.TeamRequest(name="", player1="X", player2="Y")),
        400)
    assert isinstance(refused, models.FieldErrors) and refused.additional_properties["name"]

    # Round 1 generated and released.
    ok(c.championships_rounds_generate_create.sync_detailed(cid, client=director_api), 201)
    released = ok(c.championships_rounds_release_create.sync_detailed(
        cid, 1, client=director_api))
    assert released.round_.status == models.RoundStatusEnum.RELEASED
    round1 = ok(c.championships_rounds_retrieve.sync_detailed(cid, 1, client=director_api))
    assert round1.status == models.RoundStatusEnum.RELEASED

    # Every table's captains: NS enters each deal, EW confirms, through their links' fields.
    for table in round1.tables:
        ns, ew = teams[table.ns_team.id], teams[table.ew_team.id]
        for deal in (round1.first_deal, round1.last_deal):
            entry = ok(cap.captain_results_create.sync_detailed(
                ns.captain_link.team_id, ns.captain_link.secret, client=phone,
                body=models.ResultSubmitRequest(deal=deal, contract=models.ContractEnum.O,
                                                points_ns=40)), 201)
            assert entry.status == models.CellStatusEnum.PENDING
            confirmed = ok(cap.captain_results_confirm_create.sync_detailed(
                ew.captain_link.team_id, ew.captain_link.secret, entry.id, client=phone))
            assert confirmed.status == models.CellStatusEnum.CONFIRMED

    # An adjusted score (an average: its optional value sent as null).
    table = round1.tables[0]
    cell = ok(c.championships_rounds_results_adjust_create.sync_detailed(
        cid, 1, table.number, round1.first_deal, client=director_api,
        body=models.AdjustRequest(side=models.AdjustedSidesEnum.NS,
                                  kind=models.AdjustKindEnum.AVERAGE, value=None,
                                  reason="Slow play")))
    assert cell.status == models.CellStatusEnum.ADJUSTED
    assert cell.history[-1].kind == models.HistoryItemKindEnum.ADJUSTMENT
    assert cell.history[-1].details.reason == "Slow play"
    assert isinstance(ok(c.championships_rounds_results_cell_retrieve.sync_detailed(
        cid, 1, table.number, round1.first_deal, client=director_api)), models.Cell)

    # Closed and published: the standings and a traveller.
    ok(c.championships_rounds_close_create.sync_detailed(cid, 1, client=director_api))
    published = ok(c.championships_publish_create.sync_detailed(
        cid, client=director_api, body=models.PublishRequest(public=True)))
    assert published.results_public is True
    standings = ok(c.championships_standings_list.sync_detailed(cid, client=director_api))
    assert standings.stage.after_round == 1 and standings.count == 5
    assert {line.name for line in standings.results} == {t.name for t in teams.values()}
    traveller = ok(c.championships_travellers_retrieve.sync_detailed(
        cid, round1.first_deal, client=director_api))
    assert isinstance(traveller, models.Traveller) and traveller.lines

    # The workbook and the ranking sheet, made and downloaded as bytes with their media types.
    for kind, media_type, extension, magic in (
            (models.ExportKindEnum.WORKBOOK,
             "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ".xlsx",
             b"PK"),  # an .xlsx is a zip
            (models.ExportKindEnum.RANKING_PDF, "application/pdf", ".pdf", b"%PDF")):
        job = made(c, models, cid, director_api, kind)
        download = c.championships_exports_file_retrieve.sync_detailed(cid, job.id,
                                                                       client=director_api)
        assert download.status_code == 200
        assert download.headers["content-type"].startswith(media_type)
        assert f'filename="{job.filename}"' in download.headers["content-disposition"]
        assert job.filename.endswith(extension)
        assert download.parsed.payload.read()[:len(magic)] == magic


def made(c, models, cid, director_api, kind):
    """An export job of ``kind`` in English, started and waited for until done."""
    job = ok(c.championships_exports_create.sync_detailed(
        cid, client=director_api, body=models.ExportStartRequest(
            kind=kind, language=models.LanguageEnum.EN)), 201)
    for _attempt in range(100):
        job = ok(c.championships_exports_retrieve.sync_detailed(cid, job.id,
                                                                client=director_api))
        if job.status in (models.ExportJobStatusEnum.DONE, models.ExportJobStatusEnum.FAILED):
            break
        time.sleep(0.1)
    assert job.status == models.ExportJobStatusEnum.DONE, job.error
    return job
