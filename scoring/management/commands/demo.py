"""``python manage.py demo``: prepare the embedded demo and print how to log in."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.utils import translation
from django.utils.translation import gettext as _

from formats.registry import FORMATS
from tournaments.services.analysis import outliving_the_command, request_missing_analysis

DEMO_DIRECTOR = "director"


class Command(BaseCommand):
    help = "Migrate, create a director account if there is none, and load the demo championship."

    def add_arguments(self, parser):
        parser.add_argument(
            "--password",
            default=None,
            help="Password for a newly created director account (default: a random one).",
        )
        parser.add_argument("--port", type=int, default=8000,
                            help="The port the demo will be served on (only printed).")

    def handle(self, *args, password=None, port=8000, **options):
        # The demo's stored texts (reasons, comments) and everything it prints are in the
        # site's default language: one language throughout.
        translation.activate(settings.LANGUAGE_CODE)
        call_command("migrate", interactive=False, verbosity=0)
        User = get_user_model()
        director = User.objects.filter(is_staff=True).order_by("id").first()
        if director is None:
            password = password or secrets.token_urlsafe(9)
            director = User.objects.create_superuser(DEMO_DIRECTOR, "", password)
            self.stdout.write(
                self.style.SUCCESS(
                    _("Director account created. Log in as “%(user)s” with password "
                      "“%(password)s”.") % {"user": DEMO_DIRECTOR, "password": password}
                )
            )
        else:
            self.stdout.write(_("Director account: “%(user)s” (already existed).")
                              % {"user": director.get_username()})
        self.load_demo_championship(director)
        # Each format's own demo championships, in the formats' order (free-deal pairs and
        # its knockout stage, rules.md 11; an individual evening, rules.md 10).
        for fmt in FORMATS.values():
            for message in fmt.load_demo(director):
                self.stdout.write(message)
        self.stdout.write(_("Open %(url)s") % {"url": f"http://127.0.0.1:{port}/"})

    def load_demo_championship(self, director) -> None:
        # The closed rounds' analysis goes on after this command has returned (in a
        # separate process, or on a Celery worker), so that the hand records are there
        # without waiting for them here, nor pressing "Recompute".
        with outliving_the_command():
            championship = self._load(director)
            # Also carries on with an analysis cut short the last time.
            asked = request_missing_analysis(championship.pk) if championship else 0
        if asked:
            self.stdout.write(_("Hand records: %(deals)s deals of the closed rounds are being "
                                "analysed in the background.") % {"deals": asked})

    def _load(self, director):
        # The demo lives beside each app: tournaments builds the championship and its
        # rounds, scoring adds the results of the released rounds.
        try:
            from tournaments.demo import load_demo
        except ImportError:  # not built yet
            return None
        championship, message = load_demo(director)
        if message:
            self.stdout.write(message)
        try:
            from scoring.demo import add_demo_results
        except ImportError:
            return championship
        if championship is not None:
            message = add_demo_results(championship)
            if message:
                self.stdout.write(message)
        return championship
