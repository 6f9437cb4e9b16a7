"""Submit, confirm, dispute, and the director's confirmation and entry: the life of every
format's entries (the package's docstring tells the policy; ``kinds`` what a format gives).

Each operation runs in the caller's transaction or its own, locks only its table's row
(``locks``), and publishes through the format once committed.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext as _

from results.kinds import EntryKind, say_named
from results.locks import lock_table
from scoring.services.places import one_here
from scoring.services.values import KEY_LENGTH, Origin, ScoringError
from tournaments.models import Round, Team

#: Past this many entries of one slot by one entrant, a phone is misbehaving (or someone is
#: flooding the table) and the director corrects it.
MAX_ENTRIES = 10

CONFIRM, DISPUTE = "confirm", "dispute"


def origin_fields(origin: Origin) -> dict:
    """Where a row came from, as its provenance columns."""
    return {"ip_address": origin.ip_address, "user_agent": origin.user_agent}


def lock(kind: EntryKind, table) -> Round:
    """Lock ``table``'s row (``locks.lock_table``) and read its round as it is now (or
    what the kind's own ``lock`` does)."""
    if kind.lock is not None:
        return kind.lock(table)
    return lock_table(kind.table_model, table.pk, table.round_id)


def submit(kind: EntryKind, *, entrant: Team, table, slot: dict, fields: dict,
           idempotency_key: str | None, origin: Origin = Origin(),
           seen_entry_id: int | None = None):
    """Store ``entrant``'s entry of ``slot`` at ``table`` (the values already checked by the
    format). Returns ``(entry, created)``; the same key stores once and answers the first
    entry again, even once the round has closed. ``seen_entry_id``: the latest entry of the slot the entrant's page showed (0:
    none); another entrant's later entry with other values is then refused
    (``EntryWords.other_entered``): the entrant reviews it rather than silently replace it."""
    key = (idempotency_key or "").strip() or None
    if key is not None and len(key) > KEY_LENGTH:
        raise ScoringError(_("The request key is longer than 64 characters."),
                           code="key_too_long")
    model, review, at = kind.model, kind.review_model, f"{kind.table_field}_id"
    say = kind.say_of_slot(slot)
    wanted = tuple(_key_of(value) for value in slot.values())
    try:
        with transaction.atomic():
            round_ = lock(kind, table)
            # One read: the entry stored with this key, wherever it is, and this slot's
            # entries (a handful: each entrant stops at MAX_ENTRIES), newest first, with
            # whether each is confirmed or disputed.
            here = Q(**{at: table.pk}, **slot)
            rows = list(
                model.objects.filter(here | Q(idempotency_key=key) if key else here)
                .order_by("-id")
                .annotate(confirmed=Exists(review.objects.filter(
                    **{kind.review_field: OuterRef("pk")}, verdict=CONFIRM)),
                          disputed=Exists(review.objects.filter(
                              **{kind.review_field: OuterRef("pk")}, verdict=DISPUTE)))
                .values_list("id", "idempotency_key", "by_team_id", "confirmed", "disputed",
                             "by_director_override", at, *slot, *kind.value_fields))
            sent_before = next((row[0] for row in rows if key and row[1] == key), None)
            if sent_before is not None:
                return _same_request(kind, model.objects.get(pk=sent_before), table, slot,
                                     entrant), False
            width = 7 + len(slot)
            entries = [row for row in rows
                       if row[6] == table.pk and tuple(row[7:width]) == wanted]
            if kind.check_may_enter is not None:
                kind.check_may_enter(entrant, table, round_, slot)
            else:
                kind.check_may_write(entrant, table, round_)
            words = kind.words
            if words.director_set is not None and any(row[5] for row in entries):
                # Once the director has set a result, the entrants cannot replace it by
                # agreeing on another one between themselves.
                raise ScoringError(str(words.director_set) % say, code="director_set")
            if any(row[3] for row in entries):
                raise ScoringError(str(words.confirmed) % say, code="confirmed")
            if kind.dispute_closes_slot and entries and entries[0][4]:
                raise ScoringError(str(words.slot_disputed) % say, code="disputed")
            ours = sum(row[2] == entrant.pk for row in entries)
            if ours >= MAX_ENTRIES:
                raise ScoringError(str(words.too_many) % {**say, "count": ours},
                                   code=kind.too_many_code)
            if seen_entry_id is not None and words.other_entered is not None:
                theirs = next((row for row in entries if row[0] > seen_entry_id
                               and not row[5] and row[2] != entrant.pk), None)
                if theirs is not None and list(theirs[width:]) != [
                        fields[name] for name in kind.value_fields]:
                    raise ScoringError(str(words.other_entered) % say,
                                       code="other_team_entered")
            entry = model.objects.create(**{kind.table_field: table}, by_team=entrant,
                                         idempotency_key=key, **slot, **fields,
                                         **origin_fields(origin))
            kind.publish(table, round_, slot)
    except IntegrityError:
        # The same key arrived twice at once: the other request stored it.
        earlier = model.objects.filter(idempotency_key=key).order_by("pk").first()
        if key is None or earlier is None:
            raise
        return _same_request(kind, earlier, table, slot, entrant), False
    return entry, True


def _key_of(value):
    """A slot's value as its column holds it (a model's primary key)."""
    return getattr(value, "pk", value)


def earlier_submission(kind: EntryKind, *, entrant: Team, idempotency_key: str | None,
                       slot: dict | None = None):
    """The entry ``entrant`` stored with this key (of ``slot``, when given), its table and
    round loaded; ``None`` without one. A page or the API looks it up before choosing the
    entrant's open table: a submission sent again (a phone that was offline, an answer lost
    on the way back) gets its first answer, never a refusal, even once its round has closed
    and the next one is in play. A key another entrant stored answers nothing here
    (``submit`` refuses it)."""
    key = (idempotency_key or "").strip()
    if not key or len(key) > KEY_LENGTH:
        return None  # no key, or one no entry can have
    return (kind.model.objects.select_related(*kind.earlier_related)
            .filter(idempotency_key=key, by_team=entrant, **(slot or {})).first())


def _same_request(kind: EntryKind, earlier, table, slot: dict, entrant: Team):
    def column(name):  # a foreign key's id, without reading its row
        return getattr(earlier, earlier._meta.get_field(name).attname)

    if (column(kind.table_field) != table.pk or earlier.by_team_id != entrant.pk
            or any(column(name) != _key_of(value) for name, value in slot.items())):
        raise ScoringError(str(kind.words.key_reused), code="key_reused")
    return earlier


def load(kind: EntryKind, entry_id: int, entrant: Team | None, entry=None):
    """The entry ``entry_id`` with its table locked and its round as it is now, if it is
    the latest of its slot and ``entrant`` (or the director, ``None``) may review it.
    ``entry`` may be given already loaded (with ``kind.related``): entries never change."""
    if entry is None or entry.pk != entry_id:
        entry = (kind.model.objects.select_related(*kind.related).filter(pk=entry_id)
                 .order_by("pk").first())
    if entry is None:
        raise ScoringError(_("This result does not exist."), code="not_found")
    table = table_of(kind, entry)
    round_ = lock(kind, table)
    if entrant is not None:
        kind.check_may_write(entrant, table, round_)
    latest = (kind.model.objects.filter(**{kind.table_field: table.pk}, **kind.slot_of(entry))
              .order_by("-id").values_list("id", flat=True).first())
    if latest != entry.pk:
        raise ScoringError(str(kind.words.superseded) % kind.say_of(entry), code="superseded")
    if kind.check_current is not None:
        kind.check_current(entry, round_)
    return entry, round_


def table_of(kind: EntryKind, entry):
    """Where ``entry`` was played (its ``kind.table_field``)."""
    return getattr(entry, kind.table_field)


def for_review(kind: EntryKind, entry_id: int, entrant: Team | None, entry=None):
    """As :func:`load`, and refused if ``entrant`` entered it or the director did (a
    director's entry needs no confirmation)."""
    entry, round_ = load(kind, entry_id, entrant, entry)
    if entrant is not None and entry.by_team_id == entrant.pk:
        raise ScoringError(str(kind.words.self_confirmation), code="self_confirmation")
    if entrant is not None and entry.by_director_override:
        raise ScoringError(director_message(), code="director")
    return entry, round_


def director_message() -> str:
    """The refusal of a review of the director's entry."""
    return _("The director entered this result; it needs no confirmation.")


def reviews_of(entry) -> list:
    """The entry's reviews, oldest first (a handful)."""
    return list(entry.reviews.order_by("id"))


def confirm(kind: EntryKind, entry, entrant: Team | None, *, round_: Round, user=None,
            via_pin: bool = False, origin: Origin = Origin(), reviews: list | None = None):
    """Confirm ``entry`` (already checked by :func:`for_review`, in the caller's
    transaction): by another entrant, or by the director (``user``). Confirming twice
    returns the first confirmation. ``reviews``: the entry's, when the caller has read them."""
    reviews = reviews_of(entry) if reviews is None else reviews
    existing = next((r for r in reviews if r.verdict == CONFIRM), None)
    if existing is not None:
        return existing
    if entrant is not None:
        check_not_disputed(kind, reviews, entrant)
    review = kind.review_model.objects.create(**{kind.review_field: entry}, verdict=CONFIRM,
                                              by_team=entrant, by_director=user,
                                              via_pin=via_pin, **origin_fields(origin))
    if kind.counted is not None:
        kind.counted(entry, review)
    kind.publish(table_of(kind, entry), round_, kind.slot_of(entry))
    return review


def check_not_disputed(kind: EntryKind, reviews, entrant: Team, names: dict | None = None
                       ) -> None:
    """Once an entrant has disputed an entry, only the director settles it: nobody confirms
    it any more, by link, by PIN or through the API. ``names`` maps entrants' ids to names
    when the caller has them (otherwise the disputer's is read)."""
    disputes = [r for r in reviews if r.verdict == DISPUTE]
    if not disputes:
        return
    if any(r.by_team_id == entrant.pk for r in disputes):
        raise ScoringError(str(kind.words.disputed_by_you), code="disputed")
    by = disputes[0].by_team_id
    name = (names or {}).get(by) or disputes[0].by_team.name
    raise ScoringError(say_named(kind.words.disputed_by, name), code="disputed")


def dispute(kind: EntryKind, entry, entrant: Team, *, round_: Round, comment: str = "",
            origin: Origin = Origin()):
    """``entrant`` disputes ``entry`` (checked by :func:`for_review`): the director settles
    it. A confirmed entry is no longer disputed; disputing twice (a double tap) returns the
    first dispute."""
    reviews = reviews_of(entry)
    if any(r.verdict == CONFIRM for r in reviews):
        words = kind.words
        raise ScoringError(str(words.dispute_confirmed or words.confirmed) % kind.say_of(entry),
                           code="confirmed")
    mine = next((r for r in reviews if r.verdict == DISPUTE and r.by_team_id == entrant.pk),
                None)
    if mine is not None:
        return mine
    review = kind.review_model.objects.create(**{kind.review_field: entry}, verdict=DISPUTE,
                                              by_team=entrant, comment=comment[:2000],
                                              **origin_fields(origin))
    kind.publish(table_of(kind, entry), round_, kind.slot_of(entry))
    return review


def confirm_by(kind: EntryKind, *, entry_id: int, entrant: Team, origin: Origin = Origin(),
               entry=None):
    """An entrant confirms another's entry (on their own phone, or through the API).
    ``entry`` may be given already loaded (``load``)."""
    with transaction.atomic():
        entry, round_ = for_review(kind, entry_id, entrant, entry)
        return confirm(kind, entry, entrant, round_=round_, origin=origin)


def dispute_by(kind: EntryKind, *, entry_id: int, entrant: Team, comment: str = "",
               origin: Origin = Origin()):
    """An entrant disputes another's entry: the director settles it."""
    comment = (comment or "").strip()
    if kind.words.comment_needed is not None and not comment:
        raise ValidationError({"comment": str(kind.words.comment_needed)})
    with transaction.atomic():
        entry, round_ = for_review(kind, entry_id, entrant)
        return dispute(kind, entry, entrant, round_=round_, comment=comment, origin=origin)


@transaction.atomic
def director_confirm(kind: EntryKind, *, table, entry_id, user, slot: dict | None = None,
                     what: str = "entry", origin: Origin = Origin()):
    """The director settles a pending or disputed entry as it stands. ``table`` (and
    ``slot``) are the URL's: the entry is looked up among theirs, so another table's,
    slot's or championship's id is ``NotHere`` (404). ``what`` names it in that answer.
    Confirming twice returns the first confirmation; the director's own entry needs none."""
    found = one_here(kind.model.objects.select_related(*kind.related)
                     .filter(**{kind.table_field: table}, **(slot or {})), entry_id, what)
    entry, round_ = load(kind, found.pk, None, found)
    reviews = reviews_of(entry)
    existing = next((r for r in reviews if r.verdict == CONFIRM), None)
    if existing is not None:
        return existing
    if entry.by_director_override:
        raise ScoringError(director_message(), code="director")
    return confirm(kind, entry, None, round_=round_, user=user, origin=origin, reviews=reviews)


@transaction.atomic
def director_entry(kind: EntryKind, *, table, slot: dict, fields: dict, user, note: str = "",
                   origin: Origin = Origin()):
    """The director's entry (values checked by the format): it counts at once, in a
    released or closed round (the director corrects closed rounds too); the earlier entries
    stay in the history."""
    round_ = lock(kind, table)
    if round_.status == Round.Status.DRAFTED:
        # A drafted round may still be discarded or redrawn: nothing is played in it yet.
        raise ScoringError(_("This round has not been released yet."), code="drafted")
    if kind.check_director_entry is not None:
        kind.check_director_entry(table, round_)
    entry = kind.model.objects.create(**{kind.table_field: table}, by_director=user,
                                      by_director_override=True, note=note, **slot, **fields,
                                      **origin_fields(origin))
    review = kind.review_model.objects.create(**{kind.review_field: entry}, verdict=CONFIRM,
                                              by_director=user, **origin_fields(origin))
    if kind.counted is not None:
        kind.counted(entry, review)
    kind.publish(table, round_, slot)
    return entry
