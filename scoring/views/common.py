"""Helpers the scoring pages share (the formats' pages too: :func:`no_store`)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse


def add_errors(request, exc: ValidationError) -> None:
    """Show each message of ``exc`` on the next page (a refused director action)."""
    for message in exc.messages:
        messages.error(request, message)


def no_store(response: HttpResponse) -> HttpResponse:
    """``response``, marked never to be stored: private pages and live data are cached
    neither by a proxy nor by the browser's back button."""
    response["Cache-Control"] = "no-store"
    return response


