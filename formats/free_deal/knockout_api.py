"""The knockout stage in the REST API (rules.md 11.3), beside ``formats.free_deal.api``:

- ``championships/<id>/free-deal/knockout/``: the bracket (``GET``; its directors live,
  everyone once the results are published), the core's (``scoring.api.knockout``);
- ``.../knockout/start/``: a director draws the bracket from the final Swiss ranking (this
  format's own);
- ``.../knockout/rounds/<n>/ties/<k>/games/``: a director enters the next game of tie ``k``
  of knockout round ``n`` (both from 1, as the bracket lists them), the core's;
- ``captain/<team>/<secret>/free-deal/knockout/``: a pair's tie through its link (read,
  report, ``<entry>/confirm/``, ``<entry>/dispute/``), the core's
  (``scoring.api.knockout_captains``).

``services.knockout`` starts the stage: a refusal naming a request field would be a 400, any
other (the Swiss not over, already started) a 409.
"""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import status

from formats import FREE_DEAL_PAIRS
from formats.free_deal import services
from scoring.api.base import DirectorView
from scoring.api.director_championships import ERRORS
from scoring.api.knockout import (
    CONFLICT,
    BracketSerializer,
    KnockoutSeam,
    bracket_answer,
    knockout_urls,
    refused,
)
from scoring.api.knockout_captains import captain_knockout_urls
from tournaments.services.common import ServiceError

TAGS = ["free-deal"]

#: The free-deal knockout's answers for the core's knockout endpoints.
KNOCKOUT = KnockoutSeam(
    serves=FREE_DEAL_PAIRS, tags=tuple(TAGS), operation="free_deal", name="api-fd",
    size=lambda championship, rounds: services.settings_of(championship).knockout_size)


class BracketStartView(DirectorView):
    serves = FREE_DEAL_PAIRS

    @extend_schema(tags=TAGS, operation_id="free_deal_knockout_start", request=None,
                   responses={201: BracketSerializer, **ERRORS, **CONFLICT})
    def post(self, request, pk: int):
        """Draw the bracket from the final Swiss ranking (once every Swiss round is closed,
        and if the settings ask for a knockout stage); only once."""
        championship = self.championship(pk)
        try:
            services.start_knockout(championship, **self.who())
        except ServiceError as error:
            return refused(error, ())
        return bracket_answer(KNOCKOUT, championship, status.HTTP_201_CREATED)


K = "championships/<id:pk>/free-deal/knockout/"

urlpatterns = [
    *knockout_urls(KNOCKOUT, bracket=K),
    path(f"{K}start/", BracketStartView.as_view(), name="api-fd-knockout-start"),
    *captain_knockout_urls(KNOCKOUT, captain="captain/<id:team_id>/<str:secret>/free-deal/knockout/"),
]
