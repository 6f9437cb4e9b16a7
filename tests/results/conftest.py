"""The results core's tests build each format's tables with the formats' test factories
(``lifecycle_worlds``); ``at`` is one kind's world, for every kind in turn."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scoring"))

from lifecycle_worlds import KINDS, Seated  # noqa: E402 (after the paths above)


@pytest.fixture(params=KINDS)
def adapter(request):
    return request.param


@pytest.fixture
def at(adapter, director) -> Seated:
    build, _closes = adapter
    return build(director)
