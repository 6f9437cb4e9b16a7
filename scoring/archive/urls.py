"""Archive URLs: the director's import page and full backup, the public archive."""

from django.urls import path

from scoring.archive import views

app_name = "archive"

urlpatterns = [
    path("director/import/", views.import_page, name="import"),
    path("director/c/<int:pk>/full-backup.json", views.full_backup, name="full_backup"),
    path("c/<int:pk>/archive.json", views.public_archive, name="public"),
]
