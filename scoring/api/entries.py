"""What the formats' endpoints for an entry share (a free-deal game, an individual deal
report, an evening's totals): the answers a read may give, a rules refusal as a 400 naming
the field, and a director's table of a round (its entry and settlement). Each format keeps
its own services, permissions and answers; these only carry them. (A link's submission key
is ``scoring.api.idempotency.submission_key``; a review through a link,
``scoring.api.base.LinkReview``.)
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from rest_framework.exceptions import ValidationError

from scoring.api.base import DirectorView
from scoring.api.director_championships import ERRORS
from scoring.api.responses import REFUSED, WRONG_FORMAT

#: A director's read of one format's endpoint.
READ = {401: ERRORS[401], 404: ERRORS[404], **WRONG_FORMAT}
#: A link's read of one format's endpoint.
CAPTAIN_READ = {404: REFUSED[404], **WRONG_FORMAT}


class FieldRefusals:
    """Mixin of an API view: a refusal by the format's rules (``refused``, an exception
    with ``message`` and ``field``) is bad input, a 400 naming the field (not a 409)."""

    refused: type[Exception] | tuple = ()

    def refusal_fields(self, error) -> dict:
        """The refusal under the request's field names (a format may spread it further)."""
        return {error.field or "non_field_errors": [error.message]}

    def handle_exception(self, exc):
        if isinstance(exc, self.refused):
            exc = ValidationError(self.refusal_fields(exc))
        return super().handle_exception(exc)


class DirectorTableView(DirectorView):
    """A director's endpoint about one table of a round: ``tables`` is the format's query
    of its tables (with what its answers read)."""

    tables = None

    def table_of(self, pk: int, number: int, table_number: int):
        _championship, round_ = self.round_of(pk, number)
        return get_object_or_404(self.tables, round=round_, number=table_number)

    def enter(self, table, service, body, **where) -> None:
        """The director enters or overrides the table's result (``body``, a serializer
        with ``values()`` and an optional ``note``) through the format's ``service``
        (``table=, values=, user=, note=, origin=``, and ``where`` in the table, e.g. the
        deal): it counts at once."""
        serializer = self.valid(body)
        service(table=table, values=serializer.values(), user=self.request.user,
                note=serializer.validated_data.get("note", ""), origin=self.scoring_origin(),
                **where)

    def settle(self, table, service, body, *, field: str = "entry", arg: str = "entry_id",
               **where) -> None:
        """The director settles the entry the body names (its ``field``) as it stands,
        through the format's ``service`` (the entry as ``arg``, with ``table=, user=,
        origin=`` and ``where``), which looks it up among the table's: another's is 404."""
        serializer = self.valid(body)
        service(table=table, **{arg: serializer.validated_data[field]},
                user=self.request.user, origin=self.scoring_origin(), **where)
