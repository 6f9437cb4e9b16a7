"""``{{ url|print_page }}``: a printed sheet's address as its print-ready page
(``tournaments.print_pages``)."""

from django import template

from tournaments.print_pages import page_url

register = template.Library()


@register.filter
def print_page(url: str) -> str:
    return page_url(str(url))
