"""Groups-then-knockout URLs beside the shared ones: the director's groups page (making the
groups, swapping two pairs), the director's page of who goes through, the printed group
sheets and a round's table cards."""

from django.urls import path

from formats.groups_knockout import standings_views, views

app_name = "groups_knockout"

urlpatterns = [
    path("director/c/<int:pk>/groups/", views.groups_page, name="groups"),
    path("director/c/<int:pk>/groups/make/", views.make, name="make_groups"),
    path("director/c/<int:pk>/groups/swap/", views.swap, name="swap_pairs"),
    path("director/c/<int:pk>/groups/going-through/", standings_views.going_through_page,
         name="going_through"),
    path("director/c/<int:pk>/groups.pdf", views.group_sheets, name="group_sheets"),
    path("director/c/<int:pk>/groups/rounds/<int:number>/table-cards.pdf", views.table_cards,
         name="table_cards"),
]
