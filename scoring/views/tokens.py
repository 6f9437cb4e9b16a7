"""A director's API tokens page: create one (shown once), rename and revoke them."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.api_models import ApiToken
from scoring.services import ScoringError
from scoring.services import tokens as token_services
from scoring.views.common import no_store


@login_required
def api_tokens(request):
    created = None
    if request.method == "POST":
        try:
            _token, created = token_services.create_token(request.user, request.POST.get("name"))
        except ScoringError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("Token created. Copy it now: it will not be shown again."))
    tokens = ApiToken.objects.filter(user=request.user)
    return no_store(render(request, "scoring/api_tokens.html",
                            {"tokens": tokens, "created": created}))


def _own_token(request, pk: int) -> ApiToken:
    # Another director's token is a 404, as if it did not exist.
    return get_object_or_404(ApiToken, pk=pk, user=request.user)


@login_required
@require_POST
def api_token_rename(request, pk: int):
    try:
        token_services.rename_token(_own_token(request, pk), request.POST.get("name"))
    except ScoringError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Token renamed."))
    return redirect("scoring:api_tokens")


@login_required
@require_POST
def api_token_revoke(request, pk: int):
    token_services.revoke_token(_own_token(request, pk))
    messages.success(request, _("Token revoked: it no longer works."))
    return redirect("scoring:api_tokens")
