"""PDF exports (WeasyPrint, A4), in the active language: the ranking sheet, the travellers
of every deal of the rounds counted (rules.md 6.4, with the hands as at the table and the
double-dummy analysis once it is done, rules.md 8.1), and one
scorecard page per team with its running total.

Every page carries the championship and where the ranking stands at the top, and "page X of
Y" and the time it was made at the bottom; tables repeat their header row on every page.
The deals shown are those of closed rounds only (``data.deals``).
"""

from __future__ import annotations

import re
from fractions import Fraction

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scoring import numbers, selectors
from scoring.exports import data
from tournaments.models import Deal
from tournaments.printing import render_pdf

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
    heading = " · ".join(part for part in [championship.name, title, stands] if part)
    return {
        **extra,
        "championship": championship,
        "title": title,
        "stands": stands,
        "dates": data.dates(championship),
        "running_head": css_string(heading),
        "page_counter": page_counter_css(),
        "made_at": css_string(_("Made %(time)s") % {
            "time": date_format(timezone.localtime(), "DATETIME_FORMAT")
        }),
    }


def ranking_pdf(scope) -> bytes:
    context = print_context(scope, _("Ranking"))
    context["rows"] = data.ranking(scope)
    return render_pdf("scoring/exports/print/ranking.html", context)


def travellers_pdf(scope) -> bytes:
    """One section per deal: the hands as at the table, then every table's line."""
    items = []
    for line in data.deals(scope):
        deal: Deal = line.deal
        items.append({
            "deal": deal,
            "round": line.round,
            "hands": line.view,
            "analysis": line.analysis,
            "lines": selectors.traveller(deal),
        })
    context = print_context(scope, _("Travellers"))
    context["items"] = items
    return render_pdf("scoring/exports/print/travellers.html", context)


def scorecards_pdf(scope) -> bytes:
    """One page per team: deal by deal, with the running total."""
    cards = []
    for team in data.teams(scope.championship):
        lines, total = selectors.scorecard(team, live=False, up_to=scope.up_to)
        running = Fraction(0)
        shown = []
        for line in lines:
            if line.final is not None:
                running += line.final
            shown.append({"line": line, "running": numbers.show_score(running)})
        cards.append({"team": team, "lines": shown, "total": numbers.show_score(total)})
    context = print_context(scope, _("Pair scorecards"))
    context["cards"] = cards
    return render_pdf("scoring/exports/print/scorecards.html", context)


