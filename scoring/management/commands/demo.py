"""``python manage.py demo``: prepare the embedded demo and print how to log in."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from formats.registry import FORMATS
from tournaments.services.ratings import rebuild_ratings

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
        # Each format's own demo championships, in the formats' order (duplicate pairs'
        # championship, rules.md 6; free-deal pairs and its knockout stage, rules.md 11; an
        # individual evening, rules.md 10; groups then knockout, an open in its group stage
        # and one finished, rules.md 12).
        for fmt in FORMATS.values():
            for message in fmt.load_demo(director):
                self.stdout.write(message)
        # The series of the finished club nights and the Santa Tecla open (rules.md 13.2),
        # by name: the series app builds on this one.
        call_command("series_demo", director=director.get_username(), stdout=self.stdout)
        # The ratings at once (rules.md 13.3), not a moment later in the background: the
        # player pages show their charts as soon as the demo is served.
        written = rebuild_ratings()
        if written is not None:
            self.stdout.write(ngettext("Ratings rebuilt: %(count)d row.",
                                       "Ratings rebuilt: %(count)d rows.",
                                       written) % {"count": written})
        self.stdout.write(_("Open %(url)s") % {"url": f"http://127.0.0.1:{port}/"})
