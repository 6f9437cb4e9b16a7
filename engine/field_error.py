"""The shape every refusal of the engine's entry checks shares: which field, and why.

``field`` names the input as the caller sent it (a JSON path such as ``"hands[3].points"``),
``message`` says why in English, ``code`` is a stable name the web layer translates, and
``params`` holds the figures the message quotes. The formats' errors
(:class:`engine.free_deal.GameError`, :class:`engine.abarrotada.IndividualError`) are
this with their own codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class FieldError(ValueError):
    def __init__(
        self,
        field: str,
        message: str,
        *,
        code: str = "invalid",
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.code = code
        self.params = dict(params or {})

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.field!r}, {self.message!r}, code={self.code!r})"


def worded(error: Exception, messages: Mapping[str, str]) -> str:
    """``error`` in the words of ``messages`` (its code → a text, translated by the caller,
    with ``%(name)s`` placeholders), its params filled in; the engine's English when the code
    has no text or the text asks for a figure the error does not carry."""
    params = dict(getattr(error, "params", {}) or {})
    text = messages.get(getattr(error, "code", ""))
    if text is None:
        return str(error)
    try:
        return text % params
    except (KeyError, TypeError, ValueError):
        return str(error)
