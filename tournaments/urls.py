"""Tournament URLs, split by audience: the director's pages and the public pages.

Team pages (the private link ``/t/<team_id>/<secret>/``) belong to the scoring app.
"""

from django.urls import path

from tournaments import analysis_views, views
from tournaments import confirm_views as confirm
from tournaments import director_views as d
from tournaments.director_views import register as players

app_name = "tournaments"

director = [
    path("director/", d.director_home, name="director_home"),
    path("director/new/", d.championship_create, name="director_create"),
    path("director/c/<int:pk>/", d.championship_detail, name="director_championship"),
    path("director/c/<int:pk>/edit/", d.championship_edit, name="director_edit"),
    path("director/c/<int:pk>/directors/", d.director_add, name="director_add_director"),
    path("director/c/<int:pk>/finish/", confirm.finish, name="director_finish"),
    # Teams
    path("director/c/<int:pk>/teams/", d.team_list, name="director_teams"),
    path("director/c/<int:pk>/teams/import/", d.team_import, name="director_team_import"),
    path(
        "director/c/<int:pk>/teams/template.<str:kind>",
        d.team_template,
        name="director_team_template",
    ),
    path("director/c/<int:pk>/teams/cards.pdf", d.team_cards_pdf, name="director_team_cards"),
    path("director/c/<int:pk>/teams/<int:team_pk>/", d.team_edit, name="director_team_edit"),
    path(
        "director/c/<int:pk>/teams/<int:team_pk>/withdraw/",
        confirm.team_withdraw,
        name="director_team_withdraw",
    ),
    path(
        "director/c/<int:pk>/teams/<int:team_pk>/reinstate/",
        d.team_reinstate,
        name="director_team_reinstate",
    ),
    path(
        "director/c/<int:pk>/teams/<int:team_pk>/reissue-link/",
        confirm.team_reissue_link,
        name="director_team_reissue_link",
    ),
    path(
        "director/c/<int:pk>/teams/<int:team_pk>/reissue-pin/",
        d.team_reissue_pin,
        name="director_team_reissue_pin",
    ),
    # Rounds and deals
    path("director/c/<int:pk>/rounds/generate/", d.generate_rounds, name="director_generate"),
    path("director/c/<int:pk>/rounds/discard/", confirm.discard_rounds, name="director_discard"),
    path("director/c/<int:pk>/rounds/<int:number>/", d.round_detail, name="director_round"),
    path(
        "director/c/<int:pk>/rounds/<int:number>/release/",
        d.round_release,
        name="director_release",
    ),
    path("director/c/<int:pk>/rounds/<int:number>/close/", confirm.round_close, name="director_close"),
    path(
        "director/c/<int:pk>/rounds/<int:number>/reopen/", d.round_reopen, name="director_reopen"
    ),
    path(
        "director/c/<int:pk>/rounds/<int:number>/swap-teams/",
        d.round_swap_teams,
        name="director_swap_teams",
    ),
    path(
        "director/c/<int:pk>/rounds/<int:number>/swap-tables/",
        d.round_swap_tables,
        name="director_swap_tables",
    ),
    path(
        "director/c/<int:pk>/rounds/<int:number>/deals/import/",
        d.deal_import,
        name="director_round_deal_import",
    ),
    path(
        "director/c/<int:pk>/rounds/<int:number>/deals/restore/",
        d.deal_restore,
        name="director_deal_restore",
    ),
    path(
        "director/c/<int:pk>/rounds/<int:number>/deals.pdf",
        d.round_deal_sheets_pdf,
        name="director_round_deal_sheets",
    ),
    path(
        "director/c/<int:pk>/rounds/<int:number>/table-cards.pdf",
        d.table_cards_pdf,
        name="director_table_cards",
    ),
    path("director/c/<int:pk>/deals/import/", d.deal_import, name="director_deal_import"),
    path("director/c/<int:pk>/deals.pdf", d.deal_sheets_pdf, name="director_deal_sheets"),
    # The register of players (rules.md 13.1), shared by every championship.
    path("director/players/", players.players, name="players"),
    path("director/players/<int:player_pk>/", players.player, name="player"),
    path("director/players/duplicates/", players.player_duplicates, name="player_duplicates"),
    path("director/players/merge/", players.player_merge, name="player_merge"),
    path("director/players/merges/", players.player_merges, name="player_merges"),
    path("director/players/merges/<int:merge_pk>/undo/", players.player_merge_undo,
         name="player_merge_undo"),
    path(
        "director/c/<int:pk>/analysis/recompute/",
        analysis_views.recompute,
        name="director_recompute_analysis",
    ),
]

public = [
    path("c/<int:pk>/", views.public_championship, name="public_championship"),
    path("c/<int:pk>/rounds/<int:number>/", views.public_round, name="public_round"),
    path("c/<int:pk>/deal-check/", views.deal_check, name="deal_check"),
]

urlpatterns = director + public
