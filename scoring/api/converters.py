"""Path converters of the API's URLs (``urls``, and the formats' own API modules)."""

from django.urls import register_converter


class IdConverter:
    """A positive number small enough for any database column (a 30-digit id would
    overflow SQLite's integers: a 404, not a 500)."""

    regex = "[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(value)


register_converter(IdConverter, "id")
