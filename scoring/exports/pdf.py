"""PDF exports (WeasyPrint, A4), in the active language: what every format's sheets share
(duplicate pairs' are ``formats.duplicate_pairs.exports.pdf``).

Every page carries the championship and where the ranking stands at the top, and "page X of
Y" and the time it was made at the bottom; tables repeat their header row on every page.
"""

from __future__ import annotations

import re

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scoring.exports import data
from tournaments.rating_selectors import rating_texts

# Characters a CSS string in a <style> element may hold as they are: letters, digits, space
# and harmless punctuation. Everything else (quotes, backslash, "<", ">", "&", "/", line
# ends...) is written as a CSS escape, so the text can neither end the string nor the
# <style> element ("</style>"), whatever a director typed.
_CSS_PLAIN = re.compile(r"[\w .,:;!?()\[\]+\-=#%*|~^$@']", re.UNICODE)


def css_string(text: str) -> SafeString:
    """``text`` as a quoted CSS string (for ``content:`` in the page margins), safe to put
    unescaped into a ``<style>`` element: built only from plain characters and CSS escapes."""
    cleaned = re.sub(r"[\x00-\x1f\x7f]", " ", str(text))
    escaped = "".join(
        ch if _CSS_PLAIN.fullmatch(ch) else f"\\{ord(ch):06x}" for ch in cleaned
    )
    return mark_safe('"' + escaped + '"')  # noqa: S308 (every character checked above)


def page_counter_css() -> SafeString:
    """ "Page X of Y" in the reader's language, as CSS ``content`` with the page counters."""
    parts = re.split(r"(%\(page\)s|%\(pages\)s)", _("Page %(page)s of %(pages)s"))
    counters = {"%(page)s": "counter(page)", "%(pages)s": "counter(pages)"}
    # Fixed counter names and escaped strings only.
    return mark_safe(" ".join(counters.get(part) or css_string(part) for part in parts if part))


def print_context(scope, title: str) -> dict:
    """What every export sheet's template gets (``print/_base.html``, ``print/_head.html``)."""
    return sheet_context(scope.championship, title, scope.label, scope=scope)


def sheet_context(championship, title: str, stands: str, **extra) -> dict:
    """The same for any printed sheet: ``stands`` says what it covers (a ranking's scope,
    a round), at the top of every page."""
    return {
        **extra,
        "championship": championship,
        "title": title,
        "stands": stands,
        "dates": data.dates(championship),
        **page_frame(championship.name, title, stands),
    }


def page_frame(*heading: str) -> dict:
    """The margins of every printed sheet (``print/_base.html``): the running head (the
    non-empty ``heading`` parts joined), "page X of Y" and when it was made. A sheet that
    is not a championship's (a series ranking) gets its frame here."""
    return {
        "running_head": css_string(" · ".join(str(part) for part in heading if part)),
        "page_counter": page_counter_css(),
        "made_at": css_string(_("Made %(time)s") % {
            "time": date_format(timezone.localtime(), "DATETIME_FORMAT")
        }),
    }


def rating_column(championship) -> dict[int, str] | None:
    """A ranking sheet's "Rating" column (rules.md 13.3): each entrant's players' ratings by
    team id, as printed ("12.3 · 8.1"), or ``None`` when the championship does not show
    ratings (``Championship.show_ratings``). Every format's ranking sheet puts it in its
    context as ``ratings`` and prints the column only when it is not ``None``
    (``{{ ratings|rating_of:team.pk }}``, ``rating_tags``)."""
    return rating_texts(championship)
