"""The series' URLs: the public ranking (its page, projector, print-ready page and files)
and the director's pages (and files) under ``/director/series/``."""

from django.urls import path

from series import director_views as d
from series import file_views, views

app_name = "series"

urlpatterns = [
    path("series/<int:pk>/", views.ranking, name="ranking"),
    path("series/<int:pk>/projector/", views.projector, name="projector"),
    path("series/<int:pk>/print/", views.print_page, name="print"),
    path("series/<int:pk>/files/<slug:kind>/", file_views.public_file, name="file"),
    path("director/series/", d.series_list, name="director_list"),
    path("director/series/new/", d.series_create, name="director_create"),
    path("director/series/<int:pk>/", d.series_detail, name="director_series"),
    path("director/series/<int:pk>/edit/", d.series_edit, name="director_edit"),
    path("director/series/<int:pk>/delete/", d.series_delete, name="director_delete"),
    path("director/series/<int:pk>/championships/add/", d.championship_add,
         name="director_add_championship"),
    path("director/series/<int:pk>/championships/<int:championship_pk>/remove/",
         d.championship_remove, name="director_remove_championship"),
    path("director/series/<int:pk>/championships/<int:championship_pk>/move/",
         d.championship_move, name="director_move_championship"),
    path("director/series/<int:pk>/directors/", d.director_add, name="director_add_director"),
    path("director/series/<int:pk>/files/<slug:kind>/", file_views.director_file,
         name="director_file"),
]
