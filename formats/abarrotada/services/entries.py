"""What the individual format tells the results core (``results``) about its entries
(rules.md 10.2): a deal's report and a free-deal evening's game totals (10.4) are entries
of a table of players, entered, confirmed, disputed and settled by the core's one lifecycle.

Here: who sits at a table of players and may write there, who else confirms (**any one of
the other players**), what a change publishes, and the players' words. A dispute closes the
slot (``EntryKind.dispute_closes_slot``): a third player could otherwise confirm a
correction the disputing player never saw.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy

from formats.abarrotada.models import PlayerTable, Seating, SeatPinAttempt
from formats.abarrotada.wording import PLAYER_WORDING
from results import lifecycle
from results.kinds import EntryKind, EntryWords
from results.lifecycle import origin_fields
from results.locks import lock_table as lock_any_table
from scoring.services.values import ScoringError
from tournaments.models import Round, Team

__all__ = ["changed", "check_player_may_write", "lock_table", "origin_fields", "kind"]

MAX_ENTRIES = lifecycle.MAX_ENTRIES


def changed(table: PlayerTable, round_: Round, deal_number: int | None = None) -> None:
    """Tell open pages that something happened at ``table`` (after the commit, ``live``):
    the players seated there (their own streams), the director's grid, and the public once
    the round is closed. Names the place, never the result."""
    import live

    live.publish({
        "kind": "result", "c": round_.championship_id,
        "round": round_.number, "closed": round_.status == Round.Status.CLOSED,
        "table": table.number, "deal": deal_number,
        "teams": list(Seating.objects.filter(table=table).values_list("player_id", flat=True)),
    })


def lock_table(table_id: int, round_id: int) -> Round:
    """Lock one table of players' row, then read its round as it is now (``results.locks``)."""
    return lock_any_table(PlayerTable, table_id, round_id)


def check_player_may_write(player: Team, table: PlayerTable, round_: Round) -> str:
    """The player's seat at ``table``, if they may write there now."""
    seat = (Seating.objects.filter(table=table, player=player)
            .values_list("seat", flat=True).first())
    if seat is None:
        raise ScoringError(str(PLAYER_WORDING.not_your_table), code="not_your_table")
    if player.withdrawn:
        raise ScoringError(str(PLAYER_WORDING.withdrawn), code="withdrawn")
    if round_.status != Round.Status.RELEASED:
        raise ScoringError(
            _("Round %(number)s is closed: results can no longer be entered or confirmed "
              "here. Please ask the director.") % {"number": round_.number},
            code="round_closed")
    return seat


def other_players(table: PlayerTable, player: Team) -> list[Team]:
    """The players seated at ``table`` besides ``player``: any one of them confirms."""
    return [s.player for s in Seating.objects.filter(table=table).exclude(player=player)
            .select_related("player")]


def kind(model: type, review_model: type, confirmed, slot_of) -> EntryKind:
    """An individual entry: ``model`` and its reviews (foreign key ``report``), refused with
    ``confirmed`` once confirmed, filling ``slot_of(entry)`` at its table."""
    return EntryKind(
        model=model, review_model=review_model, review_field="report",
        table_model=PlayerTable, pin_attempt_model=SeatPinAttempt,
        check_may_write=check_player_may_write, others_at=other_players,
        publish=lambda table, round_, slot: changed(table, round_, slot.get("deal_number")),
        slot_of=slot_of, dispute_closes_slot=True,
        words=EntryWords(
            confirmed=confirmed,
            too_many=gettext_lazy("You have entered this too many times: please ask the "
                                  "director."),
            superseded=gettext_lazy("A newer result has been entered here; review that one "
                                    "instead."),
            self_confirmation=gettext_lazy("You entered this result, so you cannot confirm "
                                           "it: another player at the table must."),
            disputed_by_you=gettext_lazy("You have disputed this result: the director will "
                                         "settle it. Ask the director if you now agree with "
                                         "it."),
            disputed_by=gettext_lazy("%(player)s has disputed this result: only the director "
                                     "can settle it now."),
            pin_only_own=gettext_lazy("Confirm another player's result with the Confirm "
                                      "button: a PIN only confirms a result you entered."),
            pin_wrong=gettext_lazy("Wrong PIN: it is no other player's at this table. Try "
                                   "again."),
            pin_withdrawn=gettext_lazy("%(player)s has withdrawn: their PIN can no longer "
                                       "confirm results. Please ask the director."),
            pin_locked=ngettext_lazy(
                "Too many wrong PINs at this table: confirming with a PIN is locked for "
                "%(minutes)s more minute. Another player can confirm on their own phone, or "
                "call the director.",
                "Too many wrong PINs at this table: confirming with a PIN is locked for "
                "%(minutes)s more minutes. Another player can confirm on their own phone, or "
                "call the director.",
                "minutes"),
        ),
    )
