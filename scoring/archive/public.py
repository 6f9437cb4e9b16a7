"""The public archive: what anyone may see once results are published."""

from __future__ import annotations


def export_public(championship) -> dict:
    raise NotImplementedError
