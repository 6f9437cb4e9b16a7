"""What a client generated from the schema relies on: the same schema in every language,
JSON request bodies, integer path ids, named enums, one typed 400, a plain list where the
server sends one, and real media types for downloads."""

import io
import json

import pytest
from django.core.management import call_command

from scoring.api import enums
from scoring.api.schema_view import forget_schemas

WRITES = ("post", "put", "patch")


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    # As JSON: the same schema as the command's default YAML, read back without PyYAML's
    # pure-Python parser (2 s).
    out = io.StringIO()
    with django_db_blocker.unblock():
        call_command("spectacular", "--format", "openapi-json", "--validate",
                     "--fail-on-warn", stdout=out)
    return json.loads(out.getvalue())


def operations(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            yield path, method, operation


def test_the_schema_is_the_same_in_every_language(client, db):
    # Made afresh for each language (the view keeps the schema it made: forgotten here).
    served = {}
    for language in ("ca", "es", "en"):
        forget_schemas()
        served[language] = client.get("/api/schema/", {"format": "json"},
                                      HTTP_ACCEPT_LANGUAGE=language)
    assert all(response.status_code == 200 for response in served.values())
    bodies = {language: json.loads(response.content) for language, response in served.items()}
    assert bodies["ca"] == bodies["en"] == bodies["es"]
    # Written in English (a Catalan word would show it was not).
    assert "Register a team" in json.dumps(bodies["ca"])


def test_request_bodies_are_json_except_the_upload(schema):
    for path, method, operation in operations(schema):
        content = operation.get("requestBody", {}).get("content", {})
        if path.endswith("/teams/import/"):
            assert set(content) == {"multipart/form-data"}
        elif content:
            assert set(content) == {"application/json"}, (method, path)


def test_path_ids_are_integers_and_the_secret_text(schema):
    for path, _method, operation in operations(schema):
        for parameter in operation.get("parameters", []):
            if parameter["in"] != "path":
                continue
            expected = "string" if parameter["name"] == "secret" else "integer"
            assert parameter["schema"]["type"] == expected, (path, parameter)


def test_every_400_has_the_one_error_schema(schema):
    errors = schema["components"]["schemas"]["FieldErrors"]
    assert errors["properties"]["non_field_errors"]["type"] == "array"
    assert "rows" in errors["properties"] and "additionalProperties" in errors
    for path, method, operation in operations(schema):
        if method in WRITES:
            assert "400" in operation["responses"], (method, path)
        if "400" in operation["responses"]:
            body = operation["responses"]["400"]["content"]["application/json"]["schema"]
            assert body == {"$ref": "#/components/schemas/FieldErrors"}, (method, path)


def test_statuses_kinds_and_sides_are_named_enums(schema):
    components = schema["components"]["schemas"]

    def enum_of(component, field):
        prop = components[component]["properties"][field]
        ref = prop.get("$ref") or next(
            (one["$ref"] for one in prop.get("allOf", []) + prop.get("oneOf", [])
             if "$ref" in one), None)
        assert ref, (component, field, prop)
        return ref.rsplit("/", 1)[-1]

    assert enum_of("ResultEntry", "status") == "CellStatusEnum"
    assert enum_of("Cell", "status") == "CellStatusEnum"
    assert enum_of("GridCell", "status") == "CellStatusEnum"
    assert enum_of("Round", "status") == "RoundStatusEnum"
    assert enum_of("Grid", "status") == "RoundStatusEnum"
    assert enum_of("ExportJob", "kind") == "ExportKindEnum"
    assert enum_of("ExportJob", "language") == "LanguageEnum"
    assert enum_of("ScorecardLine", "side") == "ScorecardSideEnum"
    assert enum_of("RoundGames", "status") == "RoundStatusEnum"
    assert enum_of("TableGame", "state") == "GameStateEnum"
    assert enum_of("HistoryDetails", "kind") == "AdjustKindEnum"
    assert enum_of("HistoryItem", "details") == "HistoryDetails"
    # No name made up to settle a collision (those carry a hash, e.g. KindD01Enum).
    made_up = [name for name in components
               if name.endswith("Enum") and any(ch.isdigit() for ch in name)]
    assert made_up == []


def test_the_export_kinds_enum_is_every_formats_kinds():
    from formats.duplicate_pairs.exports.kinds import KINDS
    from formats.free_deal.exports.kinds import KINDS as FREE_DEAL_KINDS

    assert set(enums.EXPORT_KINDS) == set(KINDS) | set(FREE_DEAL_KINDS)


def test_imports_answer_plain_lists(schema):
    for path in ("/api/v1/championships/{id}/teams/import/",
                 "/api/v1/championships/{id}/deals/import/",
                 "/api/v1/championships/{id}/rounds/{number}/deals/import/"):
        body = schema["paths"][path]["post"]["responses"]["201"]["content"][
            "application/json"]["schema"]
        assert body["type"] == "array", path


def test_the_captain_link_is_given_as_fields(schema):
    link = schema["components"]["schemas"]["CaptainLink"]
    assert set(link["required"]) == {"team_id", "secret"}
    assert link["properties"]["team_id"]["type"] == "integer"


def test_downloads_declare_their_media_types_and_filename(schema):
    answer = schema["paths"]["/api/v1/championships/{id}/exports/{job_id}/file/"]["get"][
        "responses"]["200"]
    assert {"application/pdf", "text/csv", "application/json",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"} == set(
        answer["content"])
    assert "Content-Disposition" in answer["headers"]


def test_stage_is_required_and_operation_ids_follow_the_pattern(schema):
    standings = schema["components"]["schemas"]["PaginatedStandingList"]
    assert "stage" in standings["required"]
    ids = [operation["operationId"] for _p, _m, operation in operations(schema)]
    assert not [i for i in ids if i.startswith("v1_")]
    assert "championships_rounds_results_cell_retrieve" in ids
