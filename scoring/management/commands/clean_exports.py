"""Remove export jobs and files older than EXPORTS_KEEP_HOURS (run it from cron, or leave it
to the cleanup that runs whenever a job is started)."""

from django.core.management.base import BaseCommand

from scoring.exports.jobs import cleanup_exports


class Command(BaseCommand):
    help = "Remove export jobs and their files older than EXPORTS_KEEP_HOURS (a day)."

    def handle(self, *args, **options):
        removed = cleanup_exports()
        self.stdout.write(f"{removed} export job(s) removed")
