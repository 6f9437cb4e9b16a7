"""A format's review actions on a link's page, made from the format's services: another
team or player at the table confirms an entry, confirms it with its PIN on the entering
phone, or disputes it (a free-deal game, an evening's totals). Each is a POST view with the
URL's ``team_id``, ``secret`` and ``entry_id``, answered as every captain's action is
(``scoring.views.answers``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.views.decorators.http import require_POST

from scoring import permissions
from scoring.forms import DisputeCommentForm
from scoring.services.values import Origin
from scoring.views.answers import answer_service, answer_with_form


@dataclass(frozen=True)
class LinkReviews:
    """How a format's link reaches an entry and shows its page:

    - ``entry_of(team, entry_id)``: the entry at one of the link's tables (any other is a
      404, the same answer as an unknown id);
    - ``page(request, team, **forms)``: the link's page with a form to show again
      (``pin_form``, ``dispute_form``);
    - ``team_arg``: how the format's review services name the link's team.

    The messages are lazy (made at import), or a function of what the service returned."""

    entry_of: Callable
    page: Callable
    team_arg: str = "team"

    def confirm(self, service, message):
        """Confirm the entry: ``service(entry_id=, <team_arg>=, origin=)``."""
        return self._view(service, message)

    def confirm_with_pin(self, service, message, form_class):
        """Confirm with the other side's PIN (``form_class``'s ``pin``), never sent by the
        outbox (the page's script refuses a PIN with no network)."""
        return self._view(service, message, form_class, "pin_form", outbox=False)

    def dispute(self, service, message):
        """Dispute the entry, with a comment for the director."""
        return self._view(service, message, DisputeCommentForm, "dispute_form")

    def _view(self, service, message, form_class=None, form_name: str = "", *,
              outbox: bool = True):
        def answer(result):
            return message(result) if callable(message) else str(message)

        @require_POST
        def view(request, team_id: int, secret: str, entry_id: int):
            team = permissions.captain_team(team_id, secret)
            self.entry_of(team, entry_id)  # another table's entry: 404, as an unknown id

            def act(fields=None):
                return service(entry_id=entry_id, **{self.team_arg: team},
                               origin=Origin.from_request(request), **(fields or {}))

            if form_class is None:
                return answer_service(request, team, act, answer)
            return answer_with_form(
                request, team, form_class(request.POST), act, answer, outbox=outbox,
                page=lambda form: self.page(request, team, **{form_name: form}))

        return view
