"""The schema view makes the schema once per process and serves it again, the same bytes;
a test that overrides settings (its own URL conf among them) never gets a stale one."""

import json

from django.test import override_settings
from django.urls import include, path

from scoring.api import urls as api_urls
from scoring.api.schema import SchemaGenerator
from scoring.api.schema_view import SchemaView, forget_schemas

# A URL conf with the schema and one endpoint of the API, for the override below.
urlpatterns = [
    path("api/schema/", SchemaView.as_view()),
    path("api/v1/", include(api_urls.urlpatterns[:1])),
]


def count_generations(monkeypatch):
    calls = []
    made = SchemaGenerator.get_schema

    def counting(self, *args, **kwargs):
        calls.append(1)
        return made(self, *args, **kwargs)

    monkeypatch.setattr(SchemaGenerator, "get_schema", counting)
    return calls


def test_the_schema_is_made_once_and_served_the_same(client, db, monkeypatch):
    forget_schemas()
    calls = count_generations(monkeypatch)
    first = client.get("/api/schema/", {"format": "json"}, HTTP_ACCEPT_LANGUAGE="ca")
    again = [client.get("/api/schema/", {"format": "json"}, HTTP_ACCEPT_LANGUAGE=language)
             for language in ("ca", "es", "en")]
    assert len(calls) == 1
    assert all(answer.status_code == 200 for answer in [first, *again])
    assert all(answer.content == first.content for answer in again)
    assert all(answer["Content-Disposition"] == first["Content-Disposition"] for answer in again)
    # The same bytes as a schema made afresh for this request.
    forget_schemas()
    fresh = client.get("/api/schema/", {"format": "json"}, HTTP_ACCEPT_LANGUAGE="es")
    assert len(calls) == 2
    assert fresh.content == first.content
    # YAML is rendered from the same schema, not made again.
    yaml_answer = client.get("/api/schema/")
    assert yaml_answer.status_code == 200 and b"openapi:" in yaml_answer.content
    assert len(calls) == 2


def test_an_answer_changed_by_its_caller_leaves_the_next_alone(client, db):
    first = client.get("/api/schema/", {"format": "json"})
    first.data["paths"].clear()
    assert client.get("/api/schema/", {"format": "json"}).content == first.content


def test_a_test_with_its_own_url_conf_gets_its_own_schema(client, db):
    everything = json.loads(client.get("/api/schema/", {"format": "json"}).content)
    with override_settings(ROOT_URLCONF=__name__):
        small = json.loads(client.get("/api/schema/", {"format": "json"}).content)
    after = json.loads(client.get("/api/schema/", {"format": "json"}).content)
    assert len(small["paths"]) == 1 < len(everything["paths"])
    assert after == everything


def test_a_setting_that_says_when_work_runs_keeps_the_schema(client, db, monkeypatch,
                                                             settings):
    """The suite sets the background rebuilds' settings before every test: the schema made
    once is still served after them, and forgotten after any other setting."""
    client.get("/api/schema/", {"format": "json"})
    calls = count_generations(monkeypatch)
    settings.SCORING_REBUILD = "thread"
    settings.EXPORTS_DIR = "elsewhere"
    client.get("/api/schema/", {"format": "json"})
    assert calls == []
    settings.API_PAGE_SIZE = 7
    client.get("/api/schema/", {"format": "json"})
    assert len(calls) == 1
