"""The knockout stage after the Swiss (rules.md 11.3): drawing its bracket.

The bracket is the engine's (``engine.free_deal.knockout``): the top pairs of the final
Swiss ranking, seeded 1 v N, as many as the settings ask. Storing it and entering its games
are the core's (``scoring.services.knockout``, ``scoring.services.knockout_captains``), which
ask this format how many games decide a tie (``FreeDealPairs.knockout_best_of``). Starting
the stage locks the championship's row, as the core's knockout writes do. Refusals raise
``ServiceError`` with a translated message, naming the field when there is one.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from engine.free_deal import knockout as ko
from formats.free_deal import selectors
from formats.free_deal.services.sections import sections_of
from formats.free_deal.services.settings import settings_of
from scoring.models import KnockoutTie
from scoring.services.knockout import check_not_drawn, store_bracket
from tournaments.models import Championship, Round
from tournaments.services.common import ServiceError, lock_championship


def knockout_field(championship: Championship) -> list:
    """The final Swiss ranking's pairs, best first, without the withdrawn ones: the pairs the
    bracket is seeded from. With sections there is no single ranking to seed from: refused."""
    if sections_of(championship):
        raise ServiceError(_("This championship has sections: a knockout stage across "
                             "sections is not supported yet."), field="knockout_size")
    return [line.team for line in selectors.ranking(championship) if not line.team.withdrawn]


def _check_swiss_over(championship: Championship) -> None:
    rounds = list(championship.rounds.order_by("number").values_list("number", "status"))
    if not rounds:
        raise ServiceError(_("The Swiss has not been played yet: pair and play its rounds "
                             "first."))
    if championship.rounds_planned and len(rounds) < championship.rounds_planned:
        raise ServiceError(_("Only %(played)s of the %(planned)s Swiss rounds have been "
                             "paired: play them all before the knockout stage.")
                           % {"played": len(rounds), "planned": championship.rounds_planned})
    open_round = next((number for number, status in rounds if status != Round.Status.CLOSED),
                      None)
    if open_round is not None:
        raise ServiceError(_("Close round %(number)s before starting the knockout stage.")
                           % {"number": open_round})


@transaction.atomic
def start_knockout(championship: Championship, *, by=None, origin=None) -> list[KnockoutTie]:
    """Draw the bracket from the final ranking and store its ties. Only once, once every
    Swiss round is closed, and only if the settings ask for a knockout stage. Audited: who
    drew it, and the first round's pairings by pair number."""
    championship = lock_championship(championship)
    settings = settings_of(championship)
    if not settings.knockout_size:
        raise ServiceError(_("The settings ask for no knockout stage."), field="knockout_size")
    check_not_drawn(championship)
    _check_swiss_over(championship)
    field = knockout_field(championship)
    size = settings.knockout_size
    if len(field) < size:
        raise ServiceError(_("A knockout stage of %(size)s pairs needs %(size)s pairs in the "
                             "ranking; it has %(count)s.") % {"size": size, "count": len(field)},
                           field="knockout_size")
    bracket = ko.build_bracket(field, size, best_of=settings.knockout_best_of)
    return store_bracket(championship, bracket, by=by, origin=origin)
