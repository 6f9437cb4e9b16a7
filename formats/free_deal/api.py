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

Everything else is the shared API: the championship (``format`` and its ``free_deal``
settings), pairs, rounds (``rounds/generate/`` pairs the next Swiss round through the
format), release and close. As everywhere in the API, the views call the services and
selectors the pages call and ask the same permissions; the endpoints of this module refuse
a championship of another format (409), as the duplicate ones refuse a free-deal one.
"""

from __future__ import annotations

import re

from django.urls import path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

import scoring.api.converters  # noqa: F401 (registers the "id" converter)
from formats import FREE_DEAL_PAIRS
from formats.free_deal import permissions, selectors, services
from formats.free_deal.exports.data import section_names
from formats.free_deal.serializers import (
    CaptainGameSerializer,
    DirectorGameSerializer,
    EntryChoiceSerializer,
    GameAnswerSerializer,
    GameHistorySerializer,
    GameSubmitSerializer,
    PairPinSerializer,
    PairSectionsSerializer,
    RankingLineSerializer,
    RoundGamesSerializer,
)
from formats.free_deal.services import settings_of
from formats.free_deal.services.sections import assign_sections, sections_of
from scoring.api import entries, public
from scoring.api.base import CaptainView, DirectorView, LinkReview
from scoring.api.director_championships import ERRORS
from scoring.api.idempotency import submission_key
from scoring.api.responses import IDEMPOTENCY, REFUSED
from scoring.models import GameEntry
from scoring.serializers import DisputeSerializer
from scoring.services import Origin
from scoring.services.values import GameRefused
from tournaments.models import Table

TAGS = ["free-deal"]
_HAND_FIELD = re.compile(r"hands\[(\d+)\](?:\.(\w+))?")


def refusal_fields(error: GameRefused) -> dict:
    """The rules' refusal under the request's own field names: ``hands[3].points`` as a
    list item's field, ``{"hands": {"3": {"points": [...]}}}`` (as the serializers show
    it); ``points`` (both pairs' points together) under both points fields."""
    message = [error.message]
    if error.field == "points":
        return {"first_points": message, "second_points": message}
    hand = _HAND_FIELD.fullmatch(error.field or "")
    if hand is not None:
        index, name = hand.groups()
        return {"hands": {index: {name: message} if name else message}}
    return {error.field or "non_field_errors": message}


class _GameRefusals(entries.FieldRefusals):
    """A game refused by the rules is bad input: 400 naming the field (not 409)."""

    serves = FREE_DEAL_PAIRS
    refused = GameRefused

    def refusal_fields(self, error: GameRefused) -> dict:
        return refusal_fields(error)


# --- Captains --------------------------------------------------------------------------------


def _answer(entry: GameEntry, table: Table, state: str, http_status=status.HTTP_200_OK):
    return Response(GameAnswerSerializer({
        "round": table.round.number, "table": table.number, "state": state, "entry": entry,
    }).data, status=http_status)


class CaptainGameView(_GameRefusals, CaptainView):
    """A pair's game, through its link."""

    # The key is kept on the entry, in the entry's own transaction (services.submit_game).
    generic_idempotency = False

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

    @extend_schema(
        tags=TAGS, operation_id="free_deal_captain_submit", request=GameSubmitSerializer,
        parameters=[IDEMPOTENCY],
        responses={201: GameAnswerSerializer,
                   200: OpenApiResponse(GameAnswerSerializer, description="Already stored "
                                        "(same key)."), **REFUSED})
    def post(self, request, team_id: int, secret: str):
        """Enter the game of the pair's table in the round in play: both pairs' points, how
        it ended, the hands played, optionally hand by hand. It waits for the other pair's
        confirmation. Refused, naming the field, when the rules say it cannot be."""
        team = self.team()
        serializer = self.valid(GameSubmitSerializer)
        data = serializer.validated_data
        key = submission_key(request, team.pk, data.get("idempotency_key"))
        earlier = services.earlier_submission(team=team, idempotency_key=key)
        if earlier is not None:
            # Sent again: its first answer, even once its round has closed and the next is
            # in play (the pair's open table is then the new round's).
            return _answer(earlier, earlier.table, selectors.entry_state(earlier))
        table = permissions.captain_open_table(team, round_number=data.get("round"),
                                               table_number=data.get("table"))
        entry, created = services.submit_game(
            team=team, table=table, values=serializer.values(), idempotency_key=key,
            origin=Origin.from_request(request))
        if created:
            return _answer(entry, table, selectors.PENDING, status.HTTP_201_CREATED)
        return _answer(entry, table, selectors.entry_state(entry))


class _PairReview(_GameRefusals, LinkReview, CaptainView):
    def entry_of(self, team, entry_id: int) -> GameEntry:
        return permissions.captain_entry(team, entry_id)


class CaptainConfirmView(_PairReview):
    @extend_schema(tags=TAGS, operation_id="free_deal_captain_confirm", request=None,
                   parameters=[IDEMPOTENCY], responses={200: GameAnswerSerializer, **REFUSED})
    def post(self, request, team_id: int, secret: str, entry_id: int):
        """The other pair confirms the entry: it counts from now on. Confirming twice is
        harmless (the first confirmation is kept)."""
        entry = self.reviewed(entry_id, services.confirm_game)
        return _answer(entry, entry.table, selectors.CONFIRMED)


class CaptainPinView(_PairReview):
    @extend_schema(tags=TAGS, operation_id="free_deal_captain_pin", request=PairPinSerializer,
                   parameters=[IDEMPOTENCY], responses={200: GameAnswerSerializer, **REFUSED})
    def post(self, request, team_id: int, secret: str, entry_id: int):
        """The other pair confirms this pair's entry on this pair's phone by typing its PIN
        (rules.md 11.2). Every attempt is kept; a wrong PIN is a 409 ``pin_wrong``, and too
        many at the table lock PIN confirmation there for a while (``pin_locked``)."""
        entry = self.reviewed(entry_id, services.confirm_game_with_pin, PairPinSerializer)
        return _answer(entry, entry.table, selectors.CONFIRMED)


class CaptainDisputeView(_PairReview):
    @extend_schema(tags=TAGS, operation_id="free_deal_captain_dispute", request=DisputeSerializer,
                   parameters=[IDEMPOTENCY], responses={200: GameAnswerSerializer, **REFUSED})
    def post(self, request, team_id: int, secret: str, entry_id: int):
        """The other pair disputes the entry, saying what is wrong: the director settles it."""
        entry = self.reviewed(entry_id, services.dispute_game, DisputeSerializer)
        return _answer(entry, entry.table, selectors.DISPUTED)


# --- Directors -------------------------------------------------------------------------------


class _DirectorGameView(_GameRefusals, entries.DirectorTableView):
    tables = Table.objects.select_related("round", "ns_team", "ew_team")

    def detail(self, table: Table) -> Response:
        game = selectors.table_game(table)
        return Response(GameHistorySerializer({
            "table": table, "state": game.state, "disputed_by": game.disputed_by,
            "latest": game.latest, "history": selectors.game_history(table),
        }).data)


class RoundGamesView(_DirectorGameView):
    @extend_schema(tags=TAGS, operation_id="free_deal_round_games",
                   responses={200: RoundGamesSerializer, **entries.READ})
    def get(self, request, pk: int, number: int):
        """Every table of the round: its pairs (first and second), the latest entry of its
        game and its state; the round's bye; the tables still missing a confirmed game."""
        _championship, round_ = self.round_of(pk, number)
        games = selectors.round_games(round_)
        return Response(RoundGamesSerializer({
            "round": round_, "games": games, "byes": selectors.round_byes(round_),
            "missing": selectors.missing_results(round_, games),
        }).data)


class GameView(_DirectorGameView):
    @extend_schema(tags=TAGS, operation_id="free_deal_game",
                   responses={200: GameHistorySerializer, **entries.READ})
    def get(self, request, pk: int, number: int, table_number: int):
        """One table's game: its state, and every entry and review with who made it, when
        and from where."""
        return self.detail(self.table_of(pk, number, table_number))


class GameEnterView(_DirectorGameView):
    @extend_schema(tags=TAGS, operation_id="free_deal_game_enter",
                   request=DirectorGameSerializer, parameters=[IDEMPOTENCY],
                   responses={200: GameHistorySerializer, **ERRORS})
    def post(self, request, pk: int, number: int, table_number: int):
        """Enter or override the table's game: it counts at once, without confirmation (in
        a released or closed round). The earlier entries stay in the history."""
        table = self.table_of(pk, number, table_number)
        self.enter(table, services.director_set_game, DirectorGameSerializer)
        return self.detail(table)


class GameConfirmView(_DirectorGameView):
    @extend_schema(tags=TAGS, operation_id="free_deal_game_confirm",
                   request=EntryChoiceSerializer, parameters=[IDEMPOTENCY],
                   responses={200: GameHistorySerializer, **ERRORS})
    def post(self, request, pk: int, number: int, table_number: int):
        """Settle a pending or disputed entry of this table as it stands: it counts."""
        table = self.table_of(pk, number, table_number)
        self.settle(table, services.director_confirm_game, EntryChoiceSerializer)
        return self.detail(table)


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
GAMES = f"{C}rounds/<id:number>/games/"
GAME = f"{GAMES}<id:table_number>/"

urlpatterns = [
    path(CAPTAIN, CaptainGameView.as_view(), name="api-fd-captain-game"),
    path(f"{CAPTAIN}<id:entry_id>/confirm/", CaptainConfirmView.as_view(),
         name="api-fd-captain-confirm"),
    path(f"{CAPTAIN}<id:entry_id>/dispute/", CaptainDisputeView.as_view(),
         name="api-fd-captain-dispute"),
    path(f"{CAPTAIN}<id:entry_id>/pin/", CaptainPinView.as_view(), name="api-fd-captain-pin"),
    path(GAMES, RoundGamesView.as_view(), name="api-fd-round-games"),
    path(GAME, GameView.as_view(), name="api-fd-game"),
    path(f"{GAME}enter/", GameEnterView.as_view(), name="api-fd-game-enter"),
    path(f"{GAME}confirm/", GameConfirmView.as_view(), name="api-fd-game-confirm"),
    path(f"{C}standings/", StandingsView.as_view(), name="api-fd-standings"),
    path(f"{C}sections/", PairSectionsView.as_view(), name="api-fd-sections"),
]

# The knockout stage's endpoints (rules.md 11.3).
from formats.free_deal.knockout_api import urlpatterns as _knockout_urls  # noqa: E402

urlpatterns += _knockout_urls
