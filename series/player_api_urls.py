"""The player API's URLs under ``/api/v1/`` (rules.md 13.4)."""

from django.urls import path

import scoring.api.converters  # noqa: F401 (registers the "id" converter)
from series import player_api

urlpatterns = [
    path("players/", player_api.PlayerSearchView.as_view(), name="api-players"),
    path("players/<id:pk>/", player_api.PlayerView.as_view(), name="api-player"),
]
