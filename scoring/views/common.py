"""Helpers the scoring pages share."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse


def _add_errors(request, exc: ValidationError) -> None:
    for message in exc.messages:
        messages.error(request, message)


def _no_store(response: HttpResponse) -> HttpResponse:
    # Private pages and live data: never cached by a proxy or the browser's back button.
    response["Cache-Control"] = "no-store"
    return response


