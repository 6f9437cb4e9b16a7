"""``python manage.py recompute_scores <championship id>...``: rebuild every score from the
stored results and adjustments (scores are derived data; see scoring.services)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from scoring.services import recompute_championship
from tournaments.models import Championship


class Command(BaseCommand):
    help = "Recompute all deal scores of championships from their stored results."

    def add_arguments(self, parser):
        parser.add_argument("championship", nargs="*", type=int, help="championship ids")
        parser.add_argument("--all", action="store_true", help="every championship")

    def handle(self, *args, championship=(), all=False, **options):
        if all:
            championships = Championship.objects.order_by("pk")
        elif championship:
            championships = Championship.objects.filter(pk__in=championship).order_by("pk")
            missing = set(championship) - set(championships.values_list("pk", flat=True))
            if missing:
                raise CommandError(f"No championship with id {', '.join(map(str, sorted(missing)))}")
        else:
            raise CommandError("Name one or more championship ids, or use --all.")
        for item in championships:
            deals = recompute_championship(item)
            if options["verbosity"]:
                self.stdout.write(f"{item.pk} {item.name}: {deals} deals rescored")
