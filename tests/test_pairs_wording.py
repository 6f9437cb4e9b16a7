"""The pairs formats call who plays a pair in English too, as the Catalan and Spanish do
(issue "A club night without a single why", item 11): no English message says "team" where
the others say "parella"/"pareja", and the placeholders survive."""

from __future__ import annotations

import re
from pathlib import Path

import polib

LOCALE = Path(__file__).resolve().parent.parent / "locale"
TEAM = re.compile(r"\b[Tt]eams?\b")
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|\{\{[^}]*\}\}")


def _words(text: str) -> str:
    return PLACEHOLDER.sub("", text)


def test_no_english_message_says_team():
    english = polib.pofile(str(LOCALE / "en" / "LC_MESSAGES" / "django.po"))
    said = [entry.msgid for entry in english if entry.translated() and TEAM.search(_words(
        entry.msgstr or " ".join(entry.msgstr_plural.values())))]
    assert said == []
    # And every msgid that says team has an English translation that does not.
    untranslated = [entry.msgid for entry in english
                    if TEAM.search(_words(entry.msgid)) and not entry.translated()]
    assert untranslated == []


def test_the_placeholders_survive():
    english = polib.pofile(str(LOCALE / "en" / "LC_MESSAGES" / "django.po"))
    for entry in english:
        if entry.msgstr:
            assert sorted(PLACEHOLDER.findall(entry.msgid)) == sorted(
                PLACEHOLDER.findall(entry.msgstr)), entry.msgid
