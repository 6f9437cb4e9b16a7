"""The individual format's player URLs (see ``formats.abarrotada.urls``): entering a deal,
confirming, disputing, and confirming with another player's PIN. (The player's page is the
shared ``/t/<id>/<secret>/``, which asks the format.)"""

from django.urls import path

from formats.abarrotada import player_views as views

urlpatterns = [
    path("t/<int:team_id>/<str:secret>/seat/deals/<int:deal>/", views.submit,
         name="player_submit"),
    path("t/<int:team_id>/<str:secret>/seat/reports/<int:report_id>/confirm/", views.confirm,
         name="player_confirm"),
    path("t/<int:team_id>/<str:secret>/seat/reports/<int:report_id>/dispute/", views.dispute,
         name="player_dispute"),
    path("t/<int:team_id>/<str:secret>/seat/reports/<int:report_id>/pin/", views.pin,
         name="player_pin"),
]
