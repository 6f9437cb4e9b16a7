"""Archive pages: download a championship's full backup (its directors) or its public
archive (anyone who may see the published results; directors always), and upload a full
backup to import it. Thin: ``scoring.archive`` does the work."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scoring.archive import (
    KIND_FULL,
    KIND_PUBLIC,
    ArchiveError,
    archive_filename,
    export_full,
    export_public,
    import_archive,
    record_backup_download,
    to_json_bytes,
)
from scoring.archive.forms import ImportArchiveForm
from scoring.archive.register_messages import register_messages
from scoring.archive.retiring import state_fingerprint
from tournaments import audit
from tournaments import selectors as tournament_selectors
from tournaments.models import Championship


def _download(archive: dict, championship: Championship, kind: str) -> HttpResponse:
    response = HttpResponse(to_json_bytes(archive), content_type="application/json")
    response["Content-Disposition"] = (
        f'attachment; filename="{archive_filename(championship, kind)}"'
    )
    # The full backup holds every secret: never kept by a proxy or the browser's cache.
    response["Cache-Control"] = "no-store, private"
    return response


@require_safe
@login_required
def full_backup(request, pk: int):
    championship = tournament_selectors.championship_for_director(request.user, pk)
    archive = export_full(championship)
    response = _download(archive, championship, KIND_FULL)
    if request.method == "HEAD":  # no file leaves: not a copy taken (nor one to rely on)
        return response
    record_backup_download(championship, by=request.user, origin=audit.origin_of(request),
                           fingerprint=state_fingerprint(archive))
    return response


def public_archive(request, pk: int):
    """The same visibility as the result pages: a draft is nobody's business but its
    directors'; otherwise the archive is public once the results are."""
    championship = get_object_or_404(Championship, pk=pk)
    director = tournament_selectors.is_director(request.user, championship)
    if not director:
        if championship.status == Championship.Status.DRAFT:
            raise Http404("No such championship")
        if not championship.results_public:
            return render(request, "scoring/not_published.html",
                          {"championship": championship}, status=403)
    return _download(export_public(championship), championship, KIND_PUBLIC)


@login_required
def import_page(request):
    form = ImportArchiveForm(request.POST or None, request.FILES or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                championship = import_archive(form.cleaned_data["file"], director=request.user)
            except ArchiveError as error:
                form.add_error("file", error.message)
            else:
                messages.success(
                    request,
                    _("Championship “%(name)s” imported, with its results, links and PINs.")
                    % {"name": championship.name},
                )
                if championship.archive_directors:
                    messages.info(request, _(
                        "The archive names other directors: %(names)s. They do not direct "
                        "it here until you add them (an account here with the same name may "
                        "be someone else).") % {"names": ", ".join(championship.archive_directors)})
                for level, text in register_messages(championship.register_summary):
                    messages.add_message(request, level, text)
                return redirect("tournaments:director_championship", championship.pk)
        status = 400  # the form says what is wrong with the file
    return render(request, "archive/import.html", {"form": form}, status=status)
