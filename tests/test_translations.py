"""Catalan, Spanish and English ship complete with every feature."""

from pathlib import Path

import polib
import pytest
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"


@pytest.mark.parametrize("language", ["ca", "es", "en"])
def test_catalogue_is_complete_and_compiled(language):
    po_path = LOCALE / language / "LC_MESSAGES" / "django.po"
    catalogue = polib.pofile(str(po_path))
    untranslated = [entry.msgid for entry in catalogue.untranslated_entries()]
    fuzzy = [entry.msgid for entry in catalogue.fuzzy_entries()]
    assert not untranslated, f"{language}: untranslated strings: {untranslated[:10]}"
    assert not fuzzy, f"{language}: fuzzy strings: {fuzzy[:10]}"
    mo_path = po_path.with_suffix(".mo")
    assert mo_path.exists(), f"{language}: compile the catalogue (make messages)"
    compiled = {
        entry.msgid
        for entry in polib.mofile(str(mo_path))
        if entry.msgstr or any(entry.msgstr_plural.values())
    }
    missing = {entry.msgid for entry in catalogue.translated_entries()} - compiled
    assert not missing, f"{language}: the .mo file is out of date: {sorted(missing)[:10]}"


def test_catalan_and_spanish_differ_from_english_where_they_should():
    catalogue = polib.pofile(str(LOCALE / "ca" / "LC_MESSAGES" / "django.po"))
    same = [e.msgid for e in catalogue.translated_entries() if e.msgstr == e.msgid]
    # Short codes and proper names may stay as they are; sentences may not.
    sentences = [msgid for msgid in same if " " in msgid and len(msgid) > 20]
    assert not sentences, f"Catalan strings left in English: {sentences[:10]}"


def test_english_says_what_the_source_says():
    # The English catalogue is the source text itself: a msgstr carried over from a similar
    # older string (a fuzzy match accepted by mistake) would show other words, or other
    # placeholders, than the code's.
    catalogue = polib.pofile(str(LOCALE / "en" / "LC_MESSAGES" / "django.po"))
    wrong = [entry.msgid for entry in catalogue if not entry.msgid_plural
             and entry.msgstr != entry.msgid]
    wrong += [entry.msgid for entry in catalogue if entry.msgid_plural
              and (entry.msgstr_plural.get(0), entry.msgstr_plural.get(1))
              != (entry.msgid, entry.msgid_plural)]
    assert not wrong, f"en: msgstr differs from msgid: {wrong[:10]}"
