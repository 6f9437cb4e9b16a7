"""Response headers that keep pages private and scripts our own (docs/operations.md, "Security").

**Content-Security-Policy.** Scripts, styles, fonts, images and connections come from this
site only: no inline script runs unless it carries the request's nonce. To add an inline
script (or ``<style>``) to a template, give it the nonce::

    <script nonce="{{ request.csp_nonce }}">...</script>

and prefer a file under ``static/js/`` anyway. Live updates (``fetch``, ``EventSource``,
WebSocket to the same host) and a service worker or manifest served from this site are
allowed. The API's interactive documentation (Swagger UI, served from this installation)
alone may use inline styles.

**Cache-Control.** A captain's page and the captain API carry the team's private link and
show what the team may change: ``private, no-store`` on every answer under ``/t/`` and under
``/api/.../captain/``. A logged-in director sees public pages with director's extras, so
their answers are ``private, no-store`` as well.
"""

from __future__ import annotations

import re
import secrets

from django.conf import settings

_CAPTAIN_PATH = re.compile(r"^/(?:t/|api/(?:[^/]+/){0,3}?captain/)")
_DOCS_PATH = re.compile(r"^/api/(?:[^/]+/)?docs/")

_POLICY = (
    "default-src 'self'; script-src 'self' 'nonce-{nonce}'; "
    "style-src 'self' 'nonce-{nonce}'; style-src-attr 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self'; "
    "manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'"
)
# The API docs run Swagger UI from this installation with its start-up script in a file
# (config/api_docs.py): scripts from this site only, as everywhere. Swagger UI sets styles
# from its script and the page carries a small <style>, hence inline styles there alone.
_DOCS_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)

PRIVATE = "private, no-store"


class SecurityHeadersMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.csp_nonce = secrets.token_urlsafe(16)
        response = self.get_response(request)
        path = request.path_info
        if "Content-Security-Policy" not in response:
            policy = _DOCS_POLICY if _DOCS_PATH.match(path) else _POLICY
            response["Content-Security-Policy"] = policy.format(nonce=request.csp_nonce)
        if _CAPTAIN_PATH.match(path) or _director_is_looking(request):
            directives = {part.strip().lower()
                          for part in response.get("Cache-Control", "").split(",")}
            if not {"private", "no-store"} <= directives:
                response["Cache-Control"] = PRIVATE
        return response


def _director_is_looking(request) -> bool:
    # Only a request with a session can be a logged-in director's; others cost no query.
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return False
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated)
