"""Answers that carry a made file (a PDF, an export), and the HEAD requests for them.

Making a file can take tens of seconds (WeasyPrint on a large championship). Django runs a
view for any method it is not told to refuse, and answers HEAD by running the GET view and
dropping the body, so a ``DELETE`` or a ``HEAD`` would make the whole file for nothing.
Views that make files therefore take GET and HEAD only (``require_safe``: 405 for the rest,
before anything is read) and answer HEAD with :func:`headers_only`, never calling the
renderer.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpResponse, StreamingHttpResponse


def headers_only(content_type: str, *, filename: str | None = None,
                 disposition: str = "attachment", size: int | None = None) -> HttpResponse:
    """A body-less answer to HEAD. Streaming, so that no middleware adds "Content-Length:
    0": the size is only given when it is known without making the file."""
    response = StreamingHttpResponse((), content_type=content_type)
    if size is not None:
        response["Content-Length"] = str(size)
    if filename:
        response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    return response


def made_file(request, make: Callable[[], bytes], content_type: str, filename: str, *,
              disposition: str = "attachment") -> HttpResponse:
    """``make()``'s bytes for a GET; for a HEAD the headers alone, ``make`` never called."""
    if request.method == "HEAD":
        return headers_only(content_type, filename=filename, disposition=disposition)
    response = HttpResponse(make(), content_type=content_type)
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    return response
