"""A table's game in the REST API, for every format whose round's table is one game of two
pairs (``scoring.services.games``: free-deal pairs, the group games of groups then knockout):

- captains, through the pair's link: entering the game of its open table (``POST``), the
  other pair confirming or disputing it, or confirming it with its PIN on the entering pair's
  phone (the duplicate format's lockout: every attempt is kept, too many wrong ones lock the
  table for a while);
- directors: a round's games, one table's game and history, the director's result and
  confirmation.

What differs between formats is the format's answer, given as a :class:`GameSeam`: which
championships the endpoints serve, where a pair's link plays (its open table, refused with a
bye or a sit-out), who sits a round out, and the endpoints' tags and names. The rules of a
game are the format's too, asked by the services (``Format.check_game``); a refusal by them
is a 400 naming the request's field. :func:`game_urls` builds a format's endpoints; the
pair's read of its game (``GET``) is the format's (its settings, its bye or group), given as
a mixin with its own ``get``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from django.urls import path
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import status
from rest_framework.response import Response

from formats.base import Format
from scoring import permissions
from scoring.api import entries
from scoring.api.base import CaptainView, LinkReview
from scoring.api.director_championships import ERRORS
from scoring.api.idempotency import submission_key
from scoring.api.responses import IDEMPOTENCY, REFUSED
from scoring.api.serializers_games import (
    DirectorGameSerializer,
    EntryChoiceSerializer,
    GameAnswerSerializer,
    GameHistorySerializer,
    GameSubmitSerializer,
    PairPinSerializer,
    RoundGamesSerializer,
)
from scoring.models import GameEntry
from scoring.selectors import games as game_selectors
from scoring.serializers import DisputeSerializer
from scoring.services import Origin
from scoring.services import games as services
from scoring.services.values import GameRefused
from tournaments.models import Round, Table, Team

_HAND_FIELD = re.compile(r"hands\[(\d+)\](?:\.(\w+))?")


@dataclass(frozen=True)
class GameSeam:
    """A format's answers for its game endpoints.

    ``open_table(team, round_number=, table_number=)``: the pair's table in the open round,
    where its link enters a game; refused (a ``ScoringError``) with a bye or a sit-out or no
    round in play, and naming the field when the request names another round or table.
    ``round_byes(round_)``: the pairs sitting the round out, by number. ``operation``: the
    prefix of the endpoints' operation ids (``free_deal``); ``name``: of their URL names
    (``api-fd``)."""

    serves: Format
    tags: tuple[str, ...]
    operation: str
    name: str
    open_table: Callable[..., Table]
    round_byes: Callable[[Round], list[Team]]


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


class GameRefusals(entries.FieldRefusals):
    """A game refused by the rules is bad input: 400 naming the field (not 409)."""

    refused = GameRefused
    seam: GameSeam

    def refusal_fields(self, error: GameRefused) -> dict:
        return refusal_fields(error)


def answer(entry: GameEntry, table: Table, state: str, http_status=status.HTTP_200_OK):
    """A game after a captain's write: where, its state, the entry written or reviewed."""
    return Response(GameAnswerSerializer({
        "round": table.round.number, "table": table.number, "state": state, "entry": entry,
    }).data, status=http_status)


# --- Captains --------------------------------------------------------------------------------


class CaptainGameView(GameRefusals, CaptainView):
    """A pair's game, through its link (the format's mixin adds its ``get``)."""

    # The key is kept on the entry, in the entry's own transaction (services.submit_game).
    generic_idempotency = False

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
            return answer(earlier, earlier.table, game_selectors.entry_state(earlier))
        table = self.seam.open_table(team, round_number=data.get("round"),
                                     table_number=data.get("table"))
        entry, created = services.submit_game(
            team=team, table=table, values=serializer.values(), idempotency_key=key,
            origin=Origin.from_request(request))
        if created:
            return answer(entry, table, game_selectors.PENDING, status.HTTP_201_CREATED)
        return answer(entry, table, game_selectors.entry_state(entry))


class _PairReview(GameRefusals, LinkReview, CaptainView):
    def entry_of(self, team, entry_id: int) -> GameEntry:
        return permissions.game_entry_of(team, entry_id)


class CaptainConfirmView(_PairReview):
    def post(self, request, team_id: int, secret: str, entry_id: int):
        """The other pair confirms the entry: it counts from now on. Confirming twice is
        harmless (the first confirmation is kept)."""
        entry = self.reviewed(entry_id, services.confirm_game)
        return answer(entry, entry.table, game_selectors.CONFIRMED)


class CaptainPinView(_PairReview):
    def post(self, request, team_id: int, secret: str, entry_id: int):
        """The other pair confirms this pair's entry on this pair's phone by typing its PIN
        (rules.md 11.2). Every attempt is kept; a wrong PIN is a 409 ``pin_wrong``, and too
        many at the table lock PIN confirmation there for a while (``pin_locked``)."""
        entry = self.reviewed(entry_id, services.confirm_game_with_pin, PairPinSerializer)
        return answer(entry, entry.table, game_selectors.CONFIRMED)


class CaptainDisputeView(_PairReview):
    def post(self, request, team_id: int, secret: str, entry_id: int):
        """The other pair disputes the entry, saying what is wrong: the director settles it."""
        entry = self.reviewed(entry_id, services.dispute_game, DisputeSerializer)
        return answer(entry, entry.table, game_selectors.DISPUTED)


# --- Directors -------------------------------------------------------------------------------


class DirectorGameView(GameRefusals, entries.DirectorTableView):
    tables = Table.objects.select_related("round", "ns_team", "ew_team")

    def detail(self, table: Table) -> Response:
        game = game_selectors.table_game(table)
        return Response(GameHistorySerializer({
            "table": table, "state": game.state, "disputed_by": game.disputed_by,
            "latest": game.latest, "history": game_selectors.game_history(table),
        }).data)


class RoundGamesView(DirectorGameView):
    def get(self, request, pk: int, number: int):
        """Every table of the round: its pairs (first and second), the latest entry of its
        game and its state; the pairs sitting the round out; the tables still missing a
        confirmed game."""
        _championship, round_ = self.round_of(pk, number)
        games = game_selectors.round_games(round_)
        return Response(RoundGamesSerializer({
            "round": round_, "games": games, "byes": self.seam.round_byes(round_),
            "missing": game_selectors.missing_results(round_, games),
        }).data)


class GameView(DirectorGameView):
    def get(self, request, pk: int, number: int, table_number: int):
        """One table's game: its state, and every entry and review with who made it, when
        and from where."""
        return self.detail(self.table_of(pk, number, table_number))


class GameEnterView(DirectorGameView):
    def post(self, request, pk: int, number: int, table_number: int):
        """Enter or override the table's game: it counts at once, without confirmation (in
        a released or closed round). The earlier entries stay in the history."""
        table = self.table_of(pk, number, table_number)
        self.enter(table, services.director_set_game, DirectorGameSerializer)
        return self.detail(table)


class GameConfirmView(DirectorGameView):
    def post(self, request, pk: int, number: int, table_number: int):
        """Settle a pending or disputed entry of this table as it stands: it counts."""
        table = self.table_of(pk, number, table_number)
        self.settle(table, services.director_confirm_game, EntryChoiceSerializer)
        return self.detail(table)


# --- A format's endpoints --------------------------------------------------------------------


def _review(op: str, tags: list, body) -> extend_schema:
    return extend_schema(tags=tags, operation_id=op, request=body, parameters=[IDEMPOTENCY],
                         responses={200: GameAnswerSerializer, **REFUSED})


def _director_write(op: str, tags: list, body) -> extend_schema:
    return extend_schema(tags=tags, operation_id=op, request=body, parameters=[IDEMPOTENCY],
                         responses={200: GameHistorySerializer, **ERRORS})


def _endpoint(seam: GameSeam, base: type, bases: tuple = (), **schemas) -> Callable:
    """``base`` for the seam's format (with ``bases`` before it), its methods described by
    ``schemas``: a view of its own, so that each format's operations keep their own ids."""
    view = type(f"{seam.operation.title().replace('_', '')}{base.__name__}", (*bases, base),
                {"seam": seam, "serves": seam.serves, "__module__": base.__module__,
                 "__doc__": base.__doc__})
    return extend_schema_view(**schemas)(view).as_view()


def game_urls(seam: GameSeam, *, captain: str, games: str, captain_read: type) -> list:
    """The format's game endpoints: the link's at ``captain`` (its game, ``<entry>/confirm/``,
    ``<entry>/dispute/``, ``<entry>/pin/``), the director's at ``games`` (a round's, and
    ``<table>/``, ``<table>/enter/``, ``<table>/confirm/``). ``captain_read``: a mixin with
    the format's ``get`` of the pair's game (its own schema)."""
    op, tags, name = seam.operation, list(seam.tags), seam.name
    game = f"{games}<id:table_number>/"
    return [
        path(captain, _endpoint(seam, CaptainGameView, (captain_read,), post=extend_schema(
            tags=tags, operation_id=f"{op}_captain_submit", request=GameSubmitSerializer,
            parameters=[IDEMPOTENCY],
            responses={201: GameAnswerSerializer,
                       200: OpenApiResponse(GameAnswerSerializer, description="Already "
                                            "stored (same key)."), **REFUSED})),
             name=f"{name}-captain-game"),
        path(f"{captain}<id:entry_id>/confirm/", _endpoint(
            seam, CaptainConfirmView, post=_review(f"{op}_captain_confirm", tags, None)),
             name=f"{name}-captain-confirm"),
        path(f"{captain}<id:entry_id>/dispute/", _endpoint(
            seam, CaptainDisputeView,
            post=_review(f"{op}_captain_dispute", tags, DisputeSerializer)),
             name=f"{name}-captain-dispute"),
        path(f"{captain}<id:entry_id>/pin/", _endpoint(
            seam, CaptainPinView, post=_review(f"{op}_captain_pin", tags, PairPinSerializer)),
             name=f"{name}-captain-pin"),
        path(games, _endpoint(seam, RoundGamesView, get=extend_schema(
            tags=tags, operation_id=f"{op}_round_games",
            responses={200: RoundGamesSerializer, **entries.READ})),
             name=f"{name}-round-games"),
        path(game, _endpoint(seam, GameView, get=extend_schema(
            tags=tags, operation_id=f"{op}_game",
            responses={200: GameHistorySerializer, **entries.READ})),
             name=f"{name}-game"),
        path(f"{game}enter/", _endpoint(seam, GameEnterView, post=_director_write(
            f"{op}_game_enter", tags, DirectorGameSerializer)), name=f"{name}-game-enter"),
        path(f"{game}confirm/", _endpoint(seam, GameConfirmView, post=_director_write(
            f"{op}_game_confirm", tags, EntryChoiceSerializer)), name=f"{name}-game-confirm"),
    ]
