"""Project middleware.

``DatabaseUnavailableMiddleware`` answers a request whose view lost the database (the
server went away, a connection was cut, a lock could not be had) with a short 503 that asks
the captain to send again, instead of a 500 page: the JSON ``{"detail", "code":
"database_unavailable"}`` under ``/api/``, else a static page (``templates/503.html``) that
renders without the database. Both carry ``Retry-After``. Sending again is always safe: a
submission carries its idempotency key and a second confirmation is harmless.
"""

from __future__ import annotations

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template import loader
from django.utils.html import escape
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

#: Seconds a client is asked to wait before sending again (the ``Retry-After`` header).
RETRY_AFTER_SECONDS = 5

API_PREFIX = "/api/"


def unavailable_message() -> str:
    # "may not": a connection cut while the commit was on its way leaves the client unsure
    # whether it happened; sending again with the same key is safe either way.
    return _("The results service is briefly unavailable. Your entry may not have been "
             "saved: please send it again in a moment.")


class DatabaseUnavailableMiddleware:
    """Turns ``OperationalError``/``InterfaceError`` raised by a view into a 503."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        # The path may hold a team link's secret: the logging filter redacts it.
        logger.warning(
            "Database unavailable (%s: %s) during %s %s; answered 503",
            type(exception).__name__, _first_line(exception),
            request.method, request.path, exc_info=exception,
        )
        message = unavailable_message()
        if request.path_info.startswith(API_PREFIX):
            response = JsonResponse(
                {"detail": message, "code": "database_unavailable"}, status=503
            )
        else:
            response = HttpResponse(_render_page(message), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        response["Cache-Control"] = "no-store"
        # Logged above at WARNING: keep django.request from logging it again as an error.
        response._has_been_logged = True
        return response


def _first_line(exception: Exception) -> str:
    lines = str(exception).strip().splitlines()
    return lines[0] if lines else ""


def _render_page(message: str) -> str:
    """The 503 page. It uses no request context (no user, session or messages), so it
    needs no database; should it fail anyway, a bare page is sent."""
    try:
        return loader.render_to_string("503.html", {"message": message})
    except Exception:  # never turn a 503 into a 500
        logger.exception("The 503 page could not be rendered")
        return f"<!DOCTYPE html><title>503</title><p>{escape(message)}</p>"
