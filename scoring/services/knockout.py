"""A knockout bracket (rules.md 11.3, 12.4): storing its ties and entering its games.

The bracket is the engine's (``engine.free_deal.knockout``); how its pairs are picked and
seeded is the format's (free-deal pairs: the top of the final Swiss ranking, seeded 1 v N).
Storing the bracket stores every tie at once (the later rounds' pairs empty); each game is
a row of its own with who, when and from where, and when a game decides its tie the winner
goes on to the next round's tie at once. How many games decide a tie is the format's
answer (``Format.knockout_best_of``). Each write locks the championship's row, so two
directors entering games of one bracket are serialised. Refusals raise ``ServiceError``
with a translated message, naming the field when there is one.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from engine.free_deal import knockout as ko
from formats import format_of
from scoring.models import KnockoutGame, KnockoutTie
from scoring.services import live_events
from scoring.services.knockout_settle import THIRD_PLACE_SLOT, settle_bracket
from scoring.services.values import Origin
from tournaments import audit
from tournaments.models import AuditEvent, Championship
from tournaments.services.common import ServiceError, lock_championship
from tournaments.services.places import keep_final_places

#: The most points a knockout game's pair may have (as the Swiss games' fields allow).
MAX_POINTS = 999


def check_not_drawn(championship: Championship) -> None:
    """Refuse drawing a second bracket: a championship has one knockout stage."""
    if KnockoutTie.objects.filter(championship=championship).exists():
        raise ServiceError(_("The knockout stage has already started."))


@transaction.atomic
def store_bracket(championship: Championship, bracket: ko.Bracket, *, by=None, origin=None,
                  third_place: bool = False, note: str = "") -> list[KnockoutTie]:
    """Store every tie of the engine's ``bracket`` (the first round's pairs and seeds set,
    the later rounds' empty), in the caller's transaction, under its lock of the
    championship. A first-round tie with one pair is a bye: that pair goes through at once
    (a tie with none sends nobody on). ``third_place`` adds the game between the losing
    semi-finalists (``knockout_settle``). Audited: who drew it, the first round's pairings
    by pair number ("-" for a bye), and the caller's ``note`` (a swap of seeds, say)."""
    ties = [
        KnockoutTie(championship=championship, stage=tie.round, slot=tie.number,
                    first=tie.top, second=tie.bottom, first_seed=tie.top_seed,
                    second_seed=tie.bottom_seed)
        for stage in bracket.rounds for tie in stage
    ]
    if third_place and len(bracket.rounds) >= 2:
        ties.append(KnockoutTie(championship=championship, stage=len(bracket.rounds),
                                slot=THIRD_PLACE_SLOT))
    ties = KnockoutTie.objects.bulk_create(ties)
    first_round = ", ".join(f"{_number(t.first)}-{_number(t.second)}"
                            for t in ties if t.stage == 1)
    detail = f"size {bracket.size}, best of {bracket.best_of}: {first_round}"
    if note:
        detail += f"; {note}"
    audit.record(AuditEvent.Action.KNOCKOUT_STARTED, championship, by=by, origin=origin,
                 detail=detail[:150])
    if third_place or any(t.first_id is None or t.second_id is None
                          for t in ties if t.stage == 1):
        settle_bracket(championship)
    return ties


def _number(team) -> str:
    return "" if team is None else str(team.number)


def check_points(first_points, second_points) -> None:
    """Refuse a knockout game's points that cannot be: each a whole number from 0 to
    ``MAX_POINTS``, and never level (the game goes on until one pair leads)."""
    _points(first_points, "first_points")
    _points(second_points, "second_points")
    if first_points == second_points:
        raise ServiceError(_("A knockout game cannot end level: play on until one pair leads, "
                             "then enter the points."), field="second_points")


def check_knockout_game(championship: Championship, first_points, second_points,
                        hands) -> None:
    """Refuse a knockout game of ``championship`` that cannot be: its points
    (:func:`check_points`), then what the format says of the game and its hands
    (``Format.check_knockout_game``: required and checked for the groups' knockout, rules.md
    12.4; refused for a game played to a target, 11.3)."""
    check_points(first_points, second_points)
    format_of(championship).check_knockout_game(championship, first_points, second_points,
                                                hands)


def _points(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_POINTS:
        raise ServiceError(_("Points are a whole number from 0 to %(max)s.")
                           % {"max": MAX_POINTS}, field=name)
    return value


@transaction.atomic
def enter_knockout_game(tie: KnockoutTie, first_points: int, second_points: int, *,
                        hands: int | None = None, by=None, by_team=None,
                        origin: Origin = Origin(),
                        game_number: int | None = None) -> KnockoutGame:
    """The director enters the next game of a tie (or ``by_team``'s report of it counts,
    once the other pair confirmed it: ``knockout_captains``). A game has a winner (equal points are
    refused: the game goes on until one pair leads), and the hands played when the format
    counts them (:func:`check_knockout_game`); when the game decides the tie its
    winner goes on to the next round's tie. ``game_number`` is the game the director's form
    was for: if another game has counted since, the form is stale and refused (``game``)."""
    check_points(first_points, second_points)
    championship = lock_championship(tie.championship)
    format_of(championship).check_knockout_game(championship, first_points, second_points,
                                                hands)
    tie = KnockoutTie.objects.select_related("first", "second").get(pk=tie.pk)
    if tie.first_id is None or tie.second_id is None:
        raise ServiceError(_("This tie's pairs are not known yet."), field="tie")
    if tie.winner_id is not None:
        raise ServiceError(_("This tie has been decided."), field="tie")
    best_of = format_of(championship).knockout_best_of(championship)
    games = list(tie.games.all())
    if game_number is not None and game_number != len(games) + 1:
        _refuse_stale_form(game_number, len(games))
    game = KnockoutGame.objects.create(
        tie=tie, number=len(games) + 1, first_points=first_points, second_points=second_points,
        hands=hands,
        by_director=by if by is not None and by.is_authenticated else None, by_team=by_team,
        ip_address=origin.ip_address, user_agent=(origin.user_agent or "")[:300])
    winners = [tie.first_id if g.first_won else tie.second_id for g in [*games, game]]
    winner = ko.tie_winner(tie.first_id, tie.second_id, winners, best_of)
    following = None
    if winner is not None:
        tie.winner_id = winner
        tie.save(update_fields=["winner"])
        following = _advance(tie, winner)
    _record_game(tie, game, winner, by=by, team=by_team, origin=origin)
    if winner is not None and format_of(championship).knockout_walkovers(championship):
        # A withdrawn next opponent, or the third-place game's pairs: decided at once.
        settle_bracket(championship)
    if winner is not None and championship.status == Championship.Status.FINISHED:
        # A bracket played on after the rounds finished: the final places follow it.
        keep_final_places(championship)
    # The pairs' pages and the brackets follow live; the winner's next opponent learns too.
    live_events.knockout_changed(tie, counted=True)
    if following is not None:
        live_events.knockout_changed(following, counted=True)
    return game


def _refuse_stale_form(sent: int, entered: int) -> None:
    """A form for a game that is not the tie's next (the pairs' confirmed report counted
    while the director's form was open, say): refused rather than counted as another game
    that nobody played."""
    if sent > entered:
        raise ServiceError(_("Game: this form is for game %(sent)s of the tie, but the tie's "
                             "next game is game %(next)s. Nothing was written: check the "
                             "tie, then enter its next game.")
                           % {"sent": sent, "next": entered + 1}, field="game")
    raise ServiceError(_("Game: this form was for game %(sent)s of the tie, but that game has "
                         "been entered since. Nothing was written: check the tie, then enter "
                         "game %(next)s if it was played.")
                       % {"sent": sent, "next": entered + 1}, field="game")


def _record_game(tie: KnockoutTie, game: KnockoutGame, winner: int | None, *, by, team,
                 origin) -> None:
    """The audit row of a knockout game: where in the bracket, the score by pair number,
    and the tie's winner when the game decided it."""
    first, second = tie.first.number, tie.second.number
    detail = (f"round {tie.stage}, tie {tie.slot}, game {game.number}: "
              f"{first} {game.first_points} - {game.second_points} {second}")
    if game.hands is not None:
        detail += f" ({game.hands} hands)"
    if winner is not None:
        detail += f"; won by {first if winner == tie.first_id else second}"
    audit.record(AuditEvent.Action.KNOCKOUT_GAME_ENTERED, tie.championship_id, by=by,
                 team=team, origin=origin, detail=detail)


def _advance(tie: KnockoutTie, winner: int) -> KnockoutTie | None:
    """Put the winner in the next round's tie, the better seed first once both are known;
    that tie, or ``None`` after the final."""
    following = KnockoutTie.objects.filter(championship_id=tie.championship_id,
                                           stage=tie.stage + 1, slot=(tie.slot + 1) // 2).first()
    if following is None:  # the final: the champion is its winner
        return None
    seed = tie.first_seed if winner == tie.first_id else tie.second_seed
    if tie.slot % 2:  # the upper tie of the two feeding it
        following.first_id, following.first_seed = winner, seed
    else:
        following.second_id, following.second_seed = winner, seed
    if (following.first_id is not None and following.second_id is not None
            and following.second_seed < following.first_seed):
        following.first_id, following.second_id = following.second_id, following.first_id
        following.first_seed, following.second_seed = following.second_seed, following.first_seed
    following.save(update_fields=["first", "second", "first_seed", "second_seed"])
    return following
