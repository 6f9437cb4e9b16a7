"""The series' API URLs, under ``/api/v1/`` beside the championships' (``scoring.api.urls``)."""

from django.urls import path

import scoring.api.converters  # noqa: F401 (registers the "id" converter)
from series.api import files, views

S = "series/<id:pk>/"

urlpatterns = [
    path("series/", views.SeriesListView.as_view(), name="api-series-list"),
    path(S, views.SeriesView.as_view(), name="api-series"),
    path(f"{S}championships/", views.SeriesChampionshipsView.as_view(),
         name="api-series-championships"),
    path(f"{S}championships/order/", views.SeriesOrderView.as_view(),
         name="api-series-order"),
    path(f"{S}championships/<id:championship_pk>/", views.SeriesChampionshipView.as_view(),
         name="api-series-championship"),
    path(f"{S}ranking/", views.SeriesRankingView.as_view(), name="api-series-ranking"),
    path(f"{S}files/ranking_pdf/", files.SeriesRankingPdfView.as_view(),
         name="api-series-ranking-pdf"),
    path(f"{S}files/workbook/", files.SeriesWorkbookView.as_view(),
         name="api-series-workbook"),
    path(f"{S}files/ranking_csv/", files.SeriesRankingCsvView.as_view(),
         name="api-series-ranking-csv"),
]
