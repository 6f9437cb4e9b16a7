"""The free-deal REST API (rules.md 11) under ``/api/v1/``, with its URLs at the end of this
module (``scoring.api.urls`` includes them):

- captains, through the pair's link: its game (``GET``) and entering it (``POST``)
  ``captain/<team>/<secret>/free-deal/game/``; confirming or disputing the other pair's
  entry, ``.../game/<entry>/confirm/`` and ``.../dispute/``; the other pair confirming with
  its PIN on the entering pair's phone, ``.../game/<entry>/pin/`` (the duplicate format's
  lockout: every attempt is kept, too many wrong ones lock the table for a while);
- directors: a round's games ``championships/<id>/free-deal/rounds/<n>/games/``, one
  table's game and history ``.../games/<table>/``, the director's result ``.../enter/`` and
  confirmation ``.../confirm/``;
- results readers (directors live; everyone once published, closed rounds only): the
  ranking ``championships/<id>/free-deal/standings/``.

The game endpoints (a captain's and a director's) are the core's (``scoring.api.games``),
given this format's answers (``GAMES``: where a pair's link plays, the round's byes) and its
pair's read of its game (``CaptainGameRead``). Everything else is the shared API: the championship (``format`` and its ``free_deal``
settings), pairs, rounds (``rounds/generate/`` pairs the next Swiss round through the
format), release and close. As everywhere in the API, the views call the services and
selectors the pages call and ask the same permissions; the endpoints of this module refuse
a championship of another format (409), as the duplicate ones refuse a free-deal one.
"""

from __future__ import annotations

from django.urls import path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

import scoring.api.converters  # noqa: F401 (registers the "id" converter)
from formats import FREE_DEAL_PAIRS
from formats.free_deal import permissions, selectors
from formats.free_deal.exports.data import section_names
from formats.free_deal.serializers import (
    CaptainGameSerializer,
    PairSectionsSerializer,
    RankingLineSerializer,
)
from formats.free_deal.services import settings_of
from formats.free_deal.services.sections import assign_sections, sections_of
from scoring.api import entries, public
from scoring.api.base import DirectorView
from scoring.api.director_championships import ERRORS
from scoring.api.games import GameSeam, game_urls

TAGS = ["free-deal"]


class CaptainGameRead:
    """A pair's game, through its link: the free-deal read (the core's ``scoring.api.games``
    adds entering it)."""

    @extend_schema(tags=TAGS, operation_id="free_deal_captain_game",
                   responses={200: CaptainGameSerializer, **entries.CAPTAIN_READ})
    def get(self, request, team_id: int, secret: str):
        """The pair's table in the round in play (else its latest table, or none yet), the
        opponent, the game's state and latest entry, and the game's settings."""
        team = self.team()
        position = selectors.team_game(team)
        table, game = position.table, position.game
        return Response(CaptainGameSerializer({
            "round": table.round.number if table else None,
            "table": table.number if table else None,
            "open": position.writable, "we_are": position.we_are, "opponent": position.opponent,
            "bye_round": position.bye_round.number if position.bye_round else None,
            "state": game.state if game else None, "entry": game.latest if game else None,
            "settings": settings_of(team.championship),
        }).data)


#: The free-deal answers for the core's game endpoints.
GAMES = GameSeam(serves=FREE_DEAL_PAIRS, tags=tuple(TAGS), operation="free_deal", name="api-fd",
                 open_table=permissions.captain_open_table, round_byes=selectors.round_byes)


# --- Sections --------------------------------------------------------------------------------


class PairSectionsView(DirectorView):
    """Which section each pair plays in (the sections themselves are the ``free_deal``
    settings' ``sections``)."""

    serves = FREE_DEAL_PAIRS

    def answer(self, championship) -> Response:
        names = section_names(championship.pk)
        return Response(PairSectionsSerializer({
            "sections": [s.name for s in sections_of(championship)],
            "pairs": [{"pair": t.number, "name": t.name, "section": names.get(t.pk, "")}
                      for t in championship.teams.order_by("number")],
        }).data)

    @extend_schema(tags=TAGS, operation_id="free_deal_pair_sections",
                   responses={200: PairSectionsSerializer, **entries.READ})
    def get(self, request, pk: int):
        """The sections, in order, and the section of every pair."""
        return self.answer(self.championship(pk))

    @extend_schema(tags=TAGS, operation_id="free_deal_pair_sections_set",
                   request=PairSectionsSerializer,
                   responses={200: PairSectionsSerializer, **ERRORS})
    def put(self, request, pk: int):
        """Put the listed pairs in the named sections (empty: none); all or nothing, and
        refused once round 1 has been paired. An unknown pair or section is a 400 naming
        the field."""
        championship = self.championship(pk)
        serializer = self.valid(PairSectionsSerializer)
        by_number = dict(championship.teams.values_list("number", "pk"))
        placements = {}
        for index, row in enumerate(serializer.validated_data["pairs"]):
            if row["pair"] not in by_number:
                raise ValidationError({"pairs": {index: {"pair": [
                    _("No pair has the number %(number)s.") % {"number": row["pair"]}]}}})
            placements[by_number[row["pair"]]] = row["section"]
        assign_sections(championship, placements)
        return self.answer(championship)


# --- The ranking -----------------------------------------------------------------------------


class StandingsView(public.FormatStandingsView):
    serves = FREE_DEAL_PAIRS
    line_serializer = RankingLineSerializer

    @extend_schema(tags=TAGS, operation_id="free_deal_standings", parameters=[public.AFTER],
                   responses=public.standings_responses(RankingLineSerializer))
    def get(self, request, pk: int):
        """Each pair's place, games, wins, draws, losses and byes, match points, points for
        and against, point difference and Buchholz (rules.md 11.3), best first."""
        return self.standings(request, pk)

    def lines(self, championship, scope) -> list:
        return selectors.ranking_in_scope(scope)


# --- URLs ------------------------------------------------------------------------------------

CAPTAIN = "captain/<id:team_id>/<str:secret>/free-deal/game/"
C = "championships/<id:pk>/free-deal/"

urlpatterns = [
    *game_urls(GAMES, captain=CAPTAIN, games=f"{C}rounds/<id:number>/games/",
               captain_read=CaptainGameRead),
    path(f"{C}standings/", StandingsView.as_view(), name="api-fd-standings"),
    path(f"{C}sections/", PairSectionsView.as_view(), name="api-fd-sections"),
]

# The knockout stage's endpoints (rules.md 11.3).
from formats.free_deal.knockout_api import urlpatterns as _knockout_urls  # noqa: E402

urlpatterns += _knockout_urls
