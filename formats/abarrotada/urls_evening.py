"""A free-deal evening's URLs (rules.md 10.4; see ``formats.abarrotada.urls``): a player's
game actions, and the director's page of one table's game."""

from django.urls import path

from formats.abarrotada import evening_views as views

urlpatterns = [
    path("t/<int:team_id>/<str:secret>/evening/", views.player_submit, name="evening_submit"),
    path("t/<int:team_id>/<str:secret>/evening/<int:entry_id>/confirm/", views.player_confirm,
         name="evening_confirm"),
    path("t/<int:team_id>/<str:secret>/evening/<int:entry_id>/dispute/", views.player_dispute,
         name="evening_dispute"),
    path("t/<int:team_id>/<str:secret>/evening/<int:entry_id>/pin/", views.player_pin,
         name="evening_pin"),
    path("director/c/<int:pk>/results/rounds/<int:number>/evening/<int:table_number>/",
         views.director_game, name="evening_game"),
]
