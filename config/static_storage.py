"""The static files' storage in production: WhiteNoise's, compressed copies made again only for
the files that changed.

``collectstatic`` copies a file only when it changed, but WhiteNoise's storage compresses
every file again (Brotli and gzip) each time it runs: some 15 s of CPU for the project's
static files, on every start of ``manage.py venue`` at the club and every deploy. WhiteNoise
gives each compressed copy the modification time of the file it compressed, and
``collectstatic`` gives a file it copies a new one, so a copy whose time is its file's was
made from the file as it is: such a file is not compressed again. The files served and
their compressed copies are the same bytes as WhiteNoise's own storage makes.
"""

from __future__ import annotations

import os

from whitenoise import storage
from whitenoise.compress import Compressor

SUFFIXES = (".br", ".gz")
# WhiteNoise sets a copy's time from the file's as a float: a few hundred nanoseconds off.
SAME_TIME_NS = 1_000


def compressed_copies(path: str) -> list[str]:
    """The compressed copies of ``path`` if every one there was made from the file as it is
    now, else none (then it is compressed again). A copy WhiteNoise did not make (the
    compression would not have saved enough) is simply absent."""
    made_at = os.stat(path).st_mtime_ns
    copies = []
    for suffix in SUFFIXES:
        try:
            copy_at = os.stat(path + suffix).st_mtime_ns
        except FileNotFoundError:
            continue
        if abs(copy_at - made_at) > SAME_TIME_NS:
            return []
        copies.append(path + suffix)
    return copies


class IncrementalCompressor(Compressor):
    def compress(self, path):
        return compressed_copies(path) or super().compress(path)


class CompressedStaticFilesStorage(storage.CompressedStaticFilesStorage):
    def create_compressor(self, **kwargs) -> Compressor:
        return IncrementalCompressor(**kwargs)
