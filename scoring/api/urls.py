"""REST API URLs under ``/api/v1/`` (the OpenAPI schema is at /api/schema/, its docs at
/api/docs/), split by audience like the pages' URLs: captains (the team's private link),
directors, the public result pages, and the exports."""

from django.urls import path, register_converter

from scoring.api import captain, public


class IdConverter:
    """A positive number small enough for any database column (a 30-digit id would
    overflow SQLite's integers: a 404, not a 500)."""

    regex = "[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(value)


register_converter(IdConverter, "id")

CAPTAIN = "captain/<id:team_id>/<str:secret>/"

captain_urls = [
    path(f"{CAPTAIN}tables/", captain.CaptainTablesView.as_view(), name="api-captain-tables"),
    path(f"{CAPTAIN}results/", captain.CaptainResultsView.as_view(), name="api-captain-results"),
    path(f"{CAPTAIN}results/<id:entry_id>/confirm/", captain.CaptainConfirmView.as_view(),
         name="api-captain-confirm"),
    path(f"{CAPTAIN}results/<id:entry_id>/dispute/", captain.CaptainDisputeView.as_view(),
         name="api-captain-dispute"),
    path(f"{CAPTAIN}results/<id:entry_id>/pin/", captain.CaptainPinView.as_view(),
         name="api-captain-pin"),
]

public_urls = [
    path("championships/<id:pk>/standings/", public.StandingsView.as_view(),
         name="api-standings"),
]

director_urls: list = []

# The exports (start a job, poll it, download it) plug in here, under
# championships/<id:pk>/exports/..., as director endpoints (scoring.api.base.DirectorView).
export_urls: list = []

urlpatterns = captain_urls + public_urls + director_urls + export_urls
