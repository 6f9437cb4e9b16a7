"""A name in a sentence. Catalan joins the preposition before a name to it: "Punts de
Espadats" is "Punts d'Espadats", "de Els Semifallos" is "dels Semifallos", "a El Trumfo" is
"al Trumfo", "per Els Nois" is "pels Nois". A translation cannot do it, since it does not know
the name, so the name is marked where it goes into the sentence and the sentence is mended
once it is whole:

- in Python: ``phrase(_("Points of %(pair)s"), pair=team.name)``;
- in a template: ``{% blocktranslate with pair=name|name_in asvar label %}Points of
  {{ pair }}{% endblocktranslate %}{{ label|mended }}`` (``tournaments.templatetags.phrases``).

Only what touches the mark changes: a name's own words ("Club de Amics") are the entrant's and
stay as typed. Spanish keeps "de El País" as written (a name's article is not contracted);
English has nothing to join.
"""

from __future__ import annotations

import re

from django.utils.safestring import SafeData, mark_safe
from django.utils.translation import get_language

#: Put before a name (U+2063, an invisible separator): never typed, never shown.
MARK = "\u2063"

_VOWEL = "aeiouàèéíïòóúüAEIOUÀÈÉÍÏÒÓÚÜ"
_CATALAN = [
    # de + El/Els → del/dels; a + El/Els → al/als; per + El/Els → pel/pels.
    (re.compile(rf"(?<!\w)([Dd])e {MARK}[Ee]l(s?) "), rf"\1el\2 {MARK}"),
    (re.compile(rf"(?<!\w)([Aa]) {MARK}[Ee]l(s?) "), rf"\1l\2 {MARK}"),
    (re.compile(rf"(?<!\w)([Pp])er {MARK}[Ee]l(s?) "), rf"\1el\2 {MARK}"),
    # de + a vowel or h and a vowel → d'; not before a glide (i or u and a vowel: "de
    # Iolanda", "de Huelva").
    (re.compile(rf"(?<!\w)([Dd])e {MARK}(?=[Hh]?[{_VOWEL}])(?![Hh]?[iuIU][{_VOWEL}])"),
     rf"\1'{MARK}"),
]


def name_in(value) -> str:
    """``value`` (a name) marked for :func:`mended`."""
    return f"{MARK}{value}"


def mended(text, language: str | None = None):
    """``text`` with the prepositions before marked names joined as the language wants, and
    the marks gone. Keeps a safe string safe: only spaces, letters and an apostrophe change."""
    result = str(text)
    if MARK in result and (language or get_language() or "").startswith("ca"):
        for pattern, replacement in _CATALAN:
            result = pattern.sub(replacement, result)
    result = result.replace(MARK, "")
    return mark_safe(result) if isinstance(text, SafeData) else result


def phrase(message, **names) -> str:
    """``message % names`` with each name marked, mended: for sentences that name an entrant,
    a seat or a director."""
    return mended(str(message) % {key: name_in(value) for key, value in names.items()})
