"""A director's exports: the kinds, start a job (the exports page's rules and messages:
``scoring.exports.jobs.start_job``), poll it, retry a failed one, download its file, list
the championship's recent jobs. The public kinds are downloaded from the results pages'
URLs (each kind's ``public_url``), with those pages' visibility."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.response import Response

from scoring.api.base import DirectorView
from scoring.api.director_championships import ERRORS
from scoring.api.errors import refusal
from scoring.api.pagination import paginated
from scoring.api.responses import IDEMPOTENCY
from scoring.api.serializers_exports import (
    ExportJobSerializer,
    ExportKindSerializer,
    ExportStartSerializer,
)
from scoring.exports import jobs, registry
from scoring.exports.models import ExportJob
from tournaments.downloads import headers_only, kept_file
from tournaments.models import Championship

READ_ERRORS = {401: ERRORS[401], 404: ERRORS[404]}


class ExportsView(DirectorView):
    def job(self, championship: Championship, job_id: int) -> ExportJob:
        job = get_object_or_404(ExportJob.objects.select_related("requested_by", "championship"),
                                     pk=job_id, championship=championship)
        return jobs.describe([job])[0]

    def job_answer(self, job: ExportJob, http_status=status.HTTP_200_OK) -> Response:
        return Response(ExportJobSerializer(job, context={"request": self.request}).data,
                        status=http_status)


class ExportKindsView(ExportsView):
    @extend_schema(responses={200: ExportKindSerializer(many=True), **READ_ERRORS})
    def get(self, request, pk: int):
        """The kinds of file a director may ask for; ``holds_secrets`` marks the full backup."""
        championship = self.championship(pk)
        return paginated(self, request, registry.available(championship, director=True),
                         ExportKindSerializer,
                         context={"request": request, "championship": championship})


class ExportJobsView(ExportsView):
    @extend_schema(responses={200: ExportJobSerializer(many=True), **READ_ERRORS})
    def get(self, request, pk: int):
        """The championship's recent jobs, newest first (kept a day)."""
        championship = self.championship(pk)
        found = jobs.describe(jobs.championship_jobs(championship))
        return paginated(self, request, found, ExportJobSerializer, context={"request": request})

    @extend_schema(request=ExportStartSerializer, parameters=[IDEMPOTENCY],
                   responses={201: ExportJobSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Start a job: it is made in the background; poll it until ``status`` is ``done``
        (then ``download_url``) or ``failed`` (then ``error``, and it may be retried)."""
        championship = self.championship(pk)
        serializer = ExportStartSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        values = serializer.validated_data
        try:
            job = jobs.start_job(championship, values["kind"],
                                 language=values.get("language") or get_language(),
                                 after=values.get("after"), user=request.user)
        except jobs.ExportRefused as error:
            return Response({error.field: [str(error)]}, status=status.HTTP_400_BAD_REQUEST)
        return self.job_answer(self.job(championship, job.pk), status.HTTP_201_CREATED)


class ExportJobView(ExportsView):
    @extend_schema(responses={200: ExportJobSerializer, **READ_ERRORS})
    def get(self, request, pk: int, job_id: int):
        """A job: its status, error, times, and its file's URL once done."""
        return self.job_answer(self.job(self.championship(pk), job_id))


class ExportRetryView(ExportsView):
    @extend_schema(request=None, parameters=[IDEMPOTENCY],
                   responses={200: ExportJobSerializer, **READ_ERRORS, 409: ERRORS[409]})
    def post(self, request, pk: int, job_id: int):
        """Make a failed job (or one stuck for a quarter of an hour) again."""
        championship = self.championship(pk)
        job = self.job(championship, job_id)
        if not job.retry:
            return refusal(_("This export job has not failed: there is nothing to try again."),
                           "not_failed")
        jobs.retry_job(job)
        return self.job_answer(self.job(championship, job_id))


class AnyAccept(BaseContentNegotiation):
    """A file is a file whatever the client accepts (errors are still JSON)."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


#: The media types of the exports' files (``registry``: PDF, .xlsx, CSV, JSON).
DOWNLOAD_MEDIA_TYPES = {
    registry.PDF: OpenApiTypes.BINARY,
    registry.XLSX: OpenApiTypes.BINARY,
    registry.CSV.split(";")[0]: OpenApiTypes.STR,
    registry.JSON: OpenApiTypes.OBJECT,
}


class ExportFileView(ExportsView):
    content_negotiation_class = AnyAccept

    @extend_schema(responses={
        **{(200, media_type): OpenApiResponse(
            schema, description="The file, in its kind's media type, named by its "
                                "Content-Disposition header.")
           for media_type, schema in DOWNLOAD_MEDIA_TYPES.items()},
        **READ_ERRORS,
    }, parameters=[OpenApiParameter(
        "Content-Disposition", OpenApiTypes.STR, OpenApiParameter.HEADER, response=[200],
        description='attachment; filename="<the job\'s filename>"')])
    def get(self, request, pk: int, job_id: int):
        """A finished job's file; 404 before it is done and once it is cleaned up. A full
        backup's download is recorded in the championship's audit trail (a HEAD reads
        neither the file nor the trail: it takes no copy)."""
        if request.method == "HEAD":
            job, path = jobs.finished_file(self.championship(pk), job_id)
            response = headers_only(request, job.content_type, filename=job.filename,
                                    size=path.stat().st_size)
        else:
            job, path = jobs.download_file(self.championship(pk), job_id, **self.who())
            response = kept_file(request, path, job.content_type)
            response["Content-Disposition"] = f'attachment; filename="{job.filename}"'
        response["Cache-Control"] = "no-store"
        return response
