"""The API's views by audience: who the caller is, what it may reach, how its writes are
throttled and made idempotent. The rules themselves are the pages' (``scoring.permissions``,
``tournaments.selectors``)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.views import APIView

from scoring import permissions
from scoring.api.idempotency import IdempotentMixin
from scoring.api.pagination import Pagination
from scoring.api.throttles import CaptainWriteThrottle
from scoring.services import Origin
from tournaments import audit
from tournaments import selectors as tournament_selectors
from tournaments.models import Championship, Round, Team


class ApiView(IdempotentMixin, APIView):
    pagination_class = Pagination

    def idempotency_scope(self, request) -> str:
        return f"user:{request.user.pk}" if request.user.is_authenticated else "anonymous"


class DirectorView(ApiView):
    """A director's endpoint: session or API token; a championship the caller does not
    direct is a 404, as on the pages."""

    permission_classes = [IsAuthenticated]

    def championship(self, pk: int) -> Championship:
        return tournament_selectors.championship_for_director(self.request.user, pk)

    def round_of(self, pk: int, number: int) -> tuple[Championship, Round]:
        return permissions.director_round(self.request.user, pk, number)

    def team(self, championship: Championship, team_pk: int) -> Team:
        return get_object_or_404(championship.teams, pk=team_pk)

    def who(self) -> dict:
        """Who acts and from where, for services that record an audit event."""
        return {"by": self.request.user, "origin": audit.origin_of(self.request)}

    def scoring_origin(self) -> Origin:
        return Origin.from_request(self.request)


class CaptainView(ApiView):
    """Through a team's private link: the secret in the path is the credential (no login,
    no session, so no CSRF)."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    def team(self) -> Team:
        """The link's team; a write is counted against the link once the link is known
        good (a wrong link is a 404 and writes nothing)."""
        team = permissions.captain_team(self.kwargs["team_id"], self.kwargs["secret"])
        throttle = CaptainWriteThrottle()
        if not throttle.allow_request(self.request, self):
            self.throttled(self.request, throttle.wait())
        return team

    def idempotency_scope(self, request) -> str:
        # The link is checked before a stored answer is given back: a wrong secret with the
        # right team number and key must not read the first answer.
        team = permissions.captain_team(self.kwargs["team_id"], self.kwargs["secret"])
        return f"team:{team.pk}"


class PublicView(ApiView):
    """What the public pages show; a director of the championship sees it live."""

    permission_classes = [AllowAny]
