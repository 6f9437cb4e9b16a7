"""What every format answers for the demo, the API's URLs and the full backup. Part of the
seam (:class:`formats.base.Format` inherits these questions); see ``formats/base.py``."""

from __future__ import annotations

from collections.abc import Iterable


class BackupQuestions:
    # --- The demo, the API and the archive (the core asks every format in turn) -----------

    #: The lists of a full backup a championship of this format may have: an import
    #: (``scoring.archive.rules``) refuses rows in another format's lists.
    archive_rows: tuple[str, ...] = ()

    def load_demo(self, director) -> Iterable[str]:
        """``manage.py demo`` (``scoring.management.commands.demo``) asks each format, in
        the formats' order, to load its demo championships for ``director``: the lines it
        prints, each as its championship is loaded."""
        return ()

    def api_urlpatterns(self) -> list:
        """The format's own endpoints, which the API's URLs (``scoring.api.urls``) add after
        the core's; a package of two formats gives them once."""
        return []

    def archive_part(self):
        """The format's row lists of a full backup (a ``scoring.archive.format.ArchivePart``,
        asked by ``backup_layout``), after the core's; ``None`` for none (a package of two
        formats gives them once)."""
        return None

    def check_archive(self, checked) -> None:
        """Refuse (``ArchiveError`` naming the row) a full backup of one of the format's
        championships whose own rows its forms would refuse: an import
        (``scoring.archive.rules``) asks this of the file's format, ``checked`` being the
        rows read (``scoring.archive.validation.CheckedArchive``)."""

    def archived_licences(self, checked) -> dict[int, str]:
        """An entrant's licence number as the format's rows of a full backup keep it, by
        the archive's team id (an individual player's, rules.md 10), for the register
        (``scoring.archive.register``): it is the licence typed for the entrant. Pairs
        have none."""
        return {}

    def check_archived_deal(self, checked, path: str, deal: dict) -> bool:
        """Whether the format checked a deal of a full backup itself (one it builds its own
        way, refused with ``ArchiveError`` at ``path``); ``False`` leaves it to the archive's
        check of the pairs' generated deals (``scoring.archive.rules``)."""
        return False
