"""A game at a table of two pairs: entering, confirming and disputing it, confirming it with
the other pair's PIN, and the director's result (rules.md 11.2, and the group games of 12.1).

Every format whose round's table is one game of two pairs (``ns_team`` the first pair,
``ew_team`` the second, the seats meaning nothing) enters its games here: a game is an entry
of the results core (``results``), ``GAMES`` says what it is (a game, the other pair
confirms, a pair's words), and the lifecycle (idempotency, locks, live events, the PIN
lockout) is the core's. The one thing a format decides is whether the values can be right:
its answer to ``Format.check_game``, asked before anything is stored.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from formats import format_of
from results import lifecycle, pins
from results.kinds import PAIR_WORDS, EntryKind, EntryWords
from scoring.models import GameEntry, GameReview, PinAttempt
from scoring.services.checks import check_team_may_write
from scoring.services.live_events import game_changed
from scoring.services.values import GameRefused, Origin
from scoring.wording import GAME_PAIR_WORDING
from tournaments.models import Table, Team

#: As for a duplicate deal: past this many entries of one game by one pair, a phone is
#: misbehaving and the director corrects it.
MAX_ENTRIES_PER_GAME = lifecycle.MAX_ENTRIES


@dataclass(frozen=True)
class GameValues:
    """What a table reports of its game, as typed: checked by the championship's format
    (``Format.check_game``)."""

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


def check_values(table: Table, values: GameValues) -> None:
    """Refuse (``GameRefused`` naming the field) values the table's format says cannot be
    right; a championship whose tables play no game refuses them all."""
    championship = table.round.championship
    format_of(championship).check_game(championship, values)


def _check_bye_table(table: Table) -> None:
    # A GameRefused naming the table: the API answers 400 {"table": [...]}; the pages show
    # it above the form (the form has no such field).
    if table.bye_team_id is not None:
        raise GameRefused(_("The other pair has withdrawn: this table plays no game and your "
                            "pair has a bye."), "withdrawal_bye", "table")


def _check_may_write(team: Team, table: Table, round_) -> None:
    check_team_may_write(team, table, round_, GAME_PAIR_WORDING)


def _check_may_enter(team: Team, table: Table, round_, _slot) -> None:
    if team.pk in (table.ns_team_id, table.ew_team_id) and not team.withdrawn:
        # Before the shared checks, whose bye message speaks of deals.
        _check_bye_table(table)
    _check_may_write(team, table, round_)


def _other_pair(table: Table, team: Team) -> list[Team]:
    other = table.ew_team_id if team.pk == table.ns_team_id else table.ns_team_id
    return list(Team.objects.filter(pk=other))


def _check_director_entry(table: Table, _round) -> None:
    if table.bye_team_id is not None:
        raise GameRefused(_("This table plays no game: a pair withdrew and the other has a "
                            "bye."), "withdrawal_bye", "table")


#: The lifecycle's refusals of a game (and of a knockout game: the free-deal knockout's
#: reports say the same).
PAIR_GAME_WORDS = EntryWords(
    **PAIR_WORDS,
    confirmed=gettext_lazy("This game has been confirmed: only the director can change it "
                           "now."),
    too_many=gettext_lazy("Your pair has entered this game too many times: please ask the "
                          "director."),
    superseded=gettext_lazy("A newer result has been entered for this game; review that one "
                            "instead."),
)

#: A table's game: one a round, confirmed by the other pair.
GAMES = EntryKind(
    model=GameEntry, review_model=GameReview, review_field="entry", table_model=Table,
    pin_attempt_model=PinAttempt, check_may_write=_check_may_write,
    check_may_enter=_check_may_enter, others_at=_other_pair,
    publish=lambda table, round_, _slot: game_changed(table, round_),
    slot_of=lambda _entry: {}, words=PAIR_GAME_WORDS,
    check_director_entry=_check_director_entry,
)


def submit_game(*, team: Team, table: Table, values: GameValues, idempotency_key: str | None,
                origin: Origin = Origin()) -> tuple[GameEntry, bool]:
    """A captain enters the game. Returns ``(entry, created)``; the same key stores once."""
    check_values(table, values)
    return lifecycle.submit(GAMES, entrant=team, table=table, slot={},
                            fields=values.entry_fields(), idempotency_key=idempotency_key,
                            origin=origin)


def earlier_submission(*, team: Team, idempotency_key: str | None) -> GameEntry | None:
    """The game this pair stored with this key, in any round of its championship, its
    table and round loaded; ``None`` without one (``results.lifecycle.earlier_submission``:
    a report sent again gets its first answer, even once its round has closed)."""
    return lifecycle.earlier_submission(GAMES, entrant=team, idempotency_key=idempotency_key)


def confirm_game(*, entry_id: int, team: Team, origin: Origin = Origin()) -> GameReview:
    """The other pair confirms the entry; confirming twice returns the first confirmation."""
    return lifecycle.confirm_by(GAMES, entry_id=entry_id, entrant=team, origin=origin)


def confirm_game_with_pin(*, entry_id: int, team: Team, pin: str,
                          origin: Origin = Origin()) -> GameReview:
    """The other pair confirms ``team``'s entry on ``team``'s phone by typing its PIN. A
    wrong PIN is kept; too many at the table lock PIN confirmation there for a while
    (``results.pins``, shared per table with every format)."""
    return pins.confirm_with_pin(GAMES, entry_id=entry_id, entrant=team, pin=pin,
                                 origin=origin)


def dispute_game(*, entry_id: int, team: Team, comment: str = "",
                 origin: Origin = Origin()) -> GameReview:
    """The other pair disputes the entry: the director settles it."""
    return lifecycle.dispute_by(GAMES, entry_id=entry_id, entrant=team, comment=comment,
                                origin=origin)


def director_confirm_game(*, table: Table, entry_id, user, origin: Origin = Origin()
                          ) -> GameReview:
    """The director settles a pending or disputed entry as it stands. ``table`` is the URL's:
    the entry is looked up among its entries, so another table's id is ``NotHere`` (404)."""
    return lifecycle.director_confirm(GAMES, table=table, entry_id=entry_id, user=user,
                                      what="game entry", origin=origin)


def director_set_game(*, table: Table, values: GameValues, user, note: str = "",
                      origin: Origin = Origin()) -> GameEntry:
    """The director enters or overrides the game; it counts at once (in any round state:
    the director corrects closed rounds too). The earlier entries stay in the history."""
    check_values(table, values)
    return lifecycle.director_entry(GAMES, table=table, slot={}, fields=values.entry_fields(),
                                    user=user, note=note, origin=origin)
