"""The printed knockout bracket (rules.md 11.3, 12.4), the same for every format with a
bracket (the core's: ``scoring.models.knockout``): each round's ties, their seeds, the games'
points and who went through; the ties still to be decided blank, to fill in by hand. In the
frame of the core's printed sheets (``scoring/exports/print/_base.html``)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from formats import format_of
from scoring.exports.pdf import sheet_context
from tournaments.printing import render_pdf


def bracket_pdf(championship) -> bytes:
    """The bracket as it stands: every game entered so far (a knockout has no rounds to
    close). How many games a tie has is the format's (``Format.knockout_best_of``)."""
    from scoring.views.knockout import bracket_rounds  # late: the views import the models

    best_of = format_of(championship).knockout_best_of(championship)
    stands = (_("Each tie is the best of three games.") if best_of == 3
              else _("Each tie is one game."))
    context = sheet_context(championship, _("Knockout stage"), stands,
                            rounds=bracket_rounds(championship), games=range(best_of))
    return render_pdf("scoring/exports/print/bracket.html", context)
