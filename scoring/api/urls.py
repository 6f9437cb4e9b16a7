"""REST API URLs under ``/api/v1/`` (the OpenAPI schema is at /api/schema/, its docs at
/api/docs/), split by audience like the pages' URLs: directors, the public result pages,
and the exports; then each format's own endpoints (``Format.api_urlpatterns``: duplicate
pairs' captains and results grid, free-deal pairs', then the individual formats')."""

from django.urls import path

import scoring.api.converters  # noqa: F401 (registers the "id" converter)
from formats.registry import FORMATS
from scoring.api import (
    director_championships,
    director_exports,
    director_rounds,
    director_teams,
    public,
)

C = "championships/<id:pk>/"
ROUND = f"{C}rounds/<id:number>/"

public_urls = [
    path(f"{C}standings/", public.StandingsView.as_view(), name="api-standings"),
    path(f"{C}travellers/", public.TravellersView.as_view(), name="api-travellers"),
    path(f"{C}travellers/<id:number>/", public.TravellerView.as_view(), name="api-traveller"),
    path(f"{C}scorecards/<id:number>/", public.ScorecardView.as_view(), name="api-scorecard"),
    path(f"{C}commitment/", public.CommitmentView.as_view(), name="api-commitment"),
    path(f"{C}deal-check/<id:number>/", public.DealCheckView.as_view(), name="api-deal-check"),
    path(f"{ROUND}deals/", public.RoundDealsView.as_view(), name="api-round-deals"),
]

dc, dt, dr = director_championships, director_teams, director_rounds
director_urls = [
    path("championships/", dc.ChampionshipsView.as_view(), name="api-championships"),
    path(C, dc.ChampionshipView.as_view(), name="api-championship"),
    path(f"{C}finish/", dc.FinishView.as_view(), name="api-finish"),
    path(f"{C}publish/", dc.PublishView.as_view(), name="api-publish"),
    # Teams
    path(f"{C}teams/", dt.TeamsView.as_view(), name="api-teams"),
    path(f"{C}teams/import/", dt.TeamImportView.as_view(), name="api-team-import"),
    path(f"{C}teams/<id:team_pk>/", dt.TeamView.as_view(), name="api-team"),
    path(f"{C}teams/<id:team_pk>/withdraw/", dt.TeamWithdrawView.as_view(),
         name="api-team-withdraw"),
    path(f"{C}teams/<id:team_pk>/reinstate/", dt.TeamReinstateView.as_view(),
         name="api-team-reinstate"),
    path(f"{C}teams/<id:team_pk>/reissue-link/", dt.TeamReissueLinkView.as_view(),
         name="api-team-reissue-link"),
    path(f"{C}teams/<id:team_pk>/reissue-pin/", dt.TeamReissuePinView.as_view(),
         name="api-team-reissue-pin"),
    # Rounds, tables and deals
    path(f"{C}rounds/", dr.RoundsView.as_view(), name="api-rounds"),
    path(f"{C}rounds/generate/", dr.GenerateView.as_view(), name="api-generate"),
    path(f"{C}rounds/discard/", dr.DiscardView.as_view(), name="api-discard"),
    path(ROUND, dr.RoundView.as_view(), name="api-round"),
    path(f"{ROUND}tables/", dr.TablesView.as_view(), name="api-tables"),
    path(f"{ROUND}release/", dr.ReleaseView.as_view(), name="api-release"),
    path(f"{ROUND}close/", dr.CloseView.as_view(), name="api-close"),
    path(f"{ROUND}reopen/", dr.ReopenView.as_view(), name="api-reopen"),
    path(f"{ROUND}swap-teams/", dr.SwapTeamsView.as_view(), name="api-swap-teams"),
    path(f"{ROUND}swap-tables/", dr.SwapTablesView.as_view(), name="api-swap-tables"),
    path(f"{ROUND}deals/import/", dr.DealImportView.as_view(), name="api-round-deal-import"),
    path(f"{ROUND}deals/restore/", dr.DealRestoreView.as_view(), name="api-deal-restore"),
    path(f"{C}deals/import/", dr.DealImportView.as_view(), name="api-deal-import"),
]

# The exports: start a job, poll it, download it (director endpoints).
dx = director_exports
JOB = f"{C}exports/<id:job_id>/"
export_urls = [
    path(f"{C}exports/", dx.ExportJobsView.as_view(), name="api-exports"),
    path(f"{C}exports/kinds/", dx.ExportKindsView.as_view(), name="api-export-kinds"),
    path(JOB, dx.ExportJobView.as_view(), name="api-export"),
    path(f"{JOB}retry/", dx.ExportRetryView.as_view(), name="api-export-retry"),
    path(f"{JOB}file/", dx.ExportFileView.as_view(), name="api-export-file"),
]

# Each format's own endpoints (a captain's results or games, a round's grid or games, the
# ranking), in the order of the formats: duplicate pairs' (formats/duplicate_pairs/api.py),
# free-deal pairs' (formats/free_deal/api.py), then the individual formats'
# (formats/abarrotada/api.py). (The endpoints above are every format's, or duplicate pairs'
# public ones; those of one format refuse another's championships, 409.)
urlpatterns = (public_urls + director_urls + export_urls
               + [pattern for fmt in FORMATS.values() for pattern in fmt.api_urlpatterns()])
