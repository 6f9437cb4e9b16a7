"""What the director is told after an import about the players it linked to the register
(rules.md 13.1): how many were found here and registered, and which to review: players
registered for the import that may be someone already here under another spelling or club,
and players found by their licence under another name. With a link to the review of likely
duplicates, where the director merges them."""

from __future__ import annotations

from django.contrib import messages
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.archive.register import RegisterSummary

#: Players named in a message at most; the review page lists them all.
SHOWN = 12


def duplicates_url() -> str:
    """The director's review of likely duplicates (``tournaments:player_duplicates``)."""
    return reverse("tournaments:player_duplicates")


def _names(names: list[str]):
    shown = format_html_join(", ", "{}", ((name,) for name in names[:SHOWN]))
    if len(names) > SHOWN:
        more = ngettext("and %(count)s more", "and %(count)s more", len(names) - SHOWN) % {
            "count": len(names) - SHOWN}
        return format_html("{} {}", shown, more)
    return shown


def register_messages(summary: RegisterSummary) -> list[tuple[int, str]]:
    """(message level, text) for the import's page: the counts, then what to review."""
    said = [(messages.INFO, _(
        "Players: %(found)s found in this installation's register (%(licence)s by licence "
        "number), %(registered)s newly registered.") % {
            "found": summary.by_licence + summary.by_name, "licence": summary.by_licence,
            "registered": summary.registered})]
    if not summary.to_review:
        return said
    review = format_html(' <a href="{}">{}</a>', duplicates_url(), _("Review likely duplicates"))
    if summary.likely_duplicates:
        said.append((messages.WARNING, format_html(
            "{} {}.{}",
            ngettext("%(count)s newly registered player may already be in the register "
                     "under another spelling or club:",
                     "%(count)s newly registered players may already be in the register "
                     "under another spelling or club:",
                     len(summary.likely_duplicates)) % {
                         "count": len(summary.likely_duplicates)},
            _names([str(player) for player in summary.likely_duplicates]), review)))
    if summary.other_names:
        said.append((messages.WARNING, format_html(
            "{} {}.{}",
            ngettext("%(count)s player was found by licence number under another name:",
                     "%(count)s players were found by licence number under another name:",
                     len(summary.other_names)) % {"count": len(summary.other_names)},
            _names([_("%(archived)s (here: %(player)s)") % {
                "archived": name, "player": player} for name, player in summary.other_names]),
            review)))
    return said
