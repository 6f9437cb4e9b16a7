"""The director's series pages: my series, create, edit, delete, and the series'
championships (add, remove, move up or down, co-directors). Thin: the services decide,
their refusals go under the field they name."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from series import selectors, services
from series.files.kinds import KINDS
from series.forms import AddChampionshipForm, AddSeriesDirectorForm, SeriesForm
from series.models import Series
from tournaments.confirmation import Confirmation, confirm_page, confirmed
from tournaments.director_views.common import form_error
from tournaments.forms import posted
from tournaments.services import ServiceError


def series_page(view):
    """Login required, and ``pk`` must be a series the user directs (else 404); the view
    receives the series instead of ``pk``."""

    @login_required
    @wraps(view)
    def wrapper(request, pk: int, *args, **kwargs):
        return view(request, selectors.series_for_director(request.user, pk), *args, **kwargs)

    return wrapper


def _settings(form: SeriesForm) -> dict:
    return dict(form.cleaned_data)


def _back(series: Series):
    return redirect("series:director_series", series.pk)


@login_required
def series_list(request):
    return render(request, "series/director/list.html",
                  {"series_list": selectors.directed_series(request.user)
                   .order_by("-created_at", "-id")})


@login_required
def series_create(request):
    form = SeriesForm(posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            series = services.create_series(request.user, **_settings(form))
        except ServiceError as error:
            form_error(form, error)
        else:
            messages.success(request, _("Series created."))
            return _back(series)
    return render(request, "series/director/form.html", {"form": form, "series": None})


@series_page
def series_edit(request, series: Series):
    form = SeriesForm(posted(request), initial=SeriesForm.initial_of(series))
    if request.method == "POST" and form.is_valid():
        try:
            services.update_series(series, **_settings(form))
        except ServiceError as error:
            form_error(form, error)
        else:
            messages.success(request, _("Series saved."))
            return _back(series)
    return render(request, "series/director/form.html", {"form": form, "series": series})


@series_page
def series_delete(request, series: Series):
    if confirmed(request):
        services.delete_series(series)
        messages.success(request, _("Series deleted."))
        return redirect("series:director_list")
    return confirm_page(request, Confirmation(
        title=_("Delete the series “%(name)s”?") % {"name": series.name},
        consequences=[_("The series and its ranking are deleted. Its championships stay "
                        "as they are.")],
        button=_("Delete the series"),
        cancel_url=reverse("series:director_series", args=[series.pk]),
    ))


@series_page
def series_detail(request, series: Series):
    ranking = selectors.series_ranking(series, director=True)
    return render(request, "series/director/detail.html", {
        "series": series, "ranking": ranking, "entries": selectors.entries(series),
        "add_form": AddChampionshipForm(
            championships=selectors.addable_championships(request.user, series)),
        "director_form": AddSeriesDirectorForm(),
        "directors": series.directors.order_by("username"),
        "file_kinds": list(KINDS.values()),
    })


def _run(request, func, *args, success: str):
    try:
        func(*args)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, success)


@require_POST
@series_page
def championship_add(request, series: Series):
    try:
        services.add_championship(series, request.POST.get("championship"), by=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Championship added to the series."))
    return _back(series)


@require_POST
@series_page
def championship_remove(request, series: Series, championship_pk: int):
    _run(request, services.remove_championship, series, championship_pk,
         success=_("Championship taken out of the series."))
    return _back(series)


@require_POST
@series_page
def championship_move(request, series: Series, championship_pk: int):
    step = -1 if request.POST.get("direction") == "up" else 1
    _run(request, services.move_championship, series, championship_pk, step,
         success=_("Order changed."))
    return _back(series)


@require_POST
@series_page
def director_add(request, series: Series):
    _run(request, services.add_director, series, request.POST.get("username", ""),
         success=_("Director added."))
    return _back(series)
