"""The director's draw between pairs level on every figure (rules.md 12.2, 12.3), kept.

The director records the order of a tie that needs a draw now (``standings.group_stage``:
``draws_needed``, a group's tie or the one across the groups that stops who goes through):
either the order drawn with cards at the venue, given pair by pair, or "draw for me", the
server drawing with ``secrets``. The draw is kept (``GroupDraw``) and settles only a tie of
exactly its pairs. Only once every group game counts and before who goes through is
confirmed, under the championship's lock; audited. Refused, naming the field ``pairs``, when
the pairs given are not exactly the pairs of a tie that needs a draw now.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from formats.groups_knockout.models import Group, GroupDraw, GroupDrawPair, group_letter
from scoring.services.knockout import check_not_drawn
from tournaments import audit
from tournaments.models import AuditEvent, Championship
from tournaments.services.common import ServiceError, check_not_finished, lock_championship


@transaction.atomic
def record_draw(championship: Championship, pairs: Sequence[int], *, for_me: bool = False,
                by=None, origin=None) -> GroupDraw:
    """Keep the draw of the tie of the pairs numbered ``pairs``: in that order (best
    first), or, with ``for_me``, in an order the server draws. Audited."""
    from formats.groups_knockout.standings import group_stage

    championship = lock_championship(championship)
    check_not_finished(championship)
    check_not_drawn(championship)
    stage = group_stage(championship)
    if not stage.complete:
        raise ServiceError(_("A draw is made once every group game counts."), field="pairs")
    numbers = list(pairs)
    by_number = {team.number: pk for pk, team in stage.teams.items()}
    if len(set(numbers)) != len(numbers) or any(n not in by_number for n in numbers):
        raise ServiceError(_("Give each pair of the tie once, by its number."), field="pairs")
    chosen = [by_number[n] for n in numbers]
    tie = next((tie for tie in stage.draws_needed if set(tie.pairs) == set(chosen)), None)
    if tie is None:
        raise ServiceError(_("Pairs %(pairs)s are not a tie waiting for a draw: give exactly "
                             "the pairs of one.") % {"pairs": ", ".join(map(str, numbers))},
                           field="pairs")
    order = list(chosen)
    if for_me:
        secrets.SystemRandom().shuffle(order)
    group = (Group.objects.get(championship=championship, number=tie.group)
             if tie.group is not None else None)
    draw = GroupDraw.objects.create(
        championship=championship, group=group,
        method=GroupDraw.Method.SERVER if for_me else GroupDraw.Method.GIVEN)
    GroupDrawPair.objects.bulk_create(
        GroupDrawPair(draw=draw, team_id=pk, position=position)
        for position, pk in enumerate(order, start=1))
    where = f"group {group_letter(tie.group)}" if tie.group is not None else "across groups"
    drawn = ", ".join(str(stage.teams[pk].number) for pk in order)
    audit.record(AuditEvent.Action.GROUP_TIE_DRAWN, championship, by=by, origin=origin,
                 detail=f"{where}: pairs {drawn} ({'server' if for_me else 'venue'})")
    return draw
