"""The register of players (rules.md 13.1), for directors: searching it, a player's page
(their entrants; correcting the name, club or licence), the likely duplicates, merging them
and undoing a merge.

The register is one per installation, shared by every director: these pages are open to
any logged-in account that directs a championship (or is staff); others get 403.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import audit, register_selectors, selectors, services
from tournaments.director_views.common import form_error
from tournaments.forms import posted
from tournaments.models import Player, PlayerMerge
from tournaments.register_forms import MergeForm, PlayerEditForm, PlayerSearchForm
from tournaments.services import merges, register

PLAYERS_PER_PAGE = 50
GROUPS_PER_PAGE = 25


def may_use_register(user) -> bool:
    """A logged-in director of some championship, or a staff account."""
    return user.is_authenticated and (
        user.is_staff or selectors.directed_championships(user).exists())


def register_page(view):
    """Login required; then a director (:func:`may_use_register`), else 403."""

    @login_required
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not may_use_register(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


def _page(request, items, per_page):
    return Paginator(items, per_page).get_page(request.GET.get("page"))


@register_page
def players(request):
    form = PlayerSearchForm(request.GET)
    query = form.cleaned_data["q"] if form.is_valid() else ""
    return render(request, "tournaments/register/players.html", {
        "form": form, "query": query,
        "page": _page(request, register_selectors.search_players(query), PLAYERS_PER_PAGE)})


@register_page
def player(request, player_pk: int):
    player = get_object_or_404(Player.objects.select_related("merged_into"), pk=player_pk)
    form = PlayerEditForm(posted(request), initial={
        "name": player.name, "club": player.club, "licence": player.licence})
    if request.method == "POST" and form.is_valid():
        try:
            register.edit_player(player, **form.cleaned_data)
        except services.ServiceError as error:
            form_error(form, error)
        else:
            messages.success(request, _("Changes saved."))
            return redirect("tournaments:player", player.pk)
    return render(request, "tournaments/register/player.html", {
        "player": player, "form": form,
        "entries": register_selectors.player_entries(player)})


@register_page
def player_duplicates(request):
    page = _page(request, register_selectors.duplicate_keys(), GROUPS_PER_PAGE)
    return render(request, "tournaments/register/duplicates.html", {
        "page": page, "groups": register_selectors.duplicate_groups(page.object_list)})


@require_POST
@register_page
def player_merge(request):
    form = MergeForm(request.POST)
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        back = ""
    if not form.is_valid():
        messages.error(request, _("Choose the player kept and the duplicate."))
        return redirect(back or "tournaments:player_duplicates")
    kept = Player.objects.filter(pk=form.cleaned_data["kept"]).first()
    duplicate = Player.objects.filter(pk=form.cleaned_data["merged"]).first()
    if kept is None or duplicate is None:
        messages.error(request, _("That player is no longer in the register."))
        return redirect(back or "tournaments:player_duplicates")
    try:
        merges.merge_players(kept, duplicate, by=request.user,
                             origin=audit.origin_of(request))
    except services.ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(merged)s merged into %(kept)s. The list of merges "
                                    "can undo it.") % {"merged": duplicate, "kept": kept})
    return redirect(back or "tournaments:player_duplicates")


@register_page
def player_merges(request):
    return render(request, "tournaments/register/merges.html", {
        "page": _page(request, register_selectors.merges(), PLAYERS_PER_PAGE)})


@require_POST
@register_page
def player_merge_undo(request, merge_pk: int):
    merge = get_object_or_404(PlayerMerge.objects.select_related("kept", "merged"),
                              pk=merge_pk)
    try:
        merges.undo_merge(merge, by=request.user, origin=audit.origin_of(request))
    except services.ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Merge undone: %(merged)s is on the register again.")
                         % {"merged": merge.merged})
    return redirect("tournaments:player_merges")
