"""``python manage.py analyse_deals ID [ID ...] [--force]``: the double-dummy analysis
(rules.md 8.1) of the deals of the championships' closed rounds, here and now.

Without ``--force`` only the deals whose analysis is not done yet. This is also the separate
process that a command's analysis is handed to (``tournaments.services.analysis``).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.models import Championship, Deal, Round
from tournaments.services.analysis import analyse_deals, missing_analysis


class Command(BaseCommand):
    help = "Analyse the deals of championships' closed rounds (table, par and optimal line)."

    def add_arguments(self, parser):
        parser.add_argument("championships", nargs="+", type=int, metavar="ID",
                            help="the championships' ids")
        parser.add_argument("--force", action="store_true",
                            help="analyse again the deals already analysed")

    def handle(self, *args, championships, force=False, **options):
        found = set(Championship.objects.filter(pk__in=championships)
                    .values_list("pk", flat=True))
        unknown = [pk for pk in championships if pk not in found]
        if unknown:
            raise CommandError(_("No championship with id %(ids)s.")
                               % {"ids": ", ".join(map(str, unknown))})
        for pk in championships:
            if force:
                deal_ids = list(Deal.objects.filter(
                    championship_id=pk, round__status=Round.Status.CLOSED,
                ).values_list("pk", flat=True))
            else:
                deal_ids = missing_analysis(pk)
            done = analyse_deals(deal_ids, force=force)
            if options["verbosity"]:
                self.stdout.write(_("Championship %(id)s: %(done)s of %(total)s deals analysed.")
                                  % {"id": pk, "done": done, "total": len(deal_ids)})
