"""Entering, confirming and disputing a game, and the director's result (rules.md 11.2).

The same policy as a duplicate deal's result (``scoring.services.captain``): an entry waits
for the other pair's confirmation; a pair cannot confirm its own entry, nor one it disputed;
once confirmed only the director changes it; a newer entry supersedes older ones; the same
idempotency key stores one entry. The locks and the checks of the table and the round are
``scoring.services.checks``'s, shared with the duplicate format.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext as _

from formats.free_deal.models import GameEntry, GameReview
from formats.free_deal.rules import GameRefused, check_game
from formats.free_deal.services.settings import settings_of
from formats.free_deal.wording import PAIR_WORDING
from scoring.services.checks import check_team_may_write, lock_table
from scoring.services.live_events import game_changed
from scoring.services.places import one_here
from scoring.services.values import KEY_LENGTH, Origin, ScoringError
from tournaments.models import Round, Table, Team

#: As for a duplicate deal: past this many entries of one game by one pair, a phone is
#: misbehaving and the director corrects it.
MAX_ENTRIES_PER_GAME = 10


@dataclass(frozen=True)
class GameValues:
    """What a table reports of its game (rules.md 11.2), as typed: checked by the rules."""

    first_points: int
    second_points: int
    ended_by: str
    hands_played: int
    hands: tuple[dict, ...] | None = None

    def entry_fields(self) -> dict:
        return {
            "first_points": self.first_points, "second_points": self.second_points,
            "ended_by": self.ended_by, "hands_played": self.hands_played,
            "hands": list(self.hands) if self.hands is not None else None,
        }


def _origin_fields(origin: Origin) -> dict:
    return {"ip_address": origin.ip_address, "user_agent": origin.user_agent}


def _latest_entry_id(table_id: int) -> int | None:
    return (GameEntry.objects.filter(table_id=table_id).order_by("-id")
            .values_list("id", flat=True).first())


def _confirmed(entry: GameEntry) -> bool:
    return entry.reviews.filter(verdict=GameReview.Verdict.CONFIRM).exists()


def _check_bye_table(table: Table) -> None:
    # A GameRefused naming the table: the API answers 400 {"table": [...]}; the pages show
    # it above the form (the form has no such field).
    if table.bye_team_id is not None:
        raise GameRefused(_("The other pair has withdrawn: this table plays no game and your "
                            "pair has a bye."), "withdrawal_bye", "table")


def submit_game(*, team: Team, table: Table, values: GameValues, idempotency_key: str | None,
                origin: Origin = Origin()) -> tuple[GameEntry, bool]:
    """A captain enters the game. Returns ``(entry, created)``; the same key stores once."""
    key = (idempotency_key or "").strip() or None
    if key is not None and len(key) > 64:
        raise ScoringError(_("The request key is longer than 64 characters."),
                           code="key_too_long")
    championship = table.round.championship
    check_game(settings_of(championship), values)
    try:
        with transaction.atomic():
            round_ = lock_table(table.pk, table.round_id)
            # One read (as a duplicate deal's): the entry stored with this key, wherever it
            # is, and the game's entries (a handful: each pair stops at
            # MAX_ENTRIES_PER_GAME), whether the latest is confirmed and how many are ours.
            here = Q(table_id=table.pk)
            rows = list(
                GameEntry.objects.filter(here | Q(idempotency_key=key) if key else here)
                .order_by("-id")
                .annotate(confirmed=Exists(GameReview.objects.filter(
                    entry=OuterRef("pk"), verdict=GameReview.Verdict.CONFIRM)))
                .values_list("id", "idempotency_key", "table_id", "by_team_id", "confirmed"))
            sent_before = next((row[0] for row in rows if key and row[1] == key), None)
            if sent_before is not None:
                earlier = GameEntry.objects.get(pk=sent_before)
                return _same_request(earlier, table, team), False
            entries = [(by, confirmed) for _id, _key, table_id, by, confirmed in rows
                       if table_id == table.pk]
            if team.pk in (table.ns_team_id, table.ew_team_id) and not team.withdrawn:
                # Before the shared checks, whose bye message speaks of deals.
                _check_bye_table(table)
            check_team_may_write(team, table, round_, PAIR_WORDING)
            if entries and entries[0][1]:
                raise ScoringError(_("This game has been confirmed: only the director can "
                                     "change it now."), code="confirmed")
            if sum(by == team.pk for by, _confirmed in entries) >= MAX_ENTRIES_PER_GAME:
                raise ScoringError(_("Your pair has entered this game too many times: please "
                                     "ask the director."), code="too_many")
            entry = GameEntry.objects.create(
                table=table, by_team=team, idempotency_key=key, **values.entry_fields(),
                **_origin_fields(origin),
            )
            game_changed(table, round_)  # sent once committed (``live``)
    except IntegrityError:
        # The same key arrived twice at once: the other request stored it.
        earlier = GameEntry.objects.filter(idempotency_key=key).first()
        if key is None or earlier is None:
            raise
        return _same_request(earlier, table, team), False
    return entry, True


def earlier_submission(*, team: Team, idempotency_key: str | None) -> GameEntry | None:
    """The game this pair stored with this key, in any round of its championship, its
    table and round loaded; ``None`` without one. The captain's page and the API look it up
    before choosing the pair's open table: a report sent again (a phone that was offline,
    an answer lost on the way back) gets its first answer, not a refusal, even once its
    round has closed and the next one is in play. A key another pair stored answers
    nothing here (``submit_game`` refuses it)."""
    key = (idempotency_key or "").strip()
    if not key or len(key) > KEY_LENGTH:
        return None  # no key, or one no entry can have
    return (GameEntry.objects.select_related("table__round")
            .filter(idempotency_key=key, by_team=team).first())


def _same_request(earlier: GameEntry, table: Table, team: Team) -> GameEntry:
    if earlier.table_id != table.pk or earlier.by_team_id != team.pk:
        raise ScoringError(_("This request key was already used for another result."),
                           code="key_reused")
    return earlier


def _entry_for_review(entry_id: int, team: Team | None) -> tuple[GameEntry, Round]:
    entry = GameEntry.objects.select_related("table").filter(pk=entry_id).first()
    if entry is None:
        raise ScoringError(_("This result does not exist."), code="not_found")
    round_ = lock_table(entry.table_id, entry.table.round_id)
    if team is not None:
        check_team_may_write(team, entry.table, round_, PAIR_WORDING)
    if _latest_entry_id(entry.table_id) != entry.pk:
        raise ScoringError(_("A newer result has been entered for this game; review that one "
                             "instead."), code="superseded")
    if team is not None and entry.by_team_id == team.pk:
        raise ScoringError(_("Your pair entered this result, so it cannot confirm it: the "
                             "other pair must."), code="self_confirmation")
    if team is not None and entry.by_director_override:
        raise ScoringError(_("The director entered this result; it needs no confirmation."),
                           code="director")
    return entry, round_


@transaction.atomic
def confirm_game(*, entry_id: int, team: Team, origin: Origin = Origin()) -> GameReview:
    """The other pair confirms the entry; confirming twice returns the first confirmation."""
    entry, _round = _entry_for_review(entry_id, team)
    reviews = list(entry.reviews.order_by("id"))
    confirmation = next((r for r in reviews if r.verdict == GameReview.Verdict.CONFIRM), None)
    if confirmation is not None:
        return confirmation
    if any(r.verdict == GameReview.Verdict.DISPUTE and r.by_team_id == team.pk for r in reviews):
        raise ScoringError(_("Your pair has disputed this result: the director will settle "
                             "it. Ask the director if you now agree with it."), code="disputed")
    game_changed(entry.table, _round)
    return GameReview.objects.create(entry=entry, verdict=GameReview.Verdict.CONFIRM,
                                     by_team=team, **_origin_fields(origin))


@transaction.atomic
def dispute_game(*, entry_id: int, team: Team, comment: str = "",
                 origin: Origin = Origin()) -> GameReview:
    """The other pair disputes the entry: the director settles it."""
    entry, _round = _entry_for_review(entry_id, team)
    if _confirmed(entry):
        raise ScoringError(_("This game has been confirmed: only the director can change it "
                             "now."), code="confirmed")
    game_changed(entry.table, _round)
    return GameReview.objects.create(entry=entry, verdict=GameReview.Verdict.DISPUTE,
                                     by_team=team, comment=comment[:2000],
                                     **_origin_fields(origin))


@transaction.atomic
def director_confirm_game(*, table: Table, entry_id, user, origin: Origin = Origin()
                          ) -> GameReview:
    """The director settles a pending or disputed entry as it stands. ``table`` is the URL's:
    the entry is looked up among its entries, so another table's id is ``NotHere`` (404)."""
    found = one_here(GameEntry.objects.filter(table=table), entry_id, "game entry")
    entry, _round = _entry_for_review(found.pk, None)
    existing = entry.reviews.filter(verdict=GameReview.Verdict.CONFIRM).first()
    if existing is not None:
        return existing
    game_changed(entry.table, _round)
    return GameReview.objects.create(entry=entry, verdict=GameReview.Verdict.CONFIRM,
                                     by_director=user, **_origin_fields(origin))


@transaction.atomic
def director_set_game(*, table: Table, values: GameValues, user, note: str = "",
                      origin: Origin = Origin()) -> GameEntry:
    """The director enters or overrides the game; it counts at once (in any round state:
    the director corrects closed rounds too). The earlier entries stay in the history."""
    check_game(settings_of(table.round.championship), values)
    round_ = lock_table(table.pk, table.round_id)
    if round_.status == Round.Status.DRAFTED:
        # A drafted round may still be discarded or re-paired: nothing is played in it yet.
        raise ScoringError(_("This round has not been released yet."), code="drafted")
    if table.bye_team_id is not None:
        raise GameRefused(_("This table plays no game: a pair withdrew and the other has a "
                            "bye."), "withdrawal_bye", "table")
    entry = GameEntry.objects.create(table=table, by_director=user, by_director_override=True,
                                     note=note, **values.entry_fields(),
                                     **_origin_fields(origin))
    GameReview.objects.create(entry=entry, verdict=GameReview.Verdict.CONFIRM, by_director=user,
                              **_origin_fields(origin))
    game_changed(table, round_)
    return entry
