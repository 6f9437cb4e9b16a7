"""The series' endpoints: a director's series (list, create, read, change, delete), their
championships (add, take out, reorder) and the ranking (public once the series says so; its
directors always). Refusals have the API's one shape (``scoring.api.errors``)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response

from scoring.api.base import DirectorView, PublicView
from scoring.api.pagination import paginated
from scoring.api.responses import IDEMPOTENCY
from scoring.serializers import FIELD_ERRORS, ErrorSerializer
from series import selectors, services
from series.api.serializers import (
    AddChampionshipSerializer,
    OrderSerializer,
    RankingSerializer,
    SeriesSerializer,
    ranking_data,
)
from series.models import Series

TAGS = ["series"]
ERRORS = {
    400: OpenApiResponse(FIELD_ERRORS, description="Field errors, each naming its field."),
    401: OpenApiResponse(ErrorSerializer, description="Not logged in, or a bad token."),
    404: OpenApiResponse(ErrorSerializer, description="Not a series you direct."),
}
WRITABLE = set(services.SERIES_FIELDS)


class SeriesDirectorView(DirectorView):
    def series(self, pk: int) -> Series:
        return selectors.series_for_director(self.request.user, pk)

    def answer(self, series: Series, code=status.HTTP_200_OK) -> Response:
        series = Series.objects.prefetch_related("entries__championship").get(pk=series.pk)
        return Response(SeriesSerializer(series).data, status=code)


class SeriesListView(SeriesDirectorView):
    @extend_schema(tags=TAGS, responses={
        200: SeriesSerializer(many=True), 401: ERRORS[401],
        404: OpenApiResponse(ErrorSerializer, description="A page past the last one.")})
    def get(self, request):
        """The series the caller directs, newest first."""
        series = (selectors.directed_series(request.user).order_by("-created_at", "-id")
                  .prefetch_related("entries__championship"))
        return paginated(self, request, series, SeriesSerializer)

    @extend_schema(tags=TAGS, request=SeriesSerializer,
                   parameters=[IDEMPOTENCY],
                   responses={201: SeriesSerializer, 400: ERRORS[400], 401: ERRORS[401]})
    def post(self, request):
        """Create a series directed by the caller (the default points table, all results
        counted, updated when a championship finishes, not public, unless given)."""
        data = self.valid(SeriesSerializer).validated_data
        series = services.create_series(request.user,
                                        **{k: v for k, v in data.items() if k in WRITABLE})
        return self.answer(series, status.HTTP_201_CREATED)


class SeriesView(SeriesDirectorView):
    @extend_schema(tags=TAGS,
                   responses={200: SeriesSerializer, 401: ERRORS[401], 404: ERRORS[404]})
    def get(self, request, pk: int):
        return self.answer(self.series(pk))

    @extend_schema(tags=TAGS, request=SeriesSerializer,
                   parameters=[IDEMPOTENCY], responses={200: SeriesSerializer, **ERRORS})
    def patch(self, request, pk: int):
        """Change the settings sent (a typed table is checked, naming ``typed_points``)."""
        series = self.series(pk)
        serializer = SeriesSerializer(series, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        changes = {k: v for k, v in serializer.validated_data.items() if k in WRITABLE}
        return self.answer(services.update_series(series, **changes))

    @extend_schema(tags=TAGS, parameters=[IDEMPOTENCY],
                   responses={204: None, **ERRORS})
    def delete(self, request, pk: int):
        """Delete the series (its championships stay)."""
        services.delete_series(self.series(pk))
        return Response(status=status.HTTP_204_NO_CONTENT)


class SeriesChampionshipsView(SeriesDirectorView):
    @extend_schema(tags=TAGS,
                   request=AddChampionshipSerializer, parameters=[IDEMPOTENCY],
                   responses={201: SeriesSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Add a championship the caller directs (any format) at the end of the series."""
        series = self.series(pk)
        data = self.valid(AddChampionshipSerializer).validated_data
        services.add_championship(series, data["championship"], by=request.user)
        return self.answer(series, status.HTTP_201_CREATED)


class SeriesChampionshipView(SeriesDirectorView):
    @extend_schema(tags=TAGS,
                   parameters=[IDEMPOTENCY], responses={200: SeriesSerializer, **ERRORS})
    def delete(self, request, pk: int, championship_pk: int):
        """Take the championship out of the series (the championship stays)."""
        series = self.series(pk)
        services.remove_championship(series, championship_pk)
        return self.answer(series)


class SeriesOrderView(SeriesDirectorView):
    @extend_schema(tags=TAGS,
                   request=OrderSerializer, parameters=[IDEMPOTENCY],
                   responses={200: SeriesSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Put the series' championships in the order given (every one, once each)."""
        series = self.series(pk)
        data = self.valid(OrderSerializer).validated_data
        services.reorder_championships(series, data["championships"])
        return self.answer(series)


class SeriesRankingView(PublicView):
    @extend_schema(tags=TAGS, responses={
        200: RankingSerializer,
        404: OpenApiResponse(ErrorSerializer, description="Unknown, or not public.")})
    def get(self, request, pk: int):
        """The series ranking: for everyone once the series is public, counting the
        championships whose results are public; its directors see every championship."""
        series, director = selectors.series_for_reader(request.user, pk)
        ranking = selectors.series_ranking(series, director=director)
        return Response(RankingSerializer(ranking_data(ranking)).data)

