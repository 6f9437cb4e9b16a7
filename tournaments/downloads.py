"""Answers that carry a made file (a PDF, an export), and the HEAD requests for them.

Making a file can take tens of seconds (WeasyPrint on a large championship). Django runs a
view for any method it is not told to refuse, and answers HEAD by running the GET view and
dropping the body, so a ``DELETE`` or a ``HEAD`` would make the whole file for nothing.
Views that make files therefore take GET and HEAD only (``require_safe``: 405 for the rest,
before anything is read) and answer HEAD with :func:`headers_only`, never calling the
renderer.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path

from django.core.handlers.asgi import ASGIRequest
from django.http import FileResponse, HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase

CHUNK = 64 * 1024


async def _chunks_of(path: Path) -> AsyncIterator[bytes]:
    """The file in chunks, read in a thread: the event loop never waits on the disk."""
    handle = await asyncio.to_thread(path.open, "rb")
    try:
        while chunk := await asyncio.to_thread(handle.read, CHUNK):
            yield chunk
    finally:
        handle.close()


def kept_file(request, path: Path, content_type: str) -> HttpResponseBase:
    """A file kept on disk (an export job's): under ASGI (uvicorn, venue mode) streamed from
    an asynchronous iterator, as ASGI serves them (a plain FileResponse makes Django warn
    "StreamingHttpResponse must consume synchronous iterators" on every download); under
    WSGI a FileResponse (``request`` may be DRF's, wrapping Django's)."""
    if _under_asgi(request):
        response = StreamingHttpResponse(_chunks_of(path), content_type=content_type)
        response["Content-Length"] = str(path.stat().st_size)
        return response
    return FileResponse(path.open("rb"), content_type=content_type)


def _under_asgi(request) -> bool:
    return isinstance(getattr(request, "_request", request), ASGIRequest)


async def _nothing() -> AsyncIterator[bytes]:
    return
    yield b""  # an asynchronous generator that yields nothing


def headers_only(request, content_type: str, *, filename: str | None = None,
                 disposition: str = "attachment", size: int | None = None) -> HttpResponse:
    """A body-less answer to HEAD. Streaming, so that no middleware adds "Content-Length:
    0": the size is only given when it is known without making the file. Its empty body is
    an iterator of the server's kind (asynchronous under ASGI), so that Django does not warn
    "StreamingHttpResponse must consume synchronous iterators" on each HEAD."""
    response = StreamingHttpResponse(_nothing() if _under_asgi(request) else iter(()),
                                     content_type=content_type)
    if size is not None:
        response["Content-Length"] = str(size)
    if filename:
        response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    return response


def made_file(request, make: Callable[[], bytes], content_type: str, filename: str, *,
              disposition: str = "attachment") -> HttpResponse:
    """``make()``'s bytes for a GET; for a HEAD the headers alone, ``make`` never called."""
    if request.method == "HEAD":
        return headers_only(request, content_type, filename=filename, disposition=disposition)
    response = HttpResponse(make(), content_type=content_type)
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    return response
