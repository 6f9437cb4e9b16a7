"""``python manage.py series_demo --director NAME``: the demo's series (``series.demo``), once
every format's demo championships are loaded. The demo command calls it by name (the scoring
app it lives in never imports the series, which builds on it)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from series.demo import load_series_demo


class Command(BaseCommand):
    help = "Load the demo's series of championships (after the formats' demos)."

    def add_arguments(self, parser):
        parser.add_argument("--director", required=True,
                            help="The username of the director who directs the demo.")

    def handle(self, *args, director, **options):
        user = get_user_model().objects.filter(username=director, is_staff=True).first()
        if user is None:
            raise CommandError(_("No director account “%(user)s”.") % {"user": director})
        self.stdout.write(load_series_demo(user)[1])
