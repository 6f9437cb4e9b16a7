"""REST API URLs under ``/api/v1/`` (the OpenAPI schema is at /api/schema/, its docs at
/api/docs/), split by audience like the pages' URLs."""

from django.urls import path

from scoring.api import captain, public

urlpatterns = [
    path(
        "championships/<int:pk>/standings/",
        public.StandingsView.as_view(),
        name="api-standings",
    ),
    path(
        "captain/<int:team_id>/<str:secret>/results/",
        captain.CaptainResultsView.as_view(),
        name="api-captain-results",
    ),
    path(
        "captain/<int:team_id>/<str:secret>/tables/",
        captain.CaptainTablesView.as_view(),
        name="api-captain-tables",
    ),
    path(
        "captain/<int:team_id>/<str:secret>/results/<int:entry_id>/confirm/",
        captain.CaptainConfirmView.as_view(),
        name="api-captain-confirm",
    ),
]
