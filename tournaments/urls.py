from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("director/", views.home, name="director_home"),
    path("c/<int:pk>/", views.public_championship, name="public_championship"),
]
