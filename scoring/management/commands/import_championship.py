"""``python manage.py import_championship FILE --director USERNAME``: import a full backup
as a new championship directed by USERNAME, with the same standings, history, link secrets
and PINs (every row takes a new id here, so the captain links change)."""

from __future__ import annotations

import sys
from contextlib import nullcontext

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scoring.archive import ArchiveError, import_archive
from tournaments.services.analysis import outliving_the_command


class Command(BaseCommand):
    help = "Import a championship's full backup (JSON) into this installation."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the full backup ('-' for standard input)")
        parser.add_argument("--director", required=True, metavar="USERNAME",
                            help="the account that directs the imported championship")

    def handle(self, *args, file, director, **options):
        User = get_user_model()
        user = User.objects.filter(**{User.USERNAME_FIELD: director}).first()
        if user is None:
            raise CommandError(f"No account with username {director!r}")
        try:
            opened = nullcontext(sys.stdin.buffer) if file == "-" else open(file, "rb")
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}") from None
        try:
            # The file is read no further than the cap (``reading.read_capped``). The closed
            # rounds' analysis is asked for after the import: handed on to something that
            # outlives this command (a thread of it would die with it).
            with opened as handle, outliving_the_command():
                championship = import_archive(handle, director=user)
        except ArchiveError as error:
            raise CommandError(f"Not imported: {error.message}") from None
        if options["verbosity"]:
            self.stdout.write(f"Imported championship {championship.pk} “{championship.name}”: "
                              f"{championship.teams.count()} teams, "
                              f"{championship.rounds.count()} rounds; directed by "
                              f"{', '.join(championship.directors.values_list('username', flat=True))}")
            if championship.archive_directors:
                self.stdout.write("The archive also names these directors, not added here: "
                                  f"{', '.join(championship.archive_directors)}")
            summary = championship.register_summary
            self.stdout.write(f"Players: {summary.by_licence} found by licence, "
                              f"{summary.by_name} by name and club, {summary.registered} "
                              "newly registered")
            for player in summary.likely_duplicates:
                self.stdout.write(f"Likely duplicate to review: {player}")
            for name, player in summary.other_names:
                self.stdout.write(f"Found by licence under another name: {name} (here: {player})")
