"""REST API URLs (see /api/docs/ for the OpenAPI schema)."""

urlpatterns: list = []
