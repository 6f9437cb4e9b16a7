"""The public player pages (rules.md 13.4): ``/players/?q=`` and ``/players/<id>/``."""

from django.urls import path

from series import player_views

app_name = "players"

urlpatterns = [
    path("players/", player_views.search, name="search"),
    path("players/<int:pk>/", player_views.player, name="player"),
]
