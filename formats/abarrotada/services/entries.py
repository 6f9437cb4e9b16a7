"""The confirmation flow every individual entry shares (rules.md 10.2): a deal's report and
a free-deal evening's game totals (10.4) are entered, confirmed, disputed and settled the
same way, each by its own pair of models (an entry and its reviews, the review's foreign key
being ``report``). ``reports`` and ``totals`` give the flow their models and their slot (a
deal of the table, or the table's one game).

Any player seated at the table enters; **any one of the others** confirms it (or disputes
it, which sends it to the director); a player cannot confirm his own entry, and nobody
confirms one that any player disputed, nor enters the slot again (only the director settles
it); once confirmed only the director changes it; a newer entry supersedes older ones;
the same idempotency key stores one entry. Each operation locks only its own table's row.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, connection, transaction
from django.db.models import Exists, OuterRef
from django.utils.translation import gettext as _

from formats.abarrotada.models import PlayerTable, Seating
from formats.abarrotada.wording import PLAYER_WORDING
from scoring.services.values import Origin, ScoringError
from tournaments.models import Round, Team

#: As for a pairs' deal: past this many entries of one slot by one player, a phone is
#: misbehaving and the director corrects it.
MAX_ENTRIES = 10

CONFIRM, DISPUTE = "confirm", "dispute"


@dataclass(frozen=True)
class Kind:
    """An entry model and its review model (whose foreign key to the entry is ``report``);
    ``confirmed_message`` refuses an entry after confirmation."""

    model: type
    review_model: type
    confirmed_message: str


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


def origin_fields(origin: Origin) -> dict:
    return {"ip_address": origin.ip_address, "user_agent": origin.user_agent}


def lock_table(table_id: int, round_id: int) -> Round:
    """Lock one table's row (``FOR NO KEY UPDATE``), then read its round as it is now. The
    pairs' ``scoring.services.checks._lock_table`` for a table of players."""
    if connection.features.has_select_for_update:
        list(PlayerTable.objects.select_for_update(no_key=True).filter(pk=table_id)
             .order_by().values_list("pk"))
    return Round.objects.only("id", "number", "status", "championship_id").get(pk=round_id)


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


def submit(kind: Kind, *, player: Team, table: PlayerTable, slot: dict, fields: dict,
           idempotency_key: str | None, origin: Origin):
    """Store a player's entry of ``slot`` (e.g. ``{"deal_number": 3}``) at ``table``.
    Returns ``(entry, created)``; the same key stores once."""
    key = (idempotency_key or "").strip() or None
    if key is not None and len(key) > 64:
        raise ScoringError(_("The request key is longer than 64 characters."),
                           code="key_too_long")
    model = kind.model
    try:
        with transaction.atomic():
            round_ = lock_table(table.pk, table.round_id)
            if key is not None:
                earlier = model.objects.filter(idempotency_key=key).first()
                if earlier is not None:
                    return _same_request(earlier, table, slot, player), False
            check_player_may_write(player, table, round_)
            entries = list(
                model.objects.filter(table=table, **slot).order_by("-id")
                .annotate(confirmed=Exists(kind.review_model.objects.filter(
                    report=OuterRef("pk"), verdict=CONFIRM)),
                          disputed=Exists(kind.review_model.objects.filter(
                              report=OuterRef("pk"), verdict=DISPUTE)))
                .values_list("by_team_id", "confirmed", "disputed"))
            if entries and entries[0][1]:
                raise ScoringError(kind.confirmed_message, code="confirmed")
            if entries and entries[0][2]:
                # A dispute sends the deal to the director (rules.md 10.2). With two pairs a
                # correction still needs the disputing side's confirmation; here a third
                # player could confirm it, so after a dispute no player enters it again.
                raise ScoringError(_("This result is disputed: the director will settle it."),
                                   code="disputed")
            if sum(by == player.pk for by, _c, _d in entries) >= MAX_ENTRIES:
                raise ScoringError(_("You have entered this too many times: please ask the "
                                     "director."), code="too_many")
            entry = model.objects.create(table=table, by_team=player, idempotency_key=key,
                                         **slot, **fields, **origin_fields(origin))
            changed(table, round_, slot.get("deal_number"))
    except IntegrityError:
        # The same key arrived twice at once: the other request stored it.
        earlier = model.objects.filter(idempotency_key=key).first()
        if key is None or earlier is None:
            raise
        return _same_request(earlier, table, slot, player), False
    return entry, True


def earlier_submission(kind: Kind, *, player: Team, slot: dict, idempotency_key: str | None):
    """The entry ``player`` stored for ``slot`` with this key, its table and round loaded;
    ``None`` without one. A submission sent again (a phone's outbox after a lost answer)
    gets its first answer from it, even once its round has closed or the next one is in
    play: the player is never told that a stored entry was refused. A key stored for
    another slot answers nothing here (``submit`` refuses it)."""
    key = (idempotency_key or "").strip()
    if not key or len(key) > 64:
        return None  # no key, or one no entry can have
    return (kind.model.objects.select_related("table__round")
            .filter(idempotency_key=key, by_team=player, **slot).first())


def _same_request(earlier, table: PlayerTable, slot: dict, player: Team):
    if (earlier.table_id != table.pk or earlier.by_team_id != player.pk
            or any(getattr(earlier, name) != value for name, value in slot.items())):
        raise ScoringError(_("This request key was already used for another result."),
                           code="key_reused")
    return earlier


def for_review(kind: Kind, entry_id: int, player: Team | None, slot_of) -> tuple[object, Round]:
    """The entry, with its table locked, if ``player`` (or the director) may review it;
    ``slot_of(entry)`` gives the entry's slot."""
    entry = kind.model.objects.select_related("table").filter(pk=entry_id).first()
    if entry is None:
        raise ScoringError(_("This result does not exist."), code="not_found")
    round_ = lock_table(entry.table_id, entry.table.round_id)
    if player is not None:
        check_player_may_write(player, entry.table, round_)
    latest = (kind.model.objects.filter(table_id=entry.table_id, **slot_of(entry))
              .order_by("-id").values_list("id", flat=True).first())
    if latest != entry.pk:
        raise ScoringError(_("A newer result has been entered here; review that one "
                             "instead."), code="superseded")
    if player is not None and entry.by_team_id == player.pk:
        raise ScoringError(_("You entered this result, so you cannot confirm it: another "
                             "player at the table must."), code="self_confirmation")
    if player is not None and entry.by_director_override:
        raise ScoringError(_("The director entered this result; it needs no confirmation."),
                           code="director")
    return entry, round_


def confirm(kind: Kind, entry, player: Team | None, *, round_: Round, user=None,
            via_pin: bool = False, origin: Origin = Origin()):
    """Confirm ``entry`` (already checked by :func:`for_review`, in the caller's
    transaction): by another player, or by the director (``user``). Confirming twice returns
    the first confirmation."""
    reviews = list(entry.reviews.order_by("id"))
    existing = next((r for r in reviews if r.verdict == CONFIRM), None)
    if existing is not None:
        return existing
    if player is not None:
        check_not_disputed(reviews, player)
    review = kind.review_model.objects.create(report=entry, verdict=CONFIRM, by_team=player,
                                              by_director=user, via_pin=via_pin,
                                              **origin_fields(origin))
    changed(entry.table, round_, getattr(entry, "deal_number", None))
    return review


def check_not_disputed(reviews, player: Team) -> None:
    """Once any player at the table has disputed an entry, only the director settles it
    (rules.md 10.2): no player confirms it any more, by link, by PIN or through the API.
    With two pairs the only other side is the one that disputed; here a third player could
    otherwise outvote the dispute."""
    disputes = [r for r in reviews if r.verdict == DISPUTE]
    if not disputes:
        return
    if any(r.by_team_id == player.pk for r in disputes):
        raise ScoringError(_("You have disputed this result: the director will settle it. Ask "
                             "the director if you now agree with it."), code="disputed")
    raise ScoringError(_("%(player)s has disputed this result: only the director can settle "
                         "it now.") % {"player": disputes[0].by_team.name}, code="disputed")


def dispute(kind: Kind, entry, player: Team, comment: str, origin: Origin, *, round_: Round):
    if entry.reviews.filter(verdict=CONFIRM).exists():
        raise ScoringError(kind.confirmed_message, code="confirmed")
    review = kind.review_model.objects.create(report=entry, verdict=DISPUTE, by_team=player,
                                              comment=comment[:2000], **origin_fields(origin))
    changed(entry.table, round_, getattr(entry, "deal_number", None))
    return review


def director_entry(kind: Kind, *, table: PlayerTable, slot: dict, fields: dict, user,
                   note: str, origin: Origin):
    """The director's entry: it counts at once (in a released or closed round)."""
    round_ = lock_table(table.pk, table.round_id)
    if round_.status == Round.Status.DRAFTED:
        raise ScoringError(_("This round has not been released yet."), code="drafted")
    entry = kind.model.objects.create(table=table, by_director=user, by_director_override=True,
                                      note=note, **slot, **fields, **origin_fields(origin))
    kind.review_model.objects.create(report=entry, verdict=CONFIRM, by_director=user,
                                     **origin_fields(origin))
    changed(table, round_, slot.get("deal_number"))
    return entry
