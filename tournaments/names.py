"""The one rule for names people type (team names, players, clubs, championships): stored in
NFC, spaces collapsed, no invisible characters that change how a name reads, at least one
visible character; and team names that differ only in case or spaces are the same name.

Forms, the team import and the services all go through :func:`clean_name` and
:func:`team_name_key`.
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext as _

# Characters that reorder the text around them (a name could then display as another).
_BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
_ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff\u180e")
# Line breaks and tabs in a pasted name just become spaces.
_WHITESPACE_CONTROLS = frozenset("\t\n\r")
# Control, format, surrogate, private-use and unassigned code points.
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


class NameProblem(ValueError):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def clean_name(value) -> str:
    """``value`` as stored: NFC, surrounding spaces gone, inner runs of spaces made one.

    Raises :class:`NameProblem` for a bidirectional override, a zero-width or control
    character, or a name with no visible character. An empty name stays empty (whether it
    is required is the caller's business).
    """
    text = unicodedata.normalize("NFC", "" if value is None else str(value))
    for char in text:
        if char in _BIDI_CONTROLS:
            raise NameProblem(
                _("It contains an invisible character that changes the text direction "
                  "(U+%(code)04X); type the name again without it.") % {"code": ord(char)}
            )
        if char in _ZERO_WIDTH:
            raise NameProblem(
                _("It contains an invisible zero-width character (U+%(code)04X); type the "
                  "name again without it.") % {"code": ord(char)}
            )
        if char not in _WHITESPACE_CONTROLS and unicodedata.category(char) in _INVISIBLE_CATEGORIES:
            raise NameProblem(
                _("It contains a control character (U+%(code)04X); type the name again "
                  "without it.") % {"code": ord(char)}
            )
    text = " ".join(text.split())
    if text and not any(unicodedata.category(char)[0] in "LNPS" for char in text):
        raise NameProblem(_("It has no visible character."))
    return text


def team_name_key(name: str) -> str:
    """What makes two team names the same: case and spaces do not count."""
    return "".join(unicodedata.normalize("NFC", name or "").casefold().split())


def search_key(name: str) -> str:
    """How a player's name is searched and compared for likely duplicates: case folded,
    accents and other combining marks dropped, spaces collapsed ("Mària  COSTA" and
    "maria costa" have the same key)."""
    decomposed = unicodedata.normalize("NFKD", name or "")
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(bare.casefold().split())
