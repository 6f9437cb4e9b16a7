"""Archive URLs: the director's import page and full backup, the public archive, and
archiving or deleting a championship."""

from django.urls import path

from scoring.archive import retire_views, views

app_name = "archive"

urlpatterns = [
    path("director/import/", views.import_page, name="import"),
    path("director/c/<int:pk>/full-backup.json", views.full_backup, name="full_backup"),
    path("director/c/<int:pk>/archive/", retire_views.archive, name="archive"),
    path("director/c/<int:pk>/delete/", retire_views.delete, name="delete"),
    path("c/<int:pk>/archive.json", views.public_archive, name="public"),
]
