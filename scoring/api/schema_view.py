"""The schema's view: always in one language (``scoring.api.schema``), made once per process.

Generating the schema walks every endpoint and serializer (about a quarter of a second of
CPU). What it depends on does not change while a process runs: the URL patterns, the
settings, the schema's language. So the view keeps the schema it made, keyed by what the
generator reads (the language, the API version, the URL conf and the view's own options),
and serves it again. Tests that override settings (``override_settings`` sends
``setting_changed``; a test's own URL conf is one of them) find the cache emptied.
"""

import copy

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils import translation
from drf_spectacular.views import SpectacularAPIView
from rest_framework.response import Response

from scoring.api.schema import SCHEMA_LANGUAGE

#: The schemas made in this process, by :meth:`SchemaView._cache_key`.
_schemas: dict = {}


#: Settings that say where or when work runs, never what the API looks like. The suite sets
#: the first three before every test (``tests/conftest.py``): forgetting the schema for them
#: made every test that reads it generate it again.
NOT_IN_THE_SCHEMA = frozenset({"SCORING_REBUILD", "DEAL_ANALYSIS", "RATINGS_REBUILD",
                               "EXPORTS_DIR"})


@receiver(setting_changed, dispatch_uid="scoring.api.schema_view.forget_schemas")
def forget_schemas(setting=None, **kwargs):
    """Any other setting may feed the schema (its hooks, the URL conf, the REST settings)."""
    if setting not in NOT_IN_THE_SCHEMA:
        _schemas.clear()


class SchemaView(SpectacularAPIView):
    """The schema, in :data:`~scoring.api.schema.SCHEMA_LANGUAGE` whatever the caller's
    ``Accept-Language``, generated on the first request and then served from memory."""

    def _get_schema_response(self, request):
        with translation.override(SCHEMA_LANGUAGE):
            # As the base view: a version given to the view first, then the request's.
            version = self.api_version or request.version or self._get_version_parameter(request)
            key = self._cache_key(request, version)
            # A schema made for one visitor's permissions (not public) is not kept.
            schema = _schemas.get(key) if self.serve_public else None
            if schema is None:
                generator = self.generator_class(urlconf=self.urlconf, api_version=version,
                                                 patterns=self.patterns)
                schema = generator.get_schema(request=request, public=self.serve_public)
                if self.serve_public:
                    _schemas[key] = schema
            # Each answer gets its own copy: nothing a caller does to one answer's data
            # reaches the next.
            return Response(
                data=copy.deepcopy(schema),
                headers={"Content-Disposition":
                         f'inline; filename="{self._get_filename(request, version)}"'},
            )

    def _cache_key(self, request, version):
        return (
            type(self),
            translation.get_language(),
            version,
            getattr(request, "urlconf", None) or settings.ROOT_URLCONF,
            repr(self.urlconf),
            id(self.patterns) if self.patterns is not None else None,
            repr(self.custom_settings),
        )
