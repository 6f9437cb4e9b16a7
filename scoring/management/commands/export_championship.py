"""``python manage.py export_championship <id> --full|--public [-o FILE]``: write a
championship's archive (``docs/archive.md``). The full backup holds every secret."""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError

from scoring.archive import (
    KIND_FULL,
    KIND_PUBLIC,
    archive_filename,
    export_full,
    export_public,
    to_json_bytes,
)
from tournaments.models import Championship


class Command(BaseCommand):
    help = "Write a championship's full backup (--full) or public archive (--public) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("championship", type=int, help="championship id")
        kind = parser.add_mutually_exclusive_group(required=True)
        kind.add_argument("--full", action="store_true",
                          help="every row, with team links, PINs and the deal key")
        kind.add_argument("--public", action="store_true", help="what the public may see")
        parser.add_argument("-o", "--output", metavar="FILE",
                            help="file to write ('-' for standard output; default: the "
                                 "archive's own file name in the current directory)")

    def handle(self, *args, championship, full=False, public=False, output=None, **options):
        item = Championship.objects.filter(pk=championship).first()
        if item is None:
            raise CommandError(f"No championship with id {championship}")
        kind = KIND_FULL if full else KIND_PUBLIC
        data = to_json_bytes(export_full(item) if full else export_public(item))
        if output == "-":
            sys.stdout.buffer.write(data)
            return
        path = output or archive_filename(item, kind)
        with open(path, "wb") as handle:
            handle.write(data)
        if options["verbosity"]:
            self.stdout.write(f"{item.pk} {item.name}: {kind} archive written to {path} "
                              f"({len(data)} bytes)")
