"""REST API URLs (see /api/docs/ for the OpenAPI schema)."""

from django.urls import path

from scoring import api

urlpatterns = [
    path(
        "championships/<int:pk>/standings/",
        api.StandingsView.as_view(),
        name="api-standings",
    ),
    path(
        "captain/<int:team_id>/<str:secret>/results/",
        api.CaptainResultsView.as_view(),
        name="api-captain-results",
    ),
    path(
        "captain/<int:team_id>/<str:secret>/tables/",
        api.CaptainTablesView.as_view(),
        name="api-captain-tables",
    ),
    path(
        "captain/<int:team_id>/<str:secret>/results/<int:entry_id>/confirm/",
        api.CaptainConfirmView.as_view(),
        name="api-captain-confirm",
    ),
]
