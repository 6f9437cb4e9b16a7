"""The duplicate pairs' REST API endpoints under ``/api/v1/`` (``scoring.api.urls`` adds
them through ``Format.api_urlpatterns``): a captain's tables and results through the team's
private link (``captain_api``), and a director's grid of a round and its cells
(``director_api``). Their names and paths are those the API always had."""

from django.urls import path

import scoring.api.converters  # noqa: F401 (registers the "id" converter)
from formats.duplicate_pairs import captain_api as captain
from formats.duplicate_pairs import director_api as dres

CAPTAIN = "captain/<id:team_id>/<str:secret>/"
C = "championships/<id:pk>/"
ROUND = f"{C}rounds/<id:number>/"
CELL = f"{ROUND}results/<id:table_number>/<id:deal_number>/"

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

director_urls = [
    path(f"{ROUND}results/", dres.GridView.as_view(), name="api-grid"),
    path(CELL, dres.CellView.as_view(), name="api-cell"),
    path(f"{CELL}enter/", dres.EnterView.as_view(), name="api-cell-enter"),
    path(f"{CELL}confirm/", dres.ConfirmView.as_view(), name="api-cell-confirm"),
    path(f"{CELL}adjust/", dres.AdjustView.as_view(), name="api-cell-adjust"),
    path(f"{CELL}clear-adjustment/", dres.ClearAdjustmentView.as_view(),
         name="api-cell-clear-adjustment"),
]

urlpatterns = captain_urls + director_urls
