"""The groups-then-knockout REST API (rules.md 12) under ``/api/v1/``, joined through
``Format.api_urlpatterns``:

- the group games, the core's endpoints (``scoring.api.games``) given this format's answers
  (``GAMES``: where a pair's link plays, who sits a round out): a captain's
  ``captain/<team>/<secret>/group-game/`` (its game, entering it, ``<entry>/confirm/``,
  ``<entry>/dispute/``, ``<entry>/pin/``) and a director's
  ``championships/<id>/groups/rounds/<n>/games/`` (a round's, ``<table>/``, ``enter/``,
  ``confirm/``);
- results readers (directors live; everyone once published, closed rounds only, ``?after=N``
  an earlier closed round, as the pages): the groups with their pairs
  ``championships/<id>/groups/`` and each group's standing ``.../groups/standings/``;
- directors: who goes through ``.../groups/going-through/`` (rules.md 12.3), with the ties
  waiting for a draw and the kept draws, and recording a draw between level pairs
  ``.../groups/going-through/draw/`` (the page's action: ``services.draws.record_draw``);
- the knockout stage (rules.md 12.3, 12.4): ``knockout_api``.

The views call the reads the pages call and ask the same permissions; they refuse a
championship of another format (409).
"""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response

import scoring.api.converters  # noqa: F401 (registers the "id" converter)
from formats import GROUPS_KNOCKOUT
from formats.groups_knockout import game_selectors
from formats.groups_knockout.api_serializers import (
    CaptainGroupGameSerializer,
    DrawSerializer,
    GoingThroughSerializer,
    GroupSerializer,
    GroupStandingLineSerializer,
)
from formats.groups_knockout.game_views import open_table
from formats.groups_knockout.selectors import groups_view
from formats.groups_knockout.services import settings_of
from formats.groups_knockout.services.draws import record_draw
from formats.groups_knockout.standings import going_through, group_stage
from scoring.api import entries, public
from scoring.api.base import DirectorView, PublicView
from scoring.api.director_championships import ERRORS
from scoring.api.games import GameSeam, game_urls
from scoring.api.knockout import CONFLICT, refused
from scoring.selectors.games import table_game
from tournaments.models import Round
from tournaments.services.common import ServiceError

TAGS = ["groups-knockout"]


class CaptainGroupGameRead:
    """A pair's group game, through its link (the core's ``scoring.api.games`` adds entering
    it)."""

    @extend_schema(tags=TAGS, operation_id="groups_captain_game",
                   responses={200: CaptainGroupGameSerializer, **entries.CAPTAIN_READ})
    def get(self, request, team_id: int, secret: str):
        """The pair's table in the round in play (else its latest table, or none yet), the
        opponent, its group, the game's state and latest entry, the open round it sits out,
        and the settings."""
        team = self.team()
        table = game_selectors.team_table(team)
        game = table_game(table) if table is not None else None
        first = table is not None and table.ns_team_id == team.pk
        sit_out = game_selectors.open_sit_out_round(team)
        return Response(CaptainGroupGameSerializer({
            "round": table.round.number if table else None,
            "table": table.number if table else None,
            "open": (table is not None and table.round.status == Round.Status.RELEASED
                     and not team.withdrawn and table.bye_team_id is None),
            "we_are": None if table is None else ("first" if first else "second"),
            "opponent": None if table is None else (table.ew_team if first else table.ns_team),
            "group": game_selectors.group_letter_of(team),
            "sit_out_round": sit_out.number if sit_out else None,
            "state": game.state if game else None, "entry": game.latest if game else None,
            "settings": settings_of(team.championship),
        }).data)


#: The group games' answers for the core's game endpoints.
GAMES = GameSeam(serves=GROUPS_KNOCKOUT, tags=tuple(TAGS), operation="groups", name="api-gk",
                 open_table=open_table, round_byes=game_selectors.sitting_out)


# --- The groups and their standings ----------------------------------------------------------


class GroupsView(PublicView):
    serves = GROUPS_KNOCKOUT
    pagination_class = None  # a few groups: every one in one answer

    @extend_schema(tags=TAGS, operation_id="groups_groups",
                   responses={200: GroupSerializer(many=True), **public.NOT_FOUND})
    def get(self, request, pk: int):
        """Each group (A first) with its pairs in position order, for whoever may read the
        results (rules.md 12.1)."""
        championship = self.checked(public.published_results(request, pk).championship)
        return Response(GroupSerializer([
            {"letter": group.letter,
             "pairs": [{"position": n, "team": team} for n, team in enumerate(group.pairs, 1)]}
            for group in groups_view(championship)], many=True).data)


class GroupStandingsView(public.FormatStandingsView):
    serves = GROUPS_KNOCKOUT
    line_serializer = GroupStandingLineSerializer

    @extend_schema(tags=TAGS, operation_id="groups_standings", parameters=[public.AFTER],
                   responses=public.standings_responses(GroupStandingLineSerializer))
    def get(self, request, pk: int):
        """Every group's standing (rules.md 12.2), group A first, each best first: games,
        wins, losses, match points, points for and against, and how the pair goes through
        once every group game counts. The scope of the standings page: the public the
        closed rounds, a director every confirmed game, ``?after=N`` an earlier closed
        round."""
        return self.standings(request, pk)

    def lines(self, championship, scope) -> list:
        stage = group_stage(championship, up_to=None if scope.live else scope.after)
        return [{"group": group.letter, "place": row.place, "row": row}
                for group in stage.groups for row in group.rows]


class GoingThroughView(DirectorView):
    serves = GROUPS_KNOCKOUT

    @extend_schema(tags=TAGS, operation_id="groups_going_through",
                   responses={200: GoingThroughSerializer, **entries.READ})
    def get(self, request, pk: int):
        """Who goes through (rules.md 12.3), from every confirmed group game: the seeds with
        their group and place, the pairs left out of the repechage, the byes and the seeded
        first round; before every game counts, only how many are missing."""
        return going_through_answer(self.championship(pk))


def draw_ties(ties) -> list[dict]:
    return [{"letter": tie.letter or None, "pairs": [team.number for team in tie.teams]}
            for tie in ties]


def going_through_answer(championship, code: int = status.HTTP_200_OK) -> Response:
    """Who goes through as ``GoingThroughView`` reads it (four queries, ``going_through``)."""
    page = going_through(championship)
    return Response(GoingThroughSerializer({
        "stage": page.stage, "excluded": page.excluded, "byes": page.byes,
        "ties": page.ties,
        "seeds": [{"seed": seed, "team": team, "group": group, "place": place,
                   "through": through} for seed, team, group, place, through in page.seeds],
        "draws_needed": draw_ties(page.stage.draws_needed),
        "drawn": draw_ties(page.stage.drawn),
    }).data, status=code)


class DrawView(DirectorView):
    serves = GROUPS_KNOCKOUT

    @extend_schema(tags=TAGS, operation_id="groups_going_through_draw", request=DrawSerializer,
                   responses={201: GoingThroughSerializer, **ERRORS, **CONFLICT})
    def post(self, request, pk: int):
        """Keep the draw of a tie between pairs level on every figure (rules.md 12.2, 12.3):
        ``pairs`` exactly the pairs of a tie in ``draws_needed``, in the order drawn at the
        venue (best first), or with ``for_me`` in an order the server draws. Answers who goes
        through. Pairs that are not such a tie, or a draw before every group game counts,
        are a 400 naming ``pairs``; once who goes through is confirmed, or the championship
        finished, a 409 saying why."""
        championship = self.championship(pk)
        data = self.valid(DrawSerializer).validated_data
        try:
            record_draw(championship, data["pairs"], for_me=data["for_me"], **self.who())
        except ServiceError as error:
            return refused(error, ("pairs",))
        return going_through_answer(championship, status.HTTP_201_CREATED)


# --- URLs ------------------------------------------------------------------------------------

C = "championships/<id:pk>/groups/"

urlpatterns = [
    *game_urls(GAMES, captain="captain/<id:team_id>/<str:secret>/group-game/",
               games=f"{C}rounds/<id:number>/games/", captain_read=CaptainGroupGameRead),
    path(C, GroupsView.as_view(), name="api-gk-groups"),
    path(f"{C}standings/", GroupStandingsView.as_view(), name="api-gk-standings"),
    path(f"{C}going-through/", GoingThroughView.as_view(), name="api-gk-going-through"),
    path(f"{C}going-through/draw/", DrawView.as_view(), name="api-gk-going-through-draw"),
]
