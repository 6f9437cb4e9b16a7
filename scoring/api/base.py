"""The API's views by audience: who the caller is, what it may reach, how its writes are
throttled and made idempotent. The rules themselves are the pages' (``scoring.permissions``,
``tournaments.selectors``)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.views import APIView

from formats import format_of
from formats.base import Format
from scoring import permissions
from scoring.api.errors import WrongFormat
from scoring.api.idempotency import IdempotentMixin
from scoring.api.pagination import Pagination
from scoring.api.throttles import CaptainWriteThrottle
from scoring.services import Origin
from tournaments import audit
from tournaments import selectors as tournament_selectors
from tournaments.models import Championship, Round, Team


def check_format(championship: Championship, serves: Format | None) -> Championship:
    """The championship, if the endpoint serves its format (``serves``; ``None``: every
    format); else :class:`~scoring.api.errors.WrongFormat` (409) saying which it is. Asked
    once the caller may see the championship, so that the refusal tells a stranger
    nothing."""
    if serves is None or championship.format == serves.key:
        return championship
    fmt = format_of(championship)
    if serves.has_deals and not fmt.has_deals:
        message = _("This championship's format (“%(format)s”) has no deals: this endpoint "
                    "serves “%(wanted)s” championships.")
    else:
        message = _("This endpoint serves “%(wanted)s” championships; this championship's "
                    "format is “%(format)s”.")
    raise WrongFormat(message % {"format": fmt.label, "wanted": serves.label})


class ApiView(IdempotentMixin, APIView):
    pagination_class = Pagination
    #: The format whose championships the endpoint serves; ``None``: every format.
    serves: Format | None = None

    def idempotency_scope(self, request) -> str:
        return f"user:{request.user.pk}" if request.user.is_authenticated else "anonymous"

    def checked(self, championship: Championship) -> Championship:
        return check_format(championship, self.serves)

    def valid(self, serializer_class):
        """The request's body checked by ``serializer_class``: the serializer, or a 400
        naming each field."""
        serializer = serializer_class(data=self.request.data)
        serializer.is_valid(raise_exception=True)
        return serializer


class DirectorView(ApiView):
    """A director's endpoint: session or API token; a championship the caller does not
    direct is a 404, as on the pages."""

    permission_classes = [IsAuthenticated]

    def championship(self, pk: int) -> Championship:
        return self.checked(tournament_selectors.championship_for_director(self.request.user, pk))

    def round_of(self, pk: int, number: int) -> tuple[Championship, Round]:
        championship = self.championship(pk)
        return championship, get_object_or_404(Round, championship=championship, number=number)

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
        self.checked(team.championship)
        throttle = CaptainWriteThrottle()
        if not throttle.allow_request(self.request, self):
            self.throttled(self.request, throttle.wait())
        return team

    def idempotency_scope(self, request) -> str:
        # The link is checked before a stored answer is given back: a wrong secret with the
        # right team number and key must not read the first answer.
        team = permissions.captain_team(self.kwargs["team_id"], self.kwargs["secret"])
        return f"team:{team.pk}"


class LinkReview:
    """Mixin of a :class:`CaptainView`: another player or team at the table reviews an entry
    through its own link (confirms, disputes, confirms with a PIN). The format says how its
    link reaches an entry (:meth:`entry_of`: a 404 for one at another table) and how its
    review services name the entry's id and the link's team."""

    entry_arg = "entry_id"
    team_arg = "team"

    def entry_of(self, team, entry_id: int):
        raise NotImplementedError

    def reviewed(self, entry_id: int, service, body=None):
        """The link's team reviews the entry through ``service``, with the fields of the
        request's body checked by ``body`` (a serializer class; none for a bare
        confirmation); returns the entry."""
        team = self.team()
        entry = self.entry_of(team, entry_id)
        fields = self.valid(body).validated_data if body is not None else {}
        service(**{self.entry_arg: entry.pk, self.team_arg: team},
                origin=Origin.from_request(self.request), **fields)
        return entry


class PublicView(ApiView):
    """What the public pages show; a director of the championship sees it live."""

    permission_classes = [AllowAny]
