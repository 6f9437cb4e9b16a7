"""How deep a JSON text nests, found before it is parsed.

Python's ``json`` parses nested lists and objects by recursion: text nested a thousand
deep (``[[[…]]]``, a few kB) raises ``RecursionError``, and one a little shallower parses
but breaks whatever walks it next. Every JSON text a form or the API takes is measured
here first, without recursion, and refused above its limit, naming where it nests.
"""

from __future__ import annotations

import json
import re

# A string (whose brackets do not count), or a bracket.
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)


def too_deep(text: str, limit: int) -> str | None:
    """``None`` when no list or object in ``text`` is nested more than ``limit`` deep
    (the outermost is depth 1). Otherwise where the first one too deep starts: the key of
    the outermost object it is under, or ``""`` when that is not an object's member.

    Malformed text is measured as well as it can be; the parser refuses it afterwards."""
    if text.count("[") + text.count("{") <= limit:
        return None  # the usual case, at C speed
    depth = 0
    outer_is_object = False
    last_outer_string = ""
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth == 1:
                outer_is_object = token == "{"
            if depth > limit:
                return last_outer_string if outer_is_object else ""
        elif token in ("]", "}"):
            depth -= 1
        elif depth == 1:
            # In the outermost object, the string just before a nested value is its key.
            last_outer_string = _unquoted(token)
    return None


def _unquoted(token: str) -> str:
    try:
        return json.loads(token)
    except ValueError:
        return token[1:-1]
