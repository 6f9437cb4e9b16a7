"""The static files' storage (``config/static_storage.py``) compresses a file again only when
``collectstatic`` copied it anew, and leaves the same copies as WhiteNoise's own storage."""

from __future__ import annotations

import gzip
import os
from pathlib import Path

from whitenoise.storage import CompressedStaticFilesStorage as WhiteNoiseStorage

from config.static_storage import CompressedStaticFilesStorage

NAME = "css/site.css"
CSS = b"body { color: #123456; margin: 0 auto; }\n" * 200


def collected(storage_class, root: Path, content: bytes = CSS):
    """A storage at ``root`` holding ``NAME`` as ``collectstatic`` leaves a copied file: written
    anew (a time of its own), then post-processed; returns the storage and what it yielded."""
    path = root / NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    storage = storage_class(location=str(root))
    return storage, post_processed(storage)


def post_processed(storage) -> list:
    return sorted(name for _path, name, _done in storage.post_process({NAME: (storage, NAME)}))


def test_the_copies_are_whitenoises(tmp_path):
    _ours, made = collected(CompressedStaticFilesStorage, tmp_path / "ours")
    _theirs, expected = collected(WhiteNoiseStorage, tmp_path / "theirs")
    assert made == expected == sorted([f"{NAME}.br", f"{NAME}.gz"])
    for suffix in (".br", ".gz"):
        assert (tmp_path / "ours" / (NAME + suffix)).read_bytes() == \
            (tmp_path / "theirs" / (NAME + suffix)).read_bytes()


def test_an_unchanged_file_is_not_compressed_again_and_a_changed_one_is(tmp_path):
    storage, _made = collected(CompressedStaticFilesStorage, tmp_path)
    copy = tmp_path / (NAME + ".gz")
    made_at = copy.stat().st_mtime_ns
    copy.write_bytes(b"not compressed again")  # a mark, with the copy's time kept
    os.utime(copy, ns=(made_at, made_at))
    assert post_processed(storage) == sorted([f"{NAME}.br", f"{NAME}.gz"])
    assert copy.read_bytes() == b"not compressed again"
    # collectstatic copies a changed file anew: it gets a time of its own and is compressed.
    source = tmp_path / NAME
    source.write_bytes(CSS + b"p { color: red; }\n")
    os.utime(source, ns=(made_at + 10**9, made_at + 10**9))
    assert post_processed(storage) == sorted([f"{NAME}.br", f"{NAME}.gz"])
    assert gzip.decompress(copy.read_bytes()) == CSS + b"p { color: red; }\n"
