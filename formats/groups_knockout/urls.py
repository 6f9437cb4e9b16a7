"""Groups-then-knockout URLs beside the shared ones: the director's groups page (making the
groups, swapping two pairs), the director's page of who goes through (a draw between level
pairs recorded from it or from the standings page), the printed group
sheets, a round's table cards and the printed bracket (the core's sheet), a pair's group
game (entering it; the other pair confirming, with its PIN, or disputing it) and the
director's page of a table's game. (A pair's page and a round's games are the shared URLs,
which ask the format.)"""

from django.urls import path

from formats.groups_knockout import game_views, knockout_views, standings_views, views

app_name = "groups_knockout"

urlpatterns = [
    path("director/c/<int:pk>/groups/", views.groups_page, name="groups"),
    path("director/c/<int:pk>/groups/make/", views.make, name="make_groups"),
    path("director/c/<int:pk>/groups/swap/", views.swap, name="swap_pairs"),
    path("director/c/<int:pk>/groups/going-through/", standings_views.going_through_page,
         name="going_through"),
    path("director/c/<int:pk>/groups/going-through/confirm/", knockout_views.confirm,
         name="confirm_qualifiers"),
    path("director/c/<int:pk>/groups/going-through/draw/", knockout_views.draw,
         name="draw"),
    path("director/c/<int:pk>/groups/knockout/", knockout_views.director_bracket,
         name="bracket"),
    path("director/c/<int:pk>/groups/knockout.pdf", knockout_views.bracket_sheet,
         name="bracket_sheet"),
    path("director/c/<int:pk>/groups.pdf", views.group_sheets, name="group_sheets"),
    path("director/c/<int:pk>/groups/rounds/<int:number>/table-cards.pdf", views.table_cards,
         name="table_cards"),
    path("t/<int:team_id>/<str:secret>/group-game/", game_views.captain_submit,
         name="captain_submit"),
    path("t/<int:team_id>/<str:secret>/group-game/<int:entry_id>/confirm/",
         game_views.captain_confirm, name="captain_confirm"),
    path("t/<int:team_id>/<str:secret>/group-game/<int:entry_id>/pin/", game_views.captain_pin,
         name="captain_pin"),
    path("t/<int:team_id>/<str:secret>/group-game/<int:entry_id>/dispute/",
         game_views.captain_dispute, name="captain_dispute"),
    path("t/<int:team_id>/<str:secret>/group-knockout/<int:tie_id>/",
         game_views.captain_knockout_submit, name="captain_knockout_submit"),
    path("t/<int:team_id>/<str:secret>/group-knockout/entries/<int:entry_id>/confirm/",
         game_views.captain_knockout_confirm, name="captain_knockout_confirm"),
    path("t/<int:team_id>/<str:secret>/group-knockout/entries/<int:entry_id>/dispute/",
         game_views.captain_knockout_dispute, name="captain_knockout_dispute"),
    path("director/c/<int:pk>/results/rounds/<int:number>/group-games/<int:table_number>/",
         game_views.director_game, name="director_game"),
]
