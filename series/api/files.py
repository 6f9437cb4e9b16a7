"""The series ranking's files through the API, one endpoint per kind (``series.files``):
answered at once (a series file is quick to make, unlike a championship's large exports,
which are background jobs). The same visibility as the ranking endpoint: anyone once the
series is public, counting the championships whose results are public; the series'
directors (session or token) get the directors' file, counting every championship, never
stored by a cache."""

from __future__ import annotations

from django.utils.translation import get_language
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema

from scoring.api.base import PublicView
from scoring.api.director_exports import AnyAccept
from scoring.api.errors import refusal
from scoring.serializers import ErrorSerializer
from series import selectors
from series.files import kept, kinds
from tournaments.downloads import made_file
from tournaments.pdf_support import PdfUnavailable

TAGS = ["series"]
NOT_FOUND = OpenApiResponse(ErrorSerializer, description="Unknown, or not public.")
DISPOSITION = OpenApiParameter(
    "Content-Disposition", OpenApiTypes.STR, OpenApiParameter.HEADER, response=[200],
    description='attachment; filename="<series>-ranking.<extension>"')


class SeriesFileView(PublicView):
    content_negotiation_class = AnyAccept
    kind = ""

    def get(self, request, pk: int):
        series, director = selectors.series_for_reader(request.user, pk)
        kind = kinds.KINDS[self.kind]
        language = get_language()

        def make() -> bytes:
            if director:
                return kinds.make(kind, series, language, director=director).data
            return kept.public_file(kind, series, language).data

        try:
            response = made_file(request, make, kind.content_type, kinds.file_name(series, kind))
        except PdfUnavailable as error:
            return refusal(str(error), "no_pdf_library", 503)
        if director:
            response["Cache-Control"] = "no-store"
        return response


def _schema(media_type: str, schema, what: str, extra: dict | None = None):
    return extend_schema(tags=TAGS, parameters=[DISPOSITION], responses={
        (200, media_type): OpenApiResponse(schema, description=what), 404: NOT_FOUND,
        **(extra or {})})


class SeriesRankingPdfView(SeriesFileView):
    kind = "ranking_pdf"

    @_schema("application/pdf", OpenApiTypes.BINARY, "The ranking sheet (PDF, A4).",
             {503: OpenApiResponse(ErrorSerializer,
                                   description="This server cannot make PDF files.")})
    def get(self, request, pk: int):
        """The series ranking sheet (PDF) in the caller's language."""
        return super().get(request, pk)


class SeriesWorkbookView(SeriesFileView):
    kind = "workbook"

    @_schema(kinds.KINDS["workbook"].content_type, OpenApiTypes.BINARY,
             'The workbook: sheets "Ranking" and "Championships".')
    def get(self, request, pk: int):
        """The series ranking as an Excel workbook (.xlsx) in the caller's language."""
        return super().get(request, pk)


class SeriesRankingCsvView(SeriesFileView):
    kind = "ranking_csv"

    @_schema("text/csv", OpenApiTypes.STR,
             "The ranking as CSV (UTF-8 with a byte-order mark; in Catalan and Spanish "
             "separated by ';' with decimal commas).")
    def get(self, request, pk: int):
        """The series ranking as a CSV file in the caller's language."""
        return super().get(request, pk)
