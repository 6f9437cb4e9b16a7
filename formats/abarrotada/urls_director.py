"""The individual format's director URLs (see ``formats.abarrotada.urls``): one deal of one
table. (A round's grid is the shared results URL, which asks the format.)"""

from django.urls import path

from formats.abarrotada import director_views as views

urlpatterns = [
    path("director/c/<int:pk>/results/rounds/<int:number>/players/<int:table_number>/"
         "deals/<int:deal>/", views.deal_page, name="director_deal"),
    path("director/c/<int:pk>/rounds/<int:number>/seating.pdf", views.movement_sheet,
         name="movement_sheet"),
    path("director/c/<int:pk>/rounds/<int:number>/player-table-cards.pdf", views.table_cards,
         name="table_cards"),
]
