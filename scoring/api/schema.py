"""How the OpenAPI schema is made, so that a client generated from it works as written:

- only the versioned API is documented (not the schema view itself);
- it is made in one language (English), whatever ``Accept-Language`` says: the names of its
  types (enums among them) and its descriptions do not change with the caller's language,
  so a client regenerated elsewhere keeps its names;
- every operation that can refuse bad input declares its 400 with one typed shape
  (:class:`~scoring.serializers.FieldErrorsSerializer`), set here once for every endpoint,
  the formats' own included;
- request bodies are JSON only (an upload declares its own multipart body).

The endpoints' own choices (``responses``, ``request``) stay in their views.
"""

from __future__ import annotations

from django.utils import translation
from drf_spectacular import generators
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse

#: The language the schema is written in (its names and descriptions).
SCHEMA_LANGUAGE = "en"


def only_versioned(endpoints):
    return [endpoint for endpoint in endpoints if endpoint[0].startswith("/api/v1/")]


def field_errors_response() -> OpenApiResponse:
    from scoring.serializers import FieldErrorsSerializer

    return OpenApiResponse(FieldErrorsSerializer,
                           description="Bad input: each field sent wrong maps to its messages.")


class ApiSchema(AutoSchema):
    """The project's AutoSchema: a typed 400 for every operation that takes input."""

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if "400" in responses or self.method in ("POST", "PUT", "PATCH"):
            responses["400"] = self._get_response_for_code(field_errors_response(), "400")
        return responses


class FieldErrorsExtension(OpenApiSerializerExtension):
    """The 400 shape's other keys are the endpoint's field names, each a list of messages."""

    target_class = "scoring.serializers.FieldErrorsSerializer"

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_basic_serializer(self.target, direction)
        # A field's messages; a nested object's (a format's settings, a list's items by
        # index) nest the same way.
        schema["additionalProperties"] = {"oneOf": [
            {"type": "array", "items": {"type": "string"}},
            {"type": "object", "additionalProperties": True},
        ]}
        return schema


def no_login_is_no_security(result, generator, request, public):
    """An operation that takes no login at all (a captain's link: the secret is in the path)
    declares no security (``[]``) rather than ``[{}]``: generated clients then call it with
    a plain client, no token."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if isinstance(operation, dict) and operation.get("security") == [{}]:
                operation["security"] = []
    return result


class SchemaGenerator(generators.SchemaGenerator):
    """Made in :data:`SCHEMA_LANGUAGE`, by the schema view and ``manage.py spectacular``
    alike (the view also renders it in that language: its texts are lazy)."""

    def get_schema(self, request=None, public=False):
        with translation.override(SCHEMA_LANGUAGE):
            return super().get_schema(request, public)
