"""Captains report their knockout games (rules.md 11.3, 12.4): a pair of an undecided tie enters
the game on its own link; the other pair of the tie confirms it (the game then counts, as the
director's would: ``knockout.enter_knockout_game``) or disputes it (the director settles it
on the bracket page, by entering the game).

A report is an entry of the results core (``results``): this module says what it is
(``KNOCKOUT_GAMES``: reported at a tie, its slot the tie's game number, confirmed by the
tie's other pair, a pair's words) and checks its values; the lifecycle (submit, confirm,
dispute, idempotency, supersession) is the core's. A tie is no table of a round: each
operation locks the championship's row, as the director's knockout writes do, reading the
tie again; a report of a game that counted since (the director entered it) is superseded.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, OuterRef, Prefetch, Q, Subquery
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from results import lifecycle
from results.kinds import EntryKind
from scoring.models import KnockoutEntry, KnockoutGame, KnockoutReview, KnockoutTie
from scoring.services import live_events
from scoring.services.games import PAIR_GAME_WORDS
from scoring.services.knockout import check_knockout_game, enter_knockout_game
from scoring.services.values import Origin, ScoringError
from tournaments.models import Team


def team_tie(team: Team) -> KnockoutTie | None:
    """The pair's tie being played: undecided, with both its pairs known (three queries)."""
    return (KnockoutTie.objects.filter(championship_id=team.championship_id, winner=None)
            .filter(Q(first=team) | Q(second=team)).exclude(first=None).exclude(second=None)
            .select_related("first", "second")
            .prefetch_related("games", Prefetch("entries",
                                                KnockoutEntry.objects.with_state()))
            .order_by("stage").first())


def latest_entry(tie: KnockoutTie) -> KnockoutEntry | None:
    """The latest report of the tie's next game (older ones, or reports of a game already
    entered, are history)."""
    entry = max(tie.entries.all(), key=lambda e: e.pk, default=None)  # prefetched, or one read
    if entry is None or entry.number != len(tie.games.all()) + 1:
        return None
    return entry


def _lock(tie: KnockoutTie) -> KnockoutTie:
    """The tie as it is now, its games counted, and its championship's row locked as the
    director's knockout writes lock it (``lock_championship``): one statement."""
    games = (KnockoutGame.objects.filter(tie=OuterRef("pk")).order_by().values("tie")
             .annotate(n=Count("pk")).values("n"))
    return (KnockoutTie.objects.select_for_update(of=("championship",))
            .select_related("championship", "first", "second")
            .annotate(played=Coalesce(Subquery(games), 0)).get(pk=tie.pk))


def _check_may_write(team: Team, _tie: KnockoutTie, now: KnockoutTie) -> None:
    """The pair plays in the tie (``now``: as it is under the lock), has not withdrawn,
    and the tie is still undecided."""
    if team.pk not in (now.first_id, now.second_id):
        raise ScoringError(_("Your pair does not play in this tie."), code="not_your_tie")
    if team.withdrawn:
        raise ScoringError(_("Your pair has withdrawn: its link can no longer enter or "
                             "confirm results. Please ask the director."), code="withdrawn")
    if now.winner_id is not None:
        raise ScoringError(_("This tie has been decided: only the director can change it "
                             "now."), code="decided")


def _check_may_enter(team: Team, tie: KnockoutTie, now: KnockoutTie, slot: dict) -> None:
    _check_may_write(team, tie, now)
    if slot["number"] != now.played + 1:
        # A game counted while this report was on its way: it would report a game that
        # is no longer the tie's next.
        raise ScoringError(_("A game of this tie has counted meanwhile: check the tie, then "
                             "enter its next game."), code="superseded")


def _check_current(entry: KnockoutEntry, now: KnockoutTie) -> None:
    """A report of a game the director entered since no longer stands (one confirmed made
    the game itself)."""
    if entry.game_id is None and entry.number != now.played + 1:
        raise ScoringError(str(KNOCKOUT_WORDS.superseded), code="superseded")


def _other_pair(tie: KnockoutTie, team: Team) -> list[Team]:
    return [tie.second if team.pk == tie.first_id else tie.first]


def _counted(entry: KnockoutEntry, review: KnockoutReview) -> None:
    """The other pair confirmed it: the game counts (audited as the director's games, from
    where the confirmation came), and a tie it decides sends its winner on."""
    entry.game = enter_knockout_game(
        entry.tie, entry.first_points, entry.second_points, hands=entry.hands,
        by_team=entry.by_team,
        origin=Origin(ip_address=review.ip_address, user_agent=review.user_agent))
    entry.save(update_fields=["game"])


KNOCKOUT_WORDS = PAIR_GAME_WORDS

#: A captain's report of a knockout game (rules.md 11.3): at a tie, its slot the game's
#: number, confirmed by the tie's other pair (no PIN confirmation); confirming it makes the
#: game count.
KNOCKOUT_GAMES = EntryKind(
    model=KnockoutEntry, review_model=KnockoutReview, review_field="entry",
    table_model=KnockoutTie, pin_attempt_model=None, table_field="tie", lock=_lock,
    check_may_write=_check_may_write, check_may_enter=_check_may_enter,
    check_current=_check_current, others_at=_other_pair,
    publish=lambda tie, _now, _slot: live_events.knockout_changed(tie, counted=False),
    slot_of=lambda entry: {"number": entry.number}, words=KNOCKOUT_WORDS,
    counted=_counted, related=("tie", "by_team"),
    earlier_related=("tie__first", "tie__second", "by_team"),
)

def submit_knockout_entry(*, team: Team, tie_id: int, first_points: int, second_points: int,
                          hands: int | None = None, idempotency_key: str | None = None,
                          origin: Origin = Origin()) -> tuple[KnockoutEntry, bool]:
    """A pair of the tie reports its next game: both pairs' points (the tie's first pair
    first), never level, and the hands played when the format counts them
    (``knockout.check_knockout_game``). It waits for the other pair's confirmation. Returns
    ``(entry, created)``: the same ``idempotency_key`` stores one report (sent again after
    the tie was decided: ``earlier_knockout_entry``)."""
    check_knockout_game(team.championship, first_points, second_points, hands)
    tie = (KnockoutTie.objects.annotate(played=Count("games"))
           .filter(pk=tie_id, championship_id=team.championship_id).first())
    if tie is None:
        raise ScoringError(_("Your pair does not play in this tie."), code="not_your_tie")
    return lifecycle.submit(KNOCKOUT_GAMES, entrant=team, table=tie,
                            slot={"number": tie.played + 1},
                            fields={"first_points": first_points, "second_points": second_points,
                                    "hands": hands},
                            idempotency_key=idempotency_key, origin=origin)


def earlier_knockout_entry(*, team: Team, idempotency_key: str | None,
                           tie_id: int | None = None) -> KnockoutEntry | None:
    """The report this pair stored with this key (of tie ``tie_id``, if given), if any, its
    tie and pairs loaded: a report sent again after its tie was decided (a phone that was
    offline, an answer lost on the way back) gets its first answer, not a refusal."""
    entry = lifecycle.earlier_submission(KNOCKOUT_GAMES, entrant=team,
                                         idempotency_key=idempotency_key)
    return entry if entry is not None and tie_id in (None, entry.tie_id) else None


@transaction.atomic
def confirm_knockout_entry(*, team: Team, entry_id: int,
                           origin: Origin = Origin()) -> KnockoutEntry:
    """The other pair of the tie confirms the report: the game counts (and, if it decides
    the tie, its winner goes on). Confirming twice returns the first confirmation, even
    once the tie is decided."""
    done = KnockoutEntry.objects.filter(pk=entry_id, reviews__verdict=KnockoutReview.Verdict
                                        .CONFIRM, reviews__by_team=team).first()
    if done is not None:
        return done
    return lifecycle.confirm_by(KNOCKOUT_GAMES, entry_id=entry_id, entrant=team,
                                origin=origin).entry


def dispute_knockout_entry(*, team: Team, entry_id: int, comment: str = "",
                           origin: Origin = Origin()) -> KnockoutEntry:
    """The other pair disputes the report: the director settles it by entering the game."""
    return lifecycle.dispute_by(KNOCKOUT_GAMES, entry_id=entry_id, entrant=team,
                                comment=comment, origin=origin).entry
