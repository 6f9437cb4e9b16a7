"""The hall's screen for an individual championship: the ranking ten players a page, cycling by
itself (the duplicate form's standings and the free-deal evening's share it)."""

from __future__ import annotations

from django.conf import settings as site_settings
from django.shortcuts import render
from django.urls import reverse

import live
from tournaments.models import Championship

PER_PAGE = 10


def projector_response(request, championship: Championship, rows: list, *, director: bool,
                       template: str):
    """The page of ``rows`` the screen shows now, with the link to the next one."""
    # Imported here: the scoring app's views import the formats when the site starts.
    from scoring.views.results import projector_page_of

    pages = max(1, -(-len(rows) // PER_PAGE))
    page, next_page = projector_page_of(request, pages)
    context = {
        "championship": championship, "director": director, "page": page, "pages": pages,
        "rows": rows[(page - 1) * PER_PAGE:page * PER_PAGE],
        "next_url": f"{reverse('scoring:projector', args=[championship.pk])}?page={next_page}",
        "seconds": site_settings.PROJECTOR_PAGE_SECONDS,
        "live_url": live.stream_url("director" if director else "public", championship.pk),
    }
    return render(request, template, context)
