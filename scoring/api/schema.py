"""The OpenAPI schema documents the versioned API only (not the schema view itself)."""


def only_versioned(endpoints):
    return [endpoint for endpoint in endpoints if endpoint[0].startswith("/api/v1/")]
