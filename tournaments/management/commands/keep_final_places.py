"""``python manage.py keep_final_places``: keep again the final places (rules.md 13) of every
finished championship, from its format's ranking, then rebuild the ratings (13.3).

Idempotent: the places are replaced, never added to. For the championships finished before
places were kept; a rebuild of the ratings fills those by itself too.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Championship
from tournaments.services.places import keep_final_places
from tournaments.services.ratings import rebuild_ratings


class Command(BaseCommand):
    help = ("Keep the final places of every finished championship again, then rebuild the "
            "ratings.")

    def handle(self, *args, **options):
        ids = list(Championship.objects.filter(status=Championship.Status.FINISHED)
                   .order_by("pk").values_list("pk", flat=True))
        for pk in ids:
            championship = Championship.objects.get(pk=pk)
            # No rebuild asked by each: one, here and now, once all are kept.
            keep_final_places(championship, rebuild=False)
        self.stdout.write(ngettext("Final places kept for %(count)d finished championship.",
                                   "Final places kept for %(count)d finished championships.",
                                   len(ids)) % {"count": len(ids)})
        written = rebuild_ratings()
        if written is None:
            self.stdout.write(_("The ratings changed meanwhile: they will be rebuilt again "
                                "shortly."))
        else:
            self.stdout.write(ngettext("Ratings rebuilt: %(count)d row.",
                                       "Ratings rebuilt: %(count)d rows.",
                                       written) % {"count": written})
