"""The OpenAPI schema describes every endpoint, validates, and has no warnings; every
operation describes its request body (writes) and its answers' bodies."""

import io
import json

import pytest
from django.core.management import call_command

WRITES = ("post", "put", "patch")


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    # As JSON: the same schema as the YAML the command writes by default, which
    # PyYAML's pure-Python parser took two seconds to read back.
    out = io.StringIO()
    with django_db_blocker.unblock():
        call_command("spectacular", "--format", "openapi-json", "--validate",
                     "--fail-on-warn", stdout=out)
    return json.loads(out.getvalue())


def test_openapi_schema_is_valid_and_complete(schema):
    paths = schema["paths"]
    assert any(path.endswith("/standings/") for path in paths)
    assert all(path.startswith("/api/v1/") for path in paths)
    from scoring.api import urls
    from series import player_api_urls
    from series.api import urls as series_urls

    # Every endpoint is in it: the core's, the formats', the series' (rules.md 13.2) and the
    # players' (rules.md 13.4).
    assert len(paths) == (len(urls.urlpatterns) + len(series_urls.urlpatterns)
                          + len(player_api_urls.urlpatterns))
    assert {"/api/v1/players/", "/api/v1/players/{id}/"} <= set(paths)


def test_every_operation_describes_its_bodies(schema):
    bodiless_writes = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method not in ("get", *WRITES):
                continue
            ok = {code: r for code, r in operation["responses"].items() if code.startswith("2")}
            assert ok, (method, path)
            for code, response in operation["responses"].items():
                assert "content" in response, (method, path, code)
            if method in WRITES and "requestBody" not in operation:
                bodiless_writes.append((method, path))
    # The writes without a body are actions whose path says everything (release round 3).
    assert all(path.endswith(("/confirm/", "/finish/", "/generate/", "/discard/", "/release/",
                              "/close/", "/reopen/", "/restore/", "/withdraw/", "/reinstate/",
                              "/reissue-link/", "/reissue-pin/", "/retry/", "/start/"))
               for _m, path in bodiless_writes), bodiless_writes


def test_the_schema_and_docs_are_served(client):
    assert client.get("/api/schema/").status_code == 200
    assert client.get("/api/docs/").status_code == 200


# Found by the fuzzer (tests/test_api_fuzz.py), each pinned here.
def test_field_errors_match_the_documented_400(schema):
    answers = schema["paths"]["/api/v1/captain/{team_id}/{secret}/results/"]["post"]["responses"]
    documented = answers["400"]["content"]["application/json"]["schema"]
    documented = schema["components"]["schemas"][documented["$ref"].rsplit("/", 1)[-1]]
    # A field's messages under the field's name, not {"detail", "code"} only.
    assert documented.get("additionalProperties") and "required" not in documented


def test_a_page_past_the_last_is_a_documented_404(schema, db, director):
    from rest_framework.test import APIClient

    listing = schema["paths"]["/api/v1/championships/"]["get"]["responses"]
    assert "404" in listing
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(director)
    answer = client.get("/api/v1/championships/?page=-5")
    assert answer.status_code == 404 and answer.json()["code"] == "not_found"


@pytest.mark.parametrize("path", ["/api/v1/championships/99999999999999999999/",
                                  "/api/v1/championships/%F1%83%9D%A6%0A/",
                                  "/api/v1/no-such-thing/"])
def test_a_path_no_route_takes_is_the_apis_json_404(client, path, settings):
    settings.DEBUG = False
    answer = client.get(path, headers={"accept-language": "en"})
    assert answer.status_code == 404
    assert answer["Content-Type"] == "application/json"
    assert answer.json() == {"detail": "Not found.", "code": "not_found"}
    page = client.get("/no-such-page/")
    assert page.status_code == 404 and "text/html" in page["Content-Type"]


def test_a_cells_history_documents_every_kind_of_row(schema):
    """Every kind of row a cell's history holds (scoring.selectors.history), PIN attempts
    included, is in the schema's enum."""
    kinds = schema["components"]["schemas"]["HistoryItemKindEnum"]["enum"]
    assert set(kinds) == {"entry", "review", "adjustment", "pin"}
    history = schema["components"]["schemas"]["HistoryItem"]["properties"]
    assert "pin" in history["details"]["description"]



@pytest.mark.parametrize("language", ["ca", "es", "en"])
def test_the_standings_parameters_are_worded_in_the_schemas_language(client, language):
    """The schema is in one language whatever the reader's (``scoring.api.schema``): every
    parameter is worded when the schema is read, none once at import in the site's language
    (the duplicate standings' ``after`` was always in Catalan)."""
    answer = client.get("/api/schema/", {"format": "json"}, HTTP_ACCEPT_LANGUAGE=language)
    described = [parameter["description"]
                 for path, operations in answer.json()["paths"].items()
                 if path.endswith("/standings/")
                 for parameter in operations["get"].get("parameters", ())
                 if parameter["name"] == "after"]
    assert len(described) >= 2
    assert set(described) == {"Stand after this closed round (as the standings page's ?after=N)."}
