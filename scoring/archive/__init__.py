"""The championship archive (``docs/archive.md``): a JSON file with a ``format_version``.

- :func:`export_full`: every row of a championship, secrets included (directors only), to
  move it to another installation; :func:`import_archive` brings it back, in one
  transaction, with the same standings, history, link secrets and PINs (under new ids).
- :func:`export_public`: what anyone may see on the published pages.
- :func:`to_json_bytes` writes either canonically; :func:`archive_filename` names the file.
- :func:`record_backup_download`: every download of a full backup is audited.

Modules: ``format`` (marker, version, the rows and how values are written), ``reading``
(the file: size, JSON, marker, version), ``validation`` (the rows' types, ids and
references), ``names`` (names as the forms check them), ``rules`` (the championship's rules
on them), ``export``, ``public``,
``importing``, ``errors``; ``views``, ``forms`` and ``urls`` for the pages.
"""

from scoring.archive.errors import ArchiveError
from scoring.archive.export import export_full, record_backup_download
from scoring.archive.format import (
    FORMAT,
    FORMAT_VERSION,
    KIND_FULL,
    KIND_PUBLIC,
    archive_filename,
    to_json_bytes,
)
from scoring.archive.importing import check_archive, import_archive
from scoring.archive.public import export_public

__all__ = [
    "FORMAT", "FORMAT_VERSION", "KIND_FULL", "KIND_PUBLIC", "ArchiveError", "archive_filename",
    "check_archive", "export_full", "export_public", "import_archive", "record_backup_download",
    "to_json_bytes",
]
