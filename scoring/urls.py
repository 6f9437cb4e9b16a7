"""Scoring URLs, by audience: captains (private team links), directors, public results.
Each format's own actions are its package's URLs (``formats/<name>/urls.py``); these are
the pages every format shares, which ask the championship's format."""

from django.urls import path

from scoring import views

app_name = "scoring"

captain = [
    path("t/sw.js", views.captain_service_worker, name="captain_sw"),
    path("t/<int:team_id>/<str:secret>/", views.captain, name="captain"),
    # The round clock's JSON, for the entrant's page (the format says which round).
    path("t/<int:team_id>/<str:secret>/clock/", views.captain_clock, name="captain_clock"),
]

director = [
    path("director/api-tokens/", views.api_tokens, name="api_tokens"),
    path("director/api-tokens/<int:pk>/rename/", views.api_token_rename, name="api_token_rename"),
    path("director/api-tokens/<int:pk>/revoke/", views.api_token_revoke, name="api_token_revoke"),
    path("director/c/<int:pk>/results/", views.director_results, name="director_results"),
    path("director/c/<int:pk>/results/publish/", views.director_publish, name="publish"),
    path(
        "director/c/<int:pk>/results/rounds/<int:number>/", views.director_grid, name="grid"
    ),
    path(
        "director/c/<int:pk>/results/rounds/<int:number>/close/",
        views.director_close_round,
        name="close_round",
    ),
    path("director/c/<int:pk>/results/rounds/<int:number>/clock/", views.director_clock,
         name="director_clock"),
]

public = [
    path("c/<int:pk>/results/", views.standings, name="standings"),
    path("c/<int:pk>/results/projector/", views.projector, name="projector"),
    path("c/<int:pk>/results/clock/", views.public_clock, name="public_clock"),
    path("c/<int:pk>/results/deals/", views.travellers, name="travellers"),
    path("c/<int:pk>/results/deals/<int:number>/", views.traveller, name="traveller"),
    path("c/<int:pk>/results/teams/<int:number>/", views.scorecard, name="scorecard"),
]

exports = [
    path("c/<int:pk>/results/export/<str:kind>/", views.export_download, name="export"),
    path("director/c/<int:pk>/exports/", views.director_exports, name="director_exports"),
    path(
        "director/c/<int:pk>/exports/start/", views.director_export_start, name="export_start"
    ),
    path(
        "director/c/<int:pk>/exports/jobs/<int:job_id>/retry/",
        views.director_export_retry,
        name="export_retry",
    ),
    path(
        "director/c/<int:pk>/exports/jobs/<int:job_id>/file/",
        views.director_export_file,
        name="export_file",
    ),
]

urlpatterns = captain + director + public + exports
