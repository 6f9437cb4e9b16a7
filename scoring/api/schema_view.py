"""The schema's view: always in one language (``scoring.api.schema``)."""

from django.utils import translation
from drf_spectacular.views import SpectacularAPIView

from scoring.api.schema import SCHEMA_LANGUAGE


class SchemaView(SpectacularAPIView):
    """The schema, in :data:`~scoring.api.schema.SCHEMA_LANGUAGE` whatever the caller's
    ``Accept-Language``."""

    def _get_schema_response(self, request):
        with translation.override(SCHEMA_LANGUAGE):
            return super()._get_schema_response(request)
