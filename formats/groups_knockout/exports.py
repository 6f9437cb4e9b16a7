"""The printed group sheets (WeasyPrint through ``tournaments.printing.render_pdf``, in the
frame of the core's printed sheets): one sheet per group, with its pairs, its schedule by
round (table numbers are the round's, so the sheet leaves them out) and an empty score grid
to fill in by hand (each pair against each, rules.md 12.1)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from formats.groups_knockout import selectors
from formats.groups_knockout.services import settings_of
from scoring.exports.pdf import sheet_context
from tournaments.printing import render_pdf


def group_sheets_pdf(championship) -> bytes:
    settings = settings_of(championship)
    stands = _("Games of %(hands)s hands, %(extra)s more while level") % {
        "hands": settings.hands_per_game, "extra": settings.extra_hands}
    context = sheet_context(championship, _("Group sheets"), stands,
                            groups=selectors.groups_view(championship))
    return render_pdf("groups_knockout/print/group_sheets.html", context)
