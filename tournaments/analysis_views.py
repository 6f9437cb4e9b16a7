"""The director's "recompute the analysis" action (rules.md 8.1). Kept apart from the
``director_views`` package; it reuses that package's access check."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.director_views import director_page
from tournaments.services import ServiceError
from tournaments.services.analysis import recompute_analysis


@require_POST
@director_page
def recompute(request, championship):
    try:
        count = recompute_analysis(championship)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            ngettext(
                "The analysis of %(count)s deal is being recomputed.",
                "The analysis of %(count)s deals is being recomputed.",
                count,
            ) % {"count": count},
        )
    return redirect("tournaments:director_championship", championship.pk)
