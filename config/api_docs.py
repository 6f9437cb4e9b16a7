"""The API's interactive documentation (/api/docs/): Swagger UI served from this
installation (drf-spectacular-sidecar; venues are often offline), its start-up script a file
of its own rather than inline, so that the page runs under a strict Content-Security-Policy
(config/security_headers.py)."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.views import SpectacularSwaggerSplitView


class ApiDocsView(SpectacularSwaggerSplitView):
    def options(self, request, *args, **kwargs):
        # DRF would describe the view with the page's HTML renderer, which has no template
        # for it (a 500): answer what a browser's preflight needs.
        response = HttpResponse(status=200)
        response["Allow"] = "GET, HEAD, OPTIONS"
        return response
