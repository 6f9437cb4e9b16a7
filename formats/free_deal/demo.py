"""The free-deal demo (``python manage.py demo``): a Swiss club tournament of 24 pairs in two
sections (13 "Experts", 11 "Principiants") over 5 rounds, round 4's clock running, rounds 1–3 played and closed, round 4 being played (some games confirmed, one waiting
for the other pair, one disputed), results public. Games come from a fixed seed, so the demo is
the same every time; loading it twice leaves the first one as it is."""

from __future__ import annotations

import datetime
import random

from django.db import transaction
from django.utils.translation import gettext as _

from formats.free_deal import services as fd
from formats.free_deal.services.sections import assign_sections
from scoring.services import set_results_public
from scoring.services.games import GameValues
from tournaments import services
from tournaments.demo import add_demo_pairs
from tournaments.models import Championship
from tournaments.services import clock

DEMO_NAME = "Torneig de Botifarra de la Festa Major"
PAIRS = 24
ROUNDS = 5
PLAYED = 3
SEED = 2025
#: Two sections, each with an odd number of pairs, so that each has its own bye.
SECTIONS = (("Experts", 13), ("Principiants", 11))

_CLUBS = ["Casal de Gràcia", "Penya Botifarrera de Sants", "Ateneu de Vic", "Club Lleidatà",
          "Centre Moral de Reus", "Societat La Lira"]
_FIRST = ["Jordi", "Montse", "Pere", "Núria", "Josep", "Roser", "Quim", "Mercè", "Lluís",
          "Anna", "Ramon", "Teresa", "Xavier", "Pilar", "Joan", "Carme", "Enric", "Dolors",
          "Miquel", "Marta", "Albert", "Glòria", "Ferran", "Rosa"]
_LAST = ["Puig", "Soler", "Vila", "Serra", "Ferrer", "Pujol", "Roca", "Font", "Camps", "Riera",
         "Vidal", "Casals", "Prat", "Costa", "Bosch", "Sala"]


def demo_game(rng: random.Random, settings) -> GameValues:
    """A plausible game under the settings: mostly to the target, some cut by the clock."""
    target, limit = settings.target or 101, settings.hand_limit or 12
    if rng.random() < 0.8:
        winner, loser = target + rng.randint(0, 12), rng.randint(20, target - 5)
        hands = rng.randint(6, limit)
        first_won = rng.random() < 0.55  # table 1 pairs the stronger pair first
        points = (winner, loser) if first_won else (loser, winner)
        if settings.cap:
            points = tuple(min(p, settings.cap) for p in points)
        return GameValues(*points, "target", hands)
    points = (rng.randint(40, target - 1), rng.randint(40, target - 1))
    return GameValues(*points, "time", rng.randint(5, limit - 1))


@transaction.atomic
def load_free_deal_demo(director) -> tuple[Championship, str]:
    existing = Championship.objects.filter(name=DEMO_NAME).first()
    if existing is not None:
        existing.directors.add(director)
        return existing, _("Free-deal demo already loaded: “%(name)s”.") % {"name": DEMO_NAME}
    rng = random.Random(SEED)
    championship = services.create_championship(
        director, name=DEMO_NAME, venue="Casal de Gràcia", format="free_deal_pairs",
        rounds_planned=ROUNDS, starts_on=datetime.date(2026, 9, 12),
        ends_on=datetime.date(2026, 9, 12),
        format_settings={"round_minutes": 60, "sections": [name for name, _n in SECTIONS]})
    add_demo_pairs(championship, rng, PAIRS, first_names=_FIRST, last_names=_LAST,
                   clubs=_CLUBS)
    teams = list(championship.teams.order_by("number"))
    placements, start = {}, 0
    for name, size in SECTIONS:
        placements.update({team.pk: name for team in teams[start:start + size]})
        start += size
    assign_sections(championship, placements)
    settings = fd.settings_of(championship)
    for number in range(1, PLAYED + 2):
        (round_,) = services.generate_next_round(championship)
        services.release_round(round_, by=director)
        tables = list(round_.tables.select_related("ns_team", "ew_team").order_by("number"))
        playing = number <= PLAYED
        for index, table in enumerate(tables):
            if not playing and index >= len(tables) // 2:
                break  # round 4: half the tables are still playing
            entry, _created = fd.submit_game(team=table.ns_team, table=table,
                                             values=demo_game(rng, settings),
                                             idempotency_key=None)
            if not playing and index == 0:
                continue  # waiting for the other pair's confirmation
            if not playing and index == 1:
                fd.dispute_game(entry_id=entry.pk, team=table.ew_team,
                                comment="Vam acabar 101 a 87, no 101 a 78.")
                continue
            fd.confirm_game(entry_id=entry.pk, team=table.ew_team)
        if playing:
            services.close_round(round_, by=director)
        else:
            clock.start_clock(round_, by=director)  # round 4's clock is running
    set_results_public(championship, True, user=director)
    return championship, _("Free-deal demo loaded: “%(name)s”, %(pairs)s pairs, rounds 1 to "
                           "%(played)s closed, round %(running)s in play.") % {
        "name": DEMO_NAME, "pairs": PAIRS, "played": PLAYED, "running": PLAYED + 1}
