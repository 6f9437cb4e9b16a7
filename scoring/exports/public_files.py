"""Public downloads, made once per state of the results.

Anyone may download the exports of a published championship, and the travellers or
scorecards of a large event take WeasyPrint a minute: a file is made on the first request
and kept under ``EXPORTS_DIR/public/``, named by a fingerprint of everything it shows
(rounds and their states, every result, review and adjustment, the deals' analyses, the teams,
the championship's heading, the ratings shown, the kind, language and round). Any change makes a new fingerprint, so a stale file
is never served; old files go with the day-old cleanup (``jobs.cleanup_exports``).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import NamedTuple

from django.conf import settings

from formats import format_of
from scoring.exports import registry
from scoring.exports.data import export_scope
from scoring.exports.jobs import cleanup_exports
from tournaments.models import Championship
from tournaments.rating_selectors import rating_marks

FOLDER = "public"


def fingerprint(championship: Championship, kind: registry.ExportKind, language: str,
                after) -> str:
    """A digest of what the file shows: the championship, its rounds and teams here, the
    results as its format says (``Format.export_state``); six queries for duplicate pairs."""
    scope = export_scope(championship, after)  # raises ScopeError for a bad round
    state = {
        "kind": kind.key,
        "language": language,
        "scope": [scope.file_suffix, scope.total_rounds],
        "championship": [championship.name, championship.venue, str(championship.starts_on),
                         str(championship.ends_on), championship.status],
        "rounds": list(championship.rounds.order_by("number").values_list(
            "number", "status", "bye_team_id")),
        "teams": list(championship.teams.order_by("number").values_list(
            "number", "name", "club", "player1", "player2", "withdrawn")),
        # The ranking sheet's "Rating" column (rules.md 13.3), when it is shown.
        "ratings": rating_marks(championship),
        **format_of(championship).export_state(championship),
    }
    return hashlib.sha256(json.dumps(state, default=str).encode()).hexdigest()[:32]


def _paths(championship: Championship, kind: registry.ExportKind, language: str,
           after) -> tuple[Path, Path]:
    """Where the kept copy of the file is (its bytes, its name and type), made or not."""
    key = fingerprint(championship, kind, language, after)
    folder = Path(settings.EXPORTS_DIR) / FOLDER
    return folder / f"c{championship.pk}-{key}.bin", folder / f"c{championship.pk}-{key}.json"


class KeptFile(NamedTuple):
    filename: str
    content_type: str
    size: int


def kept_file(championship: Championship, kind: registry.ExportKind, language: str,
              after=None) -> KeptFile | None:
    """The name, type and size of the kept copy, or ``None`` when there is none yet; never
    makes the file (a HEAD request must not cost a minute of WeasyPrint). Raises
    ``ScopeError`` for a bad round, as :func:`public_file` does."""
    data_path, meta_path = _paths(championship, kind, language, after)
    try:
        meta = json.loads(meta_path.read_text())
        return KeptFile(meta["filename"], meta["content_type"], data_path.stat().st_size)
    except (OSError, ValueError, KeyError):
        return None


def public_file(championship: Championship, kind: registry.ExportKind, language: str,
                after=None) -> registry.ExportFile:
    """The file of ``kind``, from the kept copy when the results have not changed."""
    data_path, meta_path = _paths(championship, kind, language, after)
    folder = data_path.parent
    try:
        meta = json.loads(meta_path.read_text())
        return registry.ExportFile(meta["filename"], meta["content_type"],
                                   data_path.read_bytes())
    except (OSError, ValueError, KeyError):
        pass
    made = registry.build(kind, championship, language, after)
    folder.mkdir(parents=True, exist_ok=True)
    for path, content in ((data_path, made.data), (meta_path, json.dumps(
            {"filename": made.filename, "content_type": made.content_type}).encode())):
        partial = path.with_name(f"{path.name}.{os.getpid()}.part")
        partial.write_bytes(content)
        partial.replace(path)  # the data first, then the name that makes it count
    cleanup_exports()
    return made
