"""Downloads of exports: public ones straight from the results pages (same rules as the
pages: published results, closed rounds; a director always), and the director's exports
page, where any kind is made as a background job (``scoring.exports.jobs``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.views.decorators.http import require_POST, require_safe

from scoring.exports import jobs, public_files, registry
from scoring.exports.data import ScopeError, export_scope
from scoring.exports.models import ExportJob
from scoring.views.common import no_store
from scoring.views.results import _not_published, _results_access
from tournaments import audit, pdf_support, print_pages
from tournaments import selectors as tournament_selectors
from tournaments.downloads import headers_only, kept_file


def _attachment(response: HttpResponse, filename: str) -> HttpResponse:
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_safe
def export_download(request, pk: int, kind: str):
    """A public kind in the reader's language (``?after=N`` for an earlier closed round),
    made on the first request and kept while the results stay the same. GET and HEAD only:
    a HEAD never makes the file (``tournaments.downloads``)."""
    championship, director = _results_access(request, pk)
    found = registry.get(kind, championship)  # the kinds of the championship's format
    if found is None or found.directors_only:
        raise Http404("No such export")
    if not (director or championship.results_public):
        return _not_published(request, championship)
    after = request.GET.get("after")
    try:
        if found.content_type == registry.PDF and print_pages.wants_page(request):
            return _print_page(request, championship, found, after, director)
        if request.method == "HEAD":
            return _head(request, championship, found, after, director)
        made = public_files.public_file(championship, found, get_language(), after)
    except ScopeError as error:
        return HttpResponseBadRequest(str(error))
    response = HttpResponse(made.data, content_type=made.content_type)
    if director:
        no_store(response)
    return _attachment(response, made.filename)


def _print_page(request, championship, kind: registry.ExportKind, after,
                director: bool) -> HttpResponse:
    """A printed kind as its print-ready page (``tournaments.print_pages``): made for each
    request (it is quick: no PDF), never kept."""
    if request.method == "HEAD":
        response = headers_only(request, "text/html; charset=utf-8")
    else:
        with print_pages.pages_for(request):
            made = registry.build(kind, championship, get_language(), after)
        response = print_pages.page_response(made.data)
    return no_store(response) if director else response


def _head(request, championship, kind: registry.ExportKind, after, director: bool) -> HttpResponse:
    """The headers of a GET: name and size once the file is kept, its type alone before."""
    kept = public_files.kept_file(championship, kind, get_language(), after)
    if kept is None:
        response = headers_only(request, kind.content_type)
    else:
        response = headers_only(request, kept.content_type, filename=kept.filename, size=kept.size)
    return no_store(response) if director else response


@login_required
def director_exports(request, pk: int):
    championship = tournament_selectors.championship_for_director(request.user, pk)
    found = jobs.describe(jobs.championship_jobs(championship))
    kinds = registry.available(championship, director=True)
    context = {
        "championship": championship,
        "kinds": kinds,
        "printed_kinds": [kind for kind in kinds if kind.content_type == registry.PDF],
        "pdf_note": "" if pdf_support.available() else pdf_support.note(),
        "jobs": found,
        "busy": any(job.status in jobs.UNFINISHED for job in found),
        "scope": export_scope(championship),
        "export_languages": jobs.languages(),
        "language": get_language(),
    }
    return no_store(render(request, "scoring/exports/director.html", context))


@login_required
@require_POST
def director_export_start(request, pk: int):
    championship = tournament_selectors.championship_for_director(request.user, pk)
    try:
        jobs.start_job(
            championship, request.POST.get("kind", ""), language=request.POST.get("language"),
            after=request.POST.get("after"), user=request.user,
        )
    except jobs.ExportRefused as error:
        messages.error(request, str(error))
    return redirect("scoring:director_exports", pk=championship.pk)


@login_required
@require_POST
def director_export_retry(request, pk: int, job_id: int):
    championship = tournament_selectors.championship_for_director(request.user, pk)
    job = get_object_or_404(ExportJob, pk=job_id, championship=championship)
    jobs.retry_job(job)
    return redirect("scoring:director_exports", pk=championship.pk)


@require_safe
@login_required
def director_export_file(request, pk: int, job_id: int):
    championship = tournament_selectors.championship_for_director(request.user, pk)
    if request.method == "HEAD":  # the headers alone: no file read, no download audited
        job, path = jobs.finished_file(championship, job_id)
        return no_store(headers_only(request, job.content_type, filename=job.filename,
                                      size=path.stat().st_size))
    job, path = jobs.download_file(championship, job_id, by=request.user,
                                   origin=audit.origin_of(request))
    response = kept_file(request, path, job.content_type)
    return no_store(_attachment(response, job.filename))
