"""``python manage.py venue``: serve this laptop to the phones on the venue's Wi-Fi.

``manage.py`` prepares the environment first (``config/venue.py``: DEBUG off, a secret key
kept in ``var/``, the allowed hosts and the public address of the team cards). This command
then migrates the database, collects the static files (served by WhiteNoise), makes sure a
director can log in, prints the address the phones use and its QR code, and serves
``config.asgi:application`` with uvicorn, a pure-Python server that runs on Windows, macOS
and Linux alike. Ctrl+C stops it.
"""

from __future__ import annotations

import secrets
import sys

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from config import venue as venue_env
from tournaments import pdf_support

DIRECTOR = "director"


class Command(BaseCommand):
    help = "Serve Duplicada to the phones on the venue's network (see README, 'At the club')."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="0.0.0.0",
                            help="Address to listen on (default: every network of the laptop).")
        parser.add_argument("--port", type=int, default=venue_env.DEFAULT_PORT,
                            help="Port (default 8000).")
        parser.add_argument("--address", default="",
                            help="Host name or IP address the phones use, on team cards and QR "
                                 "codes (default: the laptop's .local name if it answers to "
                                 "it, else its IP address).")
        parser.add_argument("--data-dir", default="",
                            help="Folder of the secret key and the SQLite database "
                                 "(default: var/).")

    def handle(self, *args, **options):
        plan = venue_env.CURRENT
        if plan is None:
            raise CommandError("Start venue mode as: python manage.py venue [options]")
        translation.activate(settings.LANGUAGE_CODE)
        call_command("migrate", interactive=False, verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        self._director_account()
        self._banner(plan)
        self._serve(plan)

    def _director_account(self) -> None:
        User = get_user_model()
        if User.objects.filter(is_staff=True).exists():
            return
        password = secrets.token_urlsafe(9)
        User.objects.create_superuser(DIRECTOR, "", password)
        self.stdout.write(self.style.SUCCESS(
            _("Director account created. Log in as “%(user)s” with password “%(password)s”.")
            % {"user": DIRECTOR, "password": password}))

    def _banner(self, plan: venue_env.VenuePlan) -> None:
        url = plan.base_url + "/"
        write = self.stdout.write
        write("")
        write(_("Phones on the venue's Wi-Fi open: %(url)s") % {"url": url})
        try:
            write(venue_env.terminal_qr(url))
        except UnicodeEncodeError:  # a terminal that cannot show the blocks
            write(_("(This terminal cannot show the QR code.)"))
        write(_("The cards and their QR codes use this address (%(how)s).")
              % {"how": _how(plan.how_chosen)})
        ip = venue_env.lan_address()
        if plan.how_chosen == "mDNS name" and ip:
            write(_("A phone that cannot open it can use: %(url)s")
                  % {"url": f"http://{ip}:{plan.port}/"})
        write(_("Director: %(url)s") % {"url": plan.base_url + "/director/"})
        write(_pdf_line())
        write(_("Stop with Ctrl+C."))
        write("")
        sys.stdout.flush()

    def _serve(self, plan: venue_env.VenuePlan) -> None:
        import uvicorn

        config = uvicorn.Config(
            "config.asgi:application",
            host=plan.host,
            port=plan.port,
            lifespan="off",  # Django's ASGI application has no lifespan events
            access_log=False,  # team links carry their secret: keep them out of the terminal
            log_level="warning",
        )
        try:
            uvicorn.Server(config).run()
        except KeyboardInterrupt:  # uvicorn has shut down cleanly, then re-raises Ctrl+C
            pass
        self.stdout.write(_("Stopped."))


def _how(how: str) -> str:
    return {
        "given": _("given with --address"),
        "listening address": _("the address it listens on"),
        "mDNS name": _("the laptop's name on the network: it stays the same if the laptop's IP "
                       "address changes"),
        "network address": _("the laptop's IP address: keep it, or reprint the cards if it "
                             "changes"),
    }.get(how, how)


def _pdf_line() -> str:
    """Whether this laptop makes PDF files; printing from the browser works either way."""
    if pdf_support.available():
        return _("PDF files: available. Every printed sheet is also a page to print from "
                 "the browser.")
    return _("PDF files: not available on this computer (%(reason)s). Every printed sheet "
             "opens as a page to print from the browser; see “Printing” in the README.") % {
        "reason": pdf_support.problem()}
