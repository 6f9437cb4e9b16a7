"""The site's 404: the API answers in its own JSON shape (``{"detail", "code"}``, see
scoring/api/errors.py) even for a path no route takes (e.g. a 20-digit id), the pages with
the usual page."""

from __future__ import annotations

from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults


def not_found(request, exception):
    if request.path_info.startswith("/api/"):
        return JsonResponse({"detail": _("Not found."), "code": "not_found"}, status=404)
    return defaults.page_not_found(request, exception)
