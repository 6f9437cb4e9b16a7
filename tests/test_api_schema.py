"""The OpenAPI schema describes every endpoint, validates, and has no warnings."""

import io

import pytest
import yaml
from django.core.management import call_command


@pytest.mark.django_db
def test_openapi_schema_is_valid_and_complete():
    out = io.StringIO()
    call_command("spectacular", "--validate", "--fail-on-warn", stdout=out)
    schema = yaml.safe_load(out.getvalue())
    paths = schema["paths"]
    assert any(path.endswith("/standings/") for path in paths)
    assert any("/captain/" in path for path in paths)
