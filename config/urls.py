"""Top-level URLs. Each app splits its own URLs by audience (public, director, captain)."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from config.api_docs import ApiDocsView
from live import views as live_views
from scoring.api.schema_view import SchemaView
from tournaments import views as tournament_views

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/schema/", SchemaView.as_view(), name="api-schema"),
    path("api/docs/", ApiDocsView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/v1/", include("scoring.api.urls")),
    path("api/v1/", include("series.api.urls")),
    path("api/v1/", include("series.player_api_urls")),
    path("live/", live_views.unavailable, name="live"),  # under ASGI, live/asgi.py answers
    path("", tournament_views.home, name="home"),
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"), permanent=True),
         name="favicon"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
    path("", include("scoring.archive.urls")),
    path("", include("series.urls")),
    path("", include("series.player_urls")),
    path("", include("formats.duplicate_pairs.urls")),
    path("", include("formats.free_deal.urls")),
    path("", include("formats.abarrotada.urls")),
    path("", include("formats.groups_knockout.urls")),
]


handler404 = "config.not_found.not_found"
