"""Merging a duplicate of the register into the player kept, and undoing it (rules.md 13.1).

A merge moves every entrant that names the duplicate to the player kept and records exactly
which rows it moved (``PlayerMerge.entries``), so that :func:`undo_merge` moves those and
only those back. Results belong to entrants, never to players: a merge or its undo changes
no standing, only who the register says played. Both lock the rows they change and ask for
the ratings to be rebuilt (rules.md 13.3).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import EntrantPlayer, Player, PlayerMerge
from tournaments.services import ratings
from tournaments.services.common import ServiceError


def _lock(*players: Player) -> dict[int, Player]:
    """The players' rows, read again under a lock, in id order (no deadlock between two
    directors merging the same two players)."""
    ids = sorted({player.pk for player in players})
    locked = {player.pk: player for player in
              Player.objects.select_for_update().filter(pk__in=ids).order_by("pk")}
    if len(locked) != len(ids):
        raise ServiceError(_("That player is no longer in the register."), field="merged")
    return locked


def _actor(by):
    return by if by is not None and by.is_authenticated else None


@transaction.atomic
def merge_players(kept: Player, duplicate: Player, *, by=None, origin=None) -> PlayerMerge:
    """Merge ``duplicate`` into ``kept``: every entrant naming the duplicate names the player
    kept, the duplicate leaves the register (``merged_into``), and its licence goes to the
    player kept when only the duplicate had one. Refused (``ServiceError`` naming the field,
    nothing written): a player into itself, a player already merged away on either side,
    two different licences, or two players who played in the same championship (two people).
    """
    if kept.pk == duplicate.pk:
        raise ServiceError(_("A player cannot be merged into itself."), field="merged")
    locked = _lock(kept, duplicate)
    kept, duplicate = locked[kept.pk], locked[duplicate.pk]
    if kept.merged_into_id is not None:
        raise ServiceError(_("%(player)s was merged into another player already; merge into "
                             "that player instead.") % {"player": kept}, field="kept")
    if duplicate.merged_into_id is not None:
        raise ServiceError(_("%(player)s was merged into another player already.")
                           % {"player": duplicate}, field="merged")
    if kept.licence and duplicate.licence and kept.licence != duplicate.licence:
        raise ServiceError(
            _("Licence number: %(kept)s has %(first)s and %(merged)s has %(second)s; a person "
              "has one licence. Correct one of them first.")
            % {"kept": kept, "first": kept.licence, "merged": duplicate,
               "second": duplicate.licence}, field="licence")
    entries = list(EntrantPlayer.objects.select_for_update().filter(player=duplicate)
                   .order_by("pk"))
    moved = [entry.pk for entry in entries]
    championships = set(EntrantPlayer.objects.filter(pk__in=moved)
                        .values_list("team__championship_id", flat=True))
    shared = (EntrantPlayer.objects.filter(player=kept, team__championship__in=championships)
              .select_related("team__championship").first()) if championships else None
    if shared is not None:
        raise ServiceError(
            _("%(kept)s and %(merged)s both played in %(championship)s: they are two "
              "people.") % {"kept": kept, "merged": duplicate,
                            "championship": shared.team.championship.name}, field="merged")
    EntrantPlayer.objects.filter(pk__in=moved).update(player=kept)
    licence_moved = ""
    if duplicate.licence and not kept.licence:
        licence_moved = duplicate.licence
        duplicate.licence = ""
        duplicate.save(update_fields=["licence"])
        kept.licence = licence_moved
        kept.save(update_fields=["licence"])
    duplicate.merged_into = kept
    duplicate.save(update_fields=["merged_into"])
    merge = PlayerMerge.objects.create(
        kept=kept, merged=duplicate, entries=moved, licence_moved=licence_moved,
        by_director=_actor(by), ip_address=getattr(origin, "ip_address", None),
        user_agent=(getattr(origin, "user_agent", "") or "")[:300])
    ratings.request_rebuild()
    return merge


@transaction.atomic
def undo_merge(merge: PlayerMerge, *, by=None, origin=None) -> PlayerMerge:
    """Undo ``merge``: the entries it moved name the duplicate again, the licence it moved
    goes back, and the duplicate is on the register again. Refused (nothing written) when
    already undone, or when the player kept has since been merged into another player (undo
    that merge first), or when the licence it moved has been changed since."""
    merge = PlayerMerge.objects.select_for_update().get(pk=merge.pk)
    if merge.undone_at is not None:
        raise ServiceError(_("This merge was undone already."))
    locked = _lock(merge.kept, merge.merged)
    kept, duplicate = locked[merge.kept_id], locked[merge.merged_id]
    if kept.merged_into_id is not None:
        raise ServiceError(
            _("%(kept)s has since been merged into another player; undo that merge first.")
            % {"kept": kept})
    if duplicate.merged_into_id != kept.pk:
        raise ServiceError(_("%(player)s is no longer merged into %(kept)s.")
                           % {"player": duplicate, "kept": kept})
    if merge.licence_moved and kept.licence != merge.licence_moved:
        raise ServiceError(
            _("Licence number: %(kept)s no longer has %(licence)s, which this merge gave; "
              "set it back first.") % {"kept": kept, "licence": merge.licence_moved},
            field="licence")
    # Entries deleted since (an entrant edited or removed) are gone; the others still name
    # the player kept (a later merge that moved them would have merged the player kept).
    back = list(EntrantPlayer.objects.select_for_update()
                .filter(pk__in=merge.entries, player=kept).values_list("pk", flat=True))
    EntrantPlayer.objects.filter(pk__in=back).update(player=duplicate)
    if merge.licence_moved:
        kept.licence = ""
        kept.save(update_fields=["licence"])
        duplicate.licence = merge.licence_moved
        duplicate.save(update_fields=["licence"])
    duplicate.merged_into = None
    duplicate.save(update_fields=["merged_into"])
    merge.undone_at = timezone.now()
    merge.undone_by = _actor(by)
    merge.save(update_fields=["undone_at", "undone_by"])
    ratings.request_rebuild()
    return merge
