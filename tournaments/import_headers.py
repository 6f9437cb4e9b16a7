"""The header row of a team list: its columns named in the director's language, and every
name a file's header may give them in any of the site's languages.

The template a director downloads (``importing.team_template_csv`` and ``_xlsx``) names the
columns in the language of the page it came from; a file filled in by a Catalan director is
often imported by a Spanish-speaking one, so :func:`column_of` reads a header in any language
(and the usual ways of retyping it by hand: "Jugador 1", "Núm", "Pareja").
"""

from __future__ import annotations

import re
from functools import cache

from django.conf import settings
from django.utils import translation
from django.utils.translation import pgettext, pgettext_lazy

#: Each column's header as the template writes it, in the director's language.
HEADERS = {
    "number": pgettext_lazy("team list column", "number"),
    "name": pgettext_lazy("team list column", "name"),
    "club": pgettext_lazy("team list column", "club"),
    "player1": pgettext_lazy("team list column", "player1"),
    "player2": pgettext_lazy("team list column", "player2"),
    "section": pgettext_lazy("team list column", "section"),
    # An individual championship's player (rules.md 10): a federation licence number.
    "licence": pgettext_lazy("team list column", "licence"),
}

# Headers directors type by hand, in Catalan or Spanish, besides the translated ones.
_TYPED = {
    "num": "number", "no": "number", "número": "number", "numero": "number", "núm": "number",
    "team": "name", "nom": "name", "nombre": "name", "parella": "name", "pareja": "name",
    "equip": "name", "equipo": "name",
    "jugador1": "player1", "jugador2": "player2", "jugadora1": "player1",
    "jugadora2": "player2",
    "secció": "section", "seccio": "section", "sección": "section", "seccion": "section",
    "jugador": "name", "jugadora": "name", "player": "name", "llicència": "licence",
    "llicencia": "licence", "licencia": "licence", "license": "licence",
}


def normalise(value: str) -> str:
    return re.sub(r"[\s_]+", "", value.strip().lower())


def header(column: str) -> str:
    """``column``'s header in the active language."""
    return str(HEADERS[column]) if column in HEADERS else column


@cache
def _translated() -> dict[str, str]:
    """Each column's header in every language of the site (read once: the catalogues do
    not change while the server runs)."""
    found = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            for column in HEADERS:
                found[normalise(pgettext("team list column", column))] = column
    return found


def column_of(cell: str) -> str:
    """The column a header cell names, in any language; else the cell, normalised (which
    the reader then refuses as an unknown column, or ignores when empty)."""
    key = normalise(cell)
    if key in HEADERS:
        return key
    return _translated().get(key) or _TYPED.get(key, key)
