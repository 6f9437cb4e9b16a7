"""The knockout demo (``python manage.py demo``): the free-deal demo's sections and its round 4
with the clock running cannot have a knockout stage (a bracket is seeded from the final
ranking of one field, once every Swiss round is closed: rules.md 11.3), so the stage has a
finished event of its own. 8 pairs, no sections, 3 Swiss rounds played and closed, the top 4
drawn into semi-finals: one decided, the other reported by a pair's captain and waiting for
the other pair to confirm it; the final still to play. Fixed seed; loaded once."""

from __future__ import annotations

import datetime
import random

from django.db import transaction
from django.utils.translation import gettext as _

from formats.free_deal import services as fd
from formats.free_deal.demo import _CLUBS, _FIRST, _LAST, demo_game
from scoring.models import KnockoutTie
from scoring.services import set_results_public
from scoring.services.knockout import enter_knockout_game
from scoring.services.knockout_captains import submit_knockout_entry
from tournaments import services
from tournaments.models import Championship

DEMO_NAME = "Trofeu de Botifarra de Sant Martí"
PAIRS = 8
ROUNDS = 3
KNOCKOUT = 4
SEED = 2026


@transaction.atomic
def load_knockout_demo(director) -> tuple[Championship, str]:
    existing = Championship.objects.filter(name=DEMO_NAME).first()
    if existing is not None:
        existing.directors.add(director)
        return existing, _("Knockout demo already loaded: “%(name)s”.") % {"name": DEMO_NAME}
    rng = random.Random(SEED)
    championship = services.create_championship(
        director, name=DEMO_NAME, venue="Ateneu de Sant Martí", format="free_deal_pairs",
        rounds_planned=ROUNDS, starts_on=datetime.date(2026, 11, 8),
        ends_on=datetime.date(2026, 11, 8),
        format_settings={"knockout_size": KNOCKOUT, "knockout_best_of": 1})
    names = rng.sample([f"{a} i {b}" for a in _FIRST[::2] for b in _FIRST[1::2]], PAIRS)
    for name in names:
        a, b = name.split(" i ")
        services.add_team(championship, name=name, club=rng.choice(_CLUBS),
                          player1=f"{a} {rng.choice(_LAST)}", player2=f"{b} {rng.choice(_LAST)}")
    settings = fd.settings_of(championship)
    for _number in range(ROUNDS):
        (round_,) = services.generate_next_round(championship)
        services.release_round(round_, by=director)
        for table in round_.tables.select_related("ns_team", "ew_team").order_by("number"):
            entry, _created = fd.submit_game(team=table.ns_team, table=table,
                                             values=demo_game(rng, settings),
                                             idempotency_key=None)
            fd.confirm_game(entry_id=entry.pk, team=table.ew_team)
        services.close_round(round_, by=director)
    fd.start_knockout(championship, by=director)
    first, second = (KnockoutTie.objects.select_related("first", "second")
                     .filter(championship=championship, stage=1).order_by("slot"))
    enter_knockout_game(first, 101, 83, by=director)  # the top seed goes to the final
    # The other semi-final's winners reported it; the losers have yet to confirm.
    submit_knockout_entry(team=second.second, tie_id=second.pk, first_points=77,
                             second_points=104)
    set_results_public(championship, True, user=director)
    return championship, _("Knockout demo loaded: “%(name)s”, %(pairs)s pairs, the Swiss "
                           "over, the top %(size)s in the knockout stage.") % {
        "name": DEMO_NAME, "pairs": PAIRS, "size": KNOCKOUT}
