"""The format seam (formats/): every format a championship may have is in the registry, and
each answers every question of the interface."""

from __future__ import annotations

import inspect

from formats import FORMATS, format_of
from formats.base import Format
from tournaments.models import Championship


def test_the_registry_and_the_database_know_the_same_formats():
    assert set(FORMATS) == set(Championship.Format.values)
    assert Championship().format == "duplicate_pairs"
    assert format_of(Championship(format="free_deal_pairs")).key == "free_deal_pairs"


def test_every_format_answers_every_question():
    questions = [name for name, member in vars(Format).items()
                 if inspect.isfunction(member) and not name.startswith("_")]
    raising = [name for name in questions
               if "raise NotImplementedError" in inspect.getsource(getattr(Format, name))]
    assert raising  # the interface has questions every format must answer
    for fmt in FORMATS.values():
        for name in raising:
            assert getattr(type(fmt), name) is not getattr(Format, name), (fmt.key, name)
        assert fmt.label and fmt.summary and fmt.rules_section and fmt.facts_template
