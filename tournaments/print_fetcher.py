"""What a printed PDF may load: the project's own static files and small inline images, nothing else.

WeasyPrint loads every URL it meets in the HTML and CSS it lays out (images, style sheets,
fonts, and files named by ``<link rel="attachment">``, which it embeds in the PDF). The
printed sheets carry text that directors and captains typed (a championship's name, team
names, comments), so a mistake in escaping must not turn into reading the server's files.
:func:`fetch_for_print` is the only URL fetcher :func:`tournaments.printing.render_pdf`
gives WeasyPrint, and it refuses, whatever the markup says:

- ``http:``, ``https:``, ``ftp:`` and every scheme but ``file:`` and ``data:``;
- a ``file:`` URL whose real path (links resolved) is not inside one of the project's static
  folders (``STATICFILES_DIRS``, ``STATIC_ROOT``, each app's ``static/``);
- a ``data:`` URL longer than :data:`DATA_URL_LIMIT` characters (a team card's QR code is
  about two kilobytes).

A refused URL raises: WeasyPrint logs it and lays the page out without that resource.
"""

from __future__ import annotations

import mimetypes
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.apps import apps
from django.conf import settings

DATA_URL_LIMIT = 64 * 1024


class RefusedResource(ValueError):
    """A URL that a printed sheet may not load."""


@cache
def _static_roots() -> tuple[Path, ...]:
    roots = [Path(p) for p in getattr(settings, "STATICFILES_DIRS", [])]
    if getattr(settings, "STATIC_ROOT", None):
        roots.append(Path(settings.STATIC_ROOT))
    roots += [Path(app.path) / "static" for app in apps.get_app_configs()]
    return tuple(root.resolve() for root in roots if root.is_dir())


def _static_file(url: str) -> Path:
    """The file a ``file:`` URL names, if it lies in a static folder; else refused."""
    parts = urlsplit(url)
    if parts.netloc not in ("", "localhost"):
        raise RefusedResource(f"file on another host: {url[:200]}")
    path = Path(unquote(parts.path)).resolve()
    if not path.is_file() or not any(path.is_relative_to(root) for root in _static_roots()):
        raise RefusedResource(f"not a static file of the project: {url[:200]}")
    return path


def fetch_for_print(url: str):
    """WeasyPrint's URL fetcher for every printed sheet (module docstring)."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse  # late: slow import

    scheme = url.split(":", 1)[0].lower() if ":" in url else ""
    if scheme == "data":
        if len(url) > DATA_URL_LIMIT:
            raise RefusedResource(f"data: URL of {len(url)} characters")
        # The standard library decodes it; no other scheme is reachable from here.
        return URLFetcher(allowed_protocols={"data"}, allow_redirects=False).fetch(url)
    if scheme == "file":
        path = _static_file(url)
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": mime}, 200)
    raise RefusedResource(f"scheme not allowed in print: {scheme or url[:40]!r}")
