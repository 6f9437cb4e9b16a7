"""Captains report their knockout games (rules.md 11.3): a pair of an undecided tie enters
the game on its own link; the other pair of the tie confirms it (the game then counts, as the
director's would: ``knockout.enter_knockout_game``) or disputes it (the director settles it
on the bracket page, by entering the game).

The policy is the Swiss games' (``services.games``): an entry waits for the other pair; a
pair cannot confirm its own entry; a newer entry supersedes the older; once a game counts only
the director changes the bracket. Those services are not reused as they stand: they work on a
round's table (its round's status, its lock, its withdrawal bye), and a tie is no table of a
round. Each write locks the championship's row, as the director's knockout writes do.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from formats.free_deal.models import KnockoutEntry, KnockoutTie
from formats.free_deal.services.knockout import _points, enter_knockout_game
from scoring.services import live_events
from scoring.services.values import KEY_LENGTH, Origin, ScoringError
from tournaments.models import Team
from tournaments.services.common import ServiceError, lock_championship


def team_tie(team: Team) -> KnockoutTie | None:
    """The pair's tie being played: undecided, with both its pairs known (three queries)."""
    return (KnockoutTie.objects.filter(championship_id=team.championship_id, winner=None)
            .filter(Q(first=team) | Q(second=team)).exclude(first=None).exclude(second=None)
            .select_related("first", "second").prefetch_related("games", "entries")
            .order_by("stage").first())


def latest_entry(tie: KnockoutTie) -> KnockoutEntry | None:
    """The latest report of the tie's next game (older ones, or reports of a game already
    entered, are history)."""
    entry = max(tie.entries.all(), key=lambda e: e.pk, default=None)  # prefetched, or one read
    if entry is None or entry.number != len(tie.games.all()) + 1:
        return None
    return entry


def _tie_for(team: Team, tie_id: int) -> KnockoutTie:
    lock_championship(team.championship)
    return _check_tie(team, tie_id)


def _check_tie(team: Team, tie_id: int) -> KnockoutTie:
    """The tie, if the pair may still report or review its games (the championship's row
    locked by the caller)."""
    tie = (KnockoutTie.objects.select_related("first", "second")
           .filter(pk=tie_id, championship_id=team.championship_id).first())
    if tie is None or team.pk not in (tie.first_id, tie.second_id):
        raise ScoringError(_("Your pair does not play in this tie."), code="not_your_tie")
    if team.withdrawn:
        raise ScoringError(_("Your pair has withdrawn: its link can no longer enter or "
                             "confirm results. Please ask the director."), code="withdrawn")
    if tie.winner_id is not None:
        raise ScoringError(_("This tie has been decided: only the director can change it "
                             "now."), code="decided")
    return tie


def submit_knockout_entry(*, team: Team, tie_id: int, first_points: int, second_points: int,
                          idempotency_key: str | None = None,
                          origin: Origin = Origin()) -> tuple[KnockoutEntry, bool]:
    """A pair of the tie reports its next game: both pairs' points (the tie's first pair
    first), never level. It waits for the other pair's confirmation. Returns ``(entry,
    created)``: the same ``idempotency_key`` stores one report, and sent again it returns
    the first (after the tie was decided: ``earlier_knockout_entry``)."""
    key = (idempotency_key or "").strip() or None
    if key is not None and len(key) > KEY_LENGTH:
        raise ScoringError(_("The request key is longer than 64 characters."),
                           code="key_too_long")
    _points(first_points, "first_points")
    _points(second_points, "second_points")
    if first_points == second_points:
        raise ServiceError(_("A knockout game cannot end level: play on until one pair leads, "
                             "then enter the points."), field="second_points")
    try:
        with transaction.atomic():
            # The championship's lock serialises the reports of its ties: a report sent
            # several times at once finds the first one stored here.
            lock_championship(team.championship)
            if key is not None:
                earlier = KnockoutEntry.objects.filter(idempotency_key=key).first()
                if earlier is not None:
                    return _same_report(earlier, team, tie_id), False
            tie = _check_tie(team, tie_id)
            entry = KnockoutEntry.objects.create(
                tie=tie, number=tie.games.count() + 1, first_points=first_points,
                second_points=second_points, by_team=team, idempotency_key=key,
                ip_address=origin.ip_address, user_agent=(origin.user_agent or "")[:300])
            # The other pair's page, the director's bracket.
            live_events.knockout_changed(tie, counted=False)
    except IntegrityError:
        # The same key arrived twice at once past the lock (a database without row locks):
        # the unique key let one through; answer the other with it.
        earlier = KnockoutEntry.objects.filter(idempotency_key=key).first() if key else None
        if earlier is None:
            raise
        return _same_report(earlier, team, tie_id), False
    return entry, True


def earlier_knockout_entry(*, team: Team, idempotency_key: str | None,
                           tie_id: int | None = None) -> KnockoutEntry | None:
    """The report this pair stored with this key (of tie ``tie_id``, if given), if any, its
    tie and pairs loaded: a report sent again after its tie was decided (a phone that was
    offline, an answer lost on the way back) gets its first answer, not a refusal."""
    key = (idempotency_key or "").strip()
    if not key or len(key) > KEY_LENGTH:
        return None
    reports = KnockoutEntry.objects.filter(idempotency_key=key, by_team=team)
    if tie_id is not None:
        reports = reports.filter(tie_id=tie_id)
    return reports.select_related("tie__first", "tie__second", "by_team").first()


def _same_report(earlier: KnockoutEntry, team: Team, tie_id: int) -> KnockoutEntry:
    if earlier.by_team_id != team.pk or earlier.tie_id != tie_id:
        # A key is random per form: reused for another tie or pair, the form was tampered.
        raise ScoringError(_("This request key was already used for another result."),
                           code="key_reused")
    return earlier


def _reviewable(team: Team, entry_id: int) -> tuple[KnockoutTie, KnockoutEntry]:
    entry = KnockoutEntry.objects.filter(pk=entry_id).first()
    if entry is None:
        raise ScoringError(_("This result does not exist."), code="not_found")
    tie = _tie_for(team, entry.tie_id)
    if latest_entry(tie) is None or latest_entry(tie).pk != entry.pk:
        raise ScoringError(_("A newer result has been entered for this game; review that one "
                             "instead."), code="superseded")
    if entry.by_team_id == team.pk:
        raise ScoringError(_("Your pair entered this result, so it cannot confirm it: the "
                             "other pair must."), code="self_confirmation")
    return tie, entry


@transaction.atomic
def confirm_knockout_entry(*, team: Team, entry_id: int,
                           origin: Origin = Origin()) -> KnockoutEntry:
    """The other pair of the tie confirms the report: the game counts (and, if it decides
    the tie, its winner goes on), audited as the director's games are. Confirming twice
    returns the first confirmation."""
    done = KnockoutEntry.objects.filter(pk=entry_id, verdict=KnockoutEntry.Verdict.CONFIRMED,
                                        reviewed_by=team).first()
    if done is not None:
        return done
    tie, entry = _reviewable(team, entry_id)
    if entry.verdict == KnockoutEntry.Verdict.DISPUTED:
        raise ScoringError(_("Your pair has disputed this result: the director will settle "
                             "it. Ask the director if you now agree with it."), code="disputed")
    entry.game = enter_knockout_game(tie, entry.first_points, entry.second_points,
                                     by_team=entry.by_team, origin=origin)
    entry.verdict, entry.reviewed_by = KnockoutEntry.Verdict.CONFIRMED, team
    entry.reviewed_at = timezone.now()
    entry.save(update_fields=["game", "verdict", "reviewed_by", "reviewed_at"])
    return entry


@transaction.atomic
def dispute_knockout_entry(*, team: Team, entry_id: int, comment: str = "",
                           origin: Origin = Origin()) -> KnockoutEntry:
    """The other pair disputes the report: the director settles it by entering the game."""
    tie, entry = _reviewable(team, entry_id)
    entry.verdict, entry.reviewed_by = KnockoutEntry.Verdict.DISPUTED, team
    entry.reviewed_at, entry.comment = timezone.now(), comment[:2000]
    entry.save(update_fields=["verdict", "reviewed_by", "reviewed_at", "comment"])
    live_events.knockout_changed(tie, counted=False)
    return entry
