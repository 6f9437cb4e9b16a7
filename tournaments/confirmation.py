"""Confirmation before an irreversible action, on the server so it works without JavaScript.

A GET (or a POST without the confirmation step) shows a page that says what will happen and
lists what is missing, with a button that posts ``confirm=yes`` back to the same address;
only that POST acts. Views call :func:`confirmed` and, when it is false, return
:func:`confirm_page`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.shortcuts import render

CONFIRM_FIELD = "confirm"
CONFIRM_VALUE = "yes"


def confirmed(request) -> bool:
    """Whether this request is the second step: a POST carrying the confirmation."""
    return request.method == "POST" and request.POST.get(CONFIRM_FIELD) == CONFIRM_VALUE


@dataclass
class Confirmation:
    """What the confirmation page says."""

    title: str
    button: str
    cancel_url: str
    # What will happen, one paragraph each.
    consequences: list[str] = field(default_factory=list)
    # A heading (e.g. "3 results missing:") and the things it lists.
    items_heading: str = ""
    items: list[str] = field(default_factory=list)
    championship: object = None
    danger: bool = True


def confirm_page(request, confirmation: Confirmation):
    response = render(
        request,
        "confirm.html",
        {
            "confirmation": confirmation,
            "championship": confirmation.championship,
            "confirm_field": CONFIRM_FIELD,
            "confirm_value": CONFIRM_VALUE,
        },
    )
    response["Cache-Control"] = "no-store, private"
    return response
