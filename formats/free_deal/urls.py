"""Free-deal URLs beside the shared ones: the captain's game actions, the director's page of
one table's game, a round's pairing sheets, the sections and the knockout stage. (A
captain's page, the standings, a round's games and the round clock are the shared URLs,
which ask the format.)"""

from django.urls import path

from formats.free_deal import (
    knockout_captain_views,
    knockout_views,
    section_views,
    views,
)

app_name = "free_deal"

urlpatterns = [
    path("director/c/<int:pk>/sections/", section_views.pair_sections, name="pair_sections"),
    path("director/c/<int:pk>/knockout/", knockout_views.director_bracket,
         name="director_bracket"),
    path("director/c/<int:pk>/knockout.pdf", knockout_views.bracket_sheet, name="bracket_sheet"),
    path("t/<int:team_id>/<str:secret>/game/", views.captain_submit, name="captain_submit"),
    path("t/<int:team_id>/<str:secret>/game/<int:entry_id>/confirm/", views.captain_confirm,
         name="captain_confirm"),
    path("t/<int:team_id>/<str:secret>/game/<int:entry_id>/pin/", views.captain_pin,
         name="captain_pin"),
    path("t/<int:team_id>/<str:secret>/game/<int:entry_id>/dispute/", views.captain_dispute,
         name="captain_dispute"),
    path("director/c/<int:pk>/results/rounds/<int:number>/games/<int:table_number>/",
         views.director_game, name="director_game"),
    path("t/<int:team_id>/<str:secret>/knockout/<int:tie_id>/",
         knockout_captain_views.captain_knockout_submit, name="captain_knockout_submit"),
    path("t/<int:team_id>/<str:secret>/knockout/entries/<int:entry_id>/confirm/",
         knockout_captain_views.captain_knockout_confirm, name="captain_knockout_confirm"),
    path("t/<int:team_id>/<str:secret>/knockout/entries/<int:entry_id>/dispute/",
         knockout_captain_views.captain_knockout_dispute, name="captain_knockout_dispute"),
    path("director/c/<int:pk>/rounds/<int:number>/pairings.pdf", views.pairing_sheets,
         name="pairing_sheets"),
]
