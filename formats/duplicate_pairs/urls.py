"""Duplicate pairs' URLs beside the shared ones: a captain's actions on a deal's result (enter,
confirm, dispute, confirm with the other team's PIN) and the director's page of one table's
result on one deal. (A captain's page, a round's results grid and closing a round are the
shared URLs, which ask the format.) The paths are those the pages always had: phones keep
their links."""

from django.urls import path

from formats.duplicate_pairs import captain_views, director_views

app_name = "duplicate_pairs"

LINK = "t/<int:team_id>/<str:secret>/"

urlpatterns = [
    path(f"{LINK}deals/<int:deal_number>/", captain_views.captain_submit, name="captain_submit"),
    path(f"{LINK}entries/<int:entry_id>/confirm/", captain_views.captain_confirm,
         name="captain_confirm"),
    path(f"{LINK}entries/<int:entry_id>/dispute/", captain_views.captain_dispute,
         name="captain_dispute"),
    path(f"{LINK}entries/<int:entry_id>/pin/", captain_views.captain_pin, name="captain_pin"),
    path("director/c/<int:pk>/results/rounds/<int:number>/tables/<int:table_number>/"
         "deals/<int:deal_number>/", director_views.director_cell, name="cell"),
]
