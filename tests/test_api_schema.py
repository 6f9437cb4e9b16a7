"""The OpenAPI schema describes every endpoint, validates, and has no warnings; every
operation describes its request body (writes) and its answers' bodies."""

import io

import pytest
import yaml
from django.core.management import call_command

WRITES = ("post", "put", "patch")


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    out = io.StringIO()
    with django_db_blocker.unblock():
        call_command("spectacular", "--validate", "--fail-on-warn", stdout=out)
    return yaml.safe_load(out.getvalue())


def test_openapi_schema_is_valid_and_complete(schema):
    paths = schema["paths"]
    assert any(path.endswith("/standings/") for path in paths)
    assert all(path.startswith("/api/v1/") for path in paths)
    from scoring.api import urls

    assert len(paths) == len(urls.urlpatterns)  # every endpoint is in it


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
                              "/reissue-link/", "/reissue-pin/", "/retry/"))
               for _m, path in bodiless_writes), bodiless_writes


def test_the_schema_and_docs_are_served(client):
    assert client.get("/api/schema/").status_code == 200
    assert client.get("/api/docs/").status_code == 200
