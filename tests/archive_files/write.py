"""Write the kept archive files: one finished championship of each event in
``kept_events.py``, built on a temporary SQLite database of its own, exported as the code of
the day writes it.

Run from the repository's root (any secret key: nothing is served)::

    SECRET_KEY=any-key python -m tests.archive_files.write

For each event ``NAME`` it writes into this folder:

- ``NAME.full.json``: the full backup (``manage.py export_championship ID --full``), the
  file an import reads;
- ``NAME.public.json``: the public archive (``--public``), which is not imported but which
  an imported championship must publish again;
- ``NAME.expected.json``: what the import must give back (``archive_readings.reading``:
  standings, knockout bracket, counts), read from the database before the export.

The files are kept as written: later versions of the project prove, with
``tests/scoring/test_archive_files_kept.py``, that they still import the same. So the script
writes only the events that have no files yet (a new format, a new event) and leaves the
others as they are: an old file rewritten proves nothing. Name events to write only those
(``python -m tests.archive_files.write abarrotada``); ``--again`` rewrites the named ones.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def _set_up_django(folder: str) -> None:
    """Django on a fresh SQLite database in ``folder``; no background work (the builders
    rebuild the scores themselves, and the deals' analysis is derived: not archived)."""
    for name in list(os.environ):
        if name.startswith(("CELERY_", "DJANGO_SETTINGS", "LIVE_REDIS")):
            del os.environ[name]
    os.environ.update(DATABASE_URL=f"sqlite://{folder}/write.sqlite3",
                      DUPLICADA_DATA_DIR=folder, DJANGO_SETTINGS_MODULE="config.settings")
    if not os.environ.get("SECRET_KEY"):
        sys.exit("Set SECRET_KEY (any value) to run this script.")
    sys.path[:0] = [str(ROOT), str(HERE), str(ROOT / "tests"), str(ROOT / "tests" / "scoring"),
                    str(ROOT / "tests" / "formats")]
    import django
    from django.conf import settings

    django.setup()
    settings.SCORING_REBUILD = "off"
    settings.DEAL_ANALYSIS = "off"
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def write_event(name: str, build, director, folder: Path) -> None:
    from archive_readings import reading
    from django.core.management import call_command

    championship = build(director)
    expected = reading(championship)
    for kind in ("full", "public"):
        call_command("export_championship", str(championship.pk), f"--{kind}",
                     "-o", str(folder / f"{name}.{kind}.json"), verbosity=0)
    text = json.dumps(expected, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    (folder / f"{name}.expected.json").write_text(text, encoding="utf-8")
    sizes = ", ".join(f"{path.name} {path.stat().st_size // 1024} KB"
                      for path in sorted(folder.glob(f"{name}.*.json")))
    print(f"{name}: {len(expected['standings'])} entrants; {sizes}")


def main(arguments: list[str]) -> None:
    again = "--again" in arguments
    names = [name for name in arguments if name != "--again"]
    with tempfile.TemporaryDirectory() as folder:
        _set_up_django(folder)
        from django.contrib.auth import get_user_model
        from django.utils import translation
        from kept_events import EVENTS

        unknown = set(names) - set(EVENTS)
        if unknown:
            sys.exit(f"No such event: {', '.join(sorted(unknown))} (events: {', '.join(EVENTS)})")
        director = get_user_model().objects.create_user("director1", password="not-used-1")
        with translation.override("en"):
            for name, build in EVENTS.items():
                if names and name not in names:
                    continue
                if (HERE / f"{name}.expected.json").exists() and not again:
                    print(f"{name}: kept files left as they are (--again rewrites them)")
                    continue
                write_event(name, build, director, HERE)


if __name__ == "__main__":
    main(sys.argv[1:])
