"""The printed group sheets (WeasyPrint through ``tournaments.printing.render_pdf``, in the
frame of the core's printed sheets): one sheet per group, with its pairs, its schedule by
round (table numbers are the round's, so the sheet leaves them out) and an empty score grid
to fill in by hand (each pair against each, rules.md 12.1); and a round's table cards."""

from __future__ import annotations

from django.utils.translation import gettext as _

from formats.groups_knockout import selectors
from formats.groups_knockout.services import settings_of
from scoring.exports.pdf import sheet_context
from tournaments.printing import render_pdf


def _game(championship) -> str:
    settings = settings_of(championship)
    return _("Games of %(hands)s hands, %(extra)s more while level") % {
        "hands": settings.hands_per_game, "extra": settings.extra_hands}


def group_sheets_pdf(championship) -> bytes:
    stands = _game(championship)
    context = sheet_context(championship, _("Group sheets"), stands,
                            groups=selectors.groups_view(championship))
    return render_pdf("groups_knockout/print/group_sheets.html", context)


def table_cards_pdf(round_) -> bytes:
    """One card per table of a round, two to a page: the round, the table and its group, both
    pairs with their players, how long the game lasts, and boxes for the points."""
    tables = round_.tables.select_related("ns_team", "ew_team").order_by("number")
    return render_pdf("groups_knockout/print/table_cards.html", {
        "championship": round_.championship, "round": round_, "game": _game(round_.championship),
        "cards": [(part.letter, table) for part in selectors.round_by_group(round_, tables)
                  for table in part.tables]})
