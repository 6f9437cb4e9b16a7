"""What a format tells the results core about one kind of entry (``EntryKind``) and how it
words the core's refusals (``EntryWords``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from tournaments.phrases import phrase


def named(name: str) -> dict:
    """The placeholders of an entrant's name in :class:`EntryWords`."""
    return {"name": name, "pair": name, "player": name, "team": name}


def say_named(words, name: str) -> str:
    """One of :class:`EntryWords` naming an entrant, the preposition before the name joined
    to it as the language wants (``tournaments.phrases``: "PIN incorrecte per als Nois")."""
    return phrase(words, **named(name))


@dataclass(frozen=True)
class EntryWords:
    """The lifecycle's refusals in the format's words (lazy strings). An entrant named in
    one is ``%(name)s``, or ``%(pair)s`` / ``%(player)s`` / ``%(team)s`` in the words written
    before the core (their translations are kept): :func:`named` fills them all. Words may
    also name the slot (``%(deal)s``: ``EntryKind.say_of``) and, ``too_many``, ``%(count)s``."""

    #: Entering or disputing once the entry is confirmed.
    confirmed: object
    #: One entrant entered the same slot too many times (a misbehaving phone).
    too_many: object
    #: Reviewing an entry that a newer one of the same slot replaced.
    superseded: object
    #: Confirming one's own entry.
    self_confirmation: object
    #: Confirming an entry one disputed.
    disputed_by_you: object
    #: Confirming an entry another entrant disputed (``%(name)s``).
    disputed_by: object
    #: Typing a PIN on an entry someone else entered.
    pin_only_own: object
    #: A PIN that is no other entrant's at the table (``%(name)s``: the one expected).
    pin_wrong: object
    #: The PIN of an entrant who has withdrawn (``%(name)s``).
    pin_withdrawn: object
    #: The table's PIN lockout: an ``ngettext_lazy`` keyed on ``minutes``.
    pin_locked: object
    #: Entering a slot any entrant disputed (with ``EntryKind.dispute_closes_slot``).
    slot_disputed: object = _("This result is disputed: the director will settle it.")
    #: Disputing a confirmed entry (``None``: as ``confirmed``).
    dispute_confirmed: object = None
    #: Entering a slot the director has set (``None``: the director's entry is confirmed,
    #: so ``confirmed`` refuses it).
    director_set: object = None
    #: A request key used before for another slot, table or entrant.
    key_reused: object = _("This request key was already used for another result.")
    #: What the entering page did not show: another entrant has since entered different
    #: values (only asked when the caller says which entry its page showed).
    other_entered: object = None
    #: A dispute without a comment (``None``: a comment is optional). Refused as a
    #: ``ValidationError`` naming the ``comment`` field.
    comment_needed: object = None


#: The refusals of a table of two pairs (duplicate pairs' deals, free-deal games), the same
#: in both: who entered, who disputed, whose PIN. Each pairs format spreads them into its own
#: :class:`EntryWords` (``EntryWords(**PAIR_WORDS, confirmed=...)``) with the words that name
#: what is entered (a deal, a game). Here because a format may not import another.
PAIR_WORDS = MappingProxyType({
    "self_confirmation": _("Your pair entered this result, so it cannot confirm it: the "
                           "other pair must."),
    "disputed_by_you": _("Your pair has disputed this result: the director will settle it. "
                         "Ask the director if you now agree with it."),
    "disputed_by": _("%(pair)s has disputed this result: the director will settle it."),
    "pin_only_own": _("Confirm the other pair's result with the Confirm button: a PIN only "
                      "confirms a result your own pair entered."),
    "pin_wrong": _("Wrong PIN for %(pair)s. Try again."),
    "pin_withdrawn": _("%(pair)s has withdrawn: its PIN can no longer confirm results. "
                       "Please ask the director."),
    "pin_locked": ngettext_lazy(
        "Too many wrong PINs at this table: confirming with a PIN is locked for %(minutes)s "
        "more minute. The other pair can confirm on its own phone, or call the director.",
        "Too many wrong PINs at this table: confirming with a PIN is locked for %(minutes)s "
        "more minutes. The other pair can confirm on its own phone, or call the director.",
        "minutes"),
})


@dataclass(frozen=True)
class EntryKind:
    """One kind of entry of a format, and the format's answers the lifecycle asks.

    The entry model has ``table`` (or the field ``table_field`` names), ``by_team``,
    ``by_director``, ``by_director_override``, ``note``, ``idempotency_key`` and the
    provenance fields; the review model has a foreign
    key to it named ``review_field``, ``verdict``, ``by_team``, ``by_director``, ``via_pin``,
    ``comment`` and the provenance fields; the PIN attempt model has ``table``, ``by_team``,
    ``ok`` and the provenance fields.
    """

    model: type
    review_model: type
    #: The review's foreign key to the entry.
    review_field: str
    #: The table model whose row each operation locks.
    table_model: type
    #: ``None``: the kind has no PIN confirmation (``results.pins`` is not offered).
    pin_attempt_model: type | None
    #: ``check_may_write(entrant, table, round_)``: refuses (``ScoringError``) an entrant
    #: who does not sit at ``table``, has withdrawn, or whose round is not in play.
    check_may_write: Callable
    #: ``others_at(table, entrant)``: the other entrants seated at ``table``, who may
    #: confirm what ``entrant`` entered (the other pair; the other players).
    others_at: Callable
    #: ``publish(table, round_, slot)``: tell open pages that ``table`` changed (``live``).
    publish: Callable
    #: ``slot_of(entry)``: the slot an entry fills at its table, e.g. ``{"deal_number": 3}``
    #: (``{}`` when a table reports one thing a round).
    slot_of: Callable
    words: EntryWords
    #: After a dispute, whether no entrant may enter the slot again (the director settles
    #: it). With two pairs a correction still needs the disputing side's confirmation; with
    #: players a third one could confirm it, so a dispute closes the slot.
    dispute_closes_slot: bool = False
    #: ``check_director_entry(table, round_)``: refuses a director's entry the format does
    #: not take at ``table`` (a table that plays nothing), or ``None``.
    check_director_entry: Callable | None = None
    #: ``check_may_enter(entrant, table, round_, slot)``: the checks of a new entry when
    #: they differ from ``check_may_write``'s (a refusal naming a form's field, the slot
    #: played at another table), or ``None``.
    check_may_enter: Callable | None = None
    #: What :func:`results.lifecycle.load` reads with an entry (its table, at least).
    related: tuple = ("table",)
    #: What ``earlier_submission`` reads with an entry (its table and round, at least).
    earlier_related: tuple = ("table__round",)
    #: ``say_of(entry)``: the placeholders the words may use for an entry's slot.
    say_of: Callable = lambda _entry: {}
    #: ``say_of_slot(slot)``: the same placeholders for a slot being entered.
    say_of_slot: Callable = lambda _slot: {}
    #: ``counted(entry, review)``: called in the transaction when an entry comes to count
    #: (it is confirmed, or the director entered it), with the confirming review (who, and
    #: from where): e.g. the pairs note the deal for rescoring; a knockout report makes its
    #: game.
    counted: Callable | None = None
    #: The entry's value columns, compared for ``EntryWords.other_entered``.
    value_fields: tuple = ()
    #: The code of the ``too_many`` refusal (the API's clients read it).
    too_many_code: str = "too_many"
    #: Whether the PIN attempt row names the entry it was typed for.
    pin_attempt_names_entry: bool = False
    #: The entry's foreign key to where it was played (a ``table_model`` row): a round's
    #: table, or what else a format's entrants report at (a knockout tie).
    table_field: str = "table"
    #: ``lock(table)``: lock what orders this kind's operations and read, as it is now, what
    #: the kind's checks and ``publish`` get as ``round_``; ``None``: the table's row
    #: (``locks.lock_table``) and its round. A kind played outside a round's tables locks
    #: what its other writers lock (the knockout's championship) and reads its table again.
    lock: Callable | None = None
    #: ``check_current(entry, round_)``: after ``load`` found the entry the latest of its
    #: slot, refuses (``ScoringError``) one whose slot has been filled outside the lifecycle
    #: since (a knockout game the director entered on the bracket), or ``None``.
    check_current: Callable | None = None
