"""Every list is paginated: ``?page=2&page_size=100`` (50 a page by default, at most 500)."""

from __future__ import annotations

from rest_framework.pagination import PageNumberPagination


class Pagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500


def paginated(view, request, items, serializer_class, **serializer_kwargs):
    """The page of ``items`` (a queryset or a list) the request asks for, serialised."""
    paginator = view.pagination_class()
    page = paginator.paginate_queryset(items, request, view=view)
    data = serializer_class(page, many=True, **serializer_kwargs).data
    return paginator.get_paginated_response(data)
