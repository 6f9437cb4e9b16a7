"""Final places (rules.md 13): each entrant's place, kept once its championship has finished.

The format says the places (``Format.final_places``: the ranking its standings show, shared
places carrying the same number); they are kept as ``FinalPlace`` rows so that the series
and the ratings read them without asking any format again.

- :func:`keep_final_places` replaces one championship's rows. ``finish_championship`` calls
  it in its own transaction; so does a full backup's import of a championship that was
  already finished, and a knockout game counted after the championship finished (the final
  ranking follows the bracket). Each asks for the ratings to be rebuilt once it commits.
- :func:`keep_missing_places` fills the championships finished before places were kept
  (each rebuild of the ratings starts with it; ``manage.py keep_final_places`` keeps every
  finished championship's again).
"""

from __future__ import annotations

from django.db import transaction

from tournaments.models import Championship, FinalPlace
from tournaments.services import ratings
from tournaments.services.common import lock_championship


@transaction.atomic
def keep_final_places(championship: Championship, *, rebuild: bool = True) -> int:
    """Replace ``championship``'s final places with its format's (``Format.final_places``);
    returns how many were kept. ``rebuild``: ask for the ratings to be rebuilt after the
    commit (the rebuild's own filling of missing places does not)."""
    from formats import format_of  # late: the formats import the services

    championship = lock_championship(championship)  # two keepers at once: one at a time
    places = format_of(championship).final_places(championship)
    FinalPlace.objects.filter(championship=championship).delete()
    FinalPlace.objects.bulk_create(
        FinalPlace(championship_id=championship.pk, team_id=team_id, place=place)
        for team_id, place in places)
    if rebuild:
        ratings.request_rebuild()
    return len(places)


def finished_without_places():
    """The finished championships that have entrants but no final places kept."""
    return (Championship.objects.filter(status=Championship.Status.FINISHED,
                                        teams__isnull=False)
            .exclude(final_places__isnull=False).distinct().order_by("pk"))


def keep_missing_places() -> int:
    """Keep the final places of every finished championship that has none (those finished
    before places were kept, or imported without them); returns how many championships.
    Each championship in a short transaction of its own, under its lock, checked again
    there so that two callers at once keep it once."""
    kept = 0
    for pk in list(finished_without_places().values_list("pk", flat=True)):
        with transaction.atomic():
            championship = lock_championship(Championship(pk=pk))
            if (championship.status != Championship.Status.FINISHED
                    or FinalPlace.objects.filter(championship=championship).exists()):
                continue
            keep_final_places(championship, rebuild=False)
            kept += 1
    return kept
