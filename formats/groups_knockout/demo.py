"""The groups-then-knockout demo (``python manage.py demo``): a town's open of 24 pairs in
its group stage (rules.md 12.1): 6 groups of 4, made snake-wise from the pairs' numbers (the
director's seeding order), round 1 played and closed (every game confirmed, some level after
the 8 hands and won in the 2 extra ones), round 2 being played (some games confirmed, one
waiting for the other pair, one disputed, the rest not entered yet), results public.

The finished event with its knockout stage is another one (``demo_finished``).

The games come from a fixed seed, so the demo is the same every time; loading it twice leaves
the first one as it is.
"""

from __future__ import annotations

import datetime
import random

from django.db import transaction
from django.utils.translation import gettext as _

from formats.groups_knockout.services import make_groups, settings_of
from scoring.services import set_results_public
from scoring.services.games import GameValues, confirm_game, dispute_game, submit_game
from tournaments import services
from tournaments.demo import add_demo_pairs
from tournaments.models import Championship

DEMO_NAME = "Obert de Botifarra de la Fira de Sant Andreu"
PAIRS = 24
GROUP_SIZE = 4
SEED = 1938
#: Round 2's games by table order: confirmed, then one waiting for the other pair, one
#: disputed; the tables after them are still playing.
CONFIRMED_IN_ROUND_2 = 5

_CLUBS = ["Penya La Manilla", "Casino de Manlleu", "Ateneu Igualadí", "Club Botifarra Olot",
          "Casal d'Avis de Tàrrega", "Foment Martinenc"]
_FIRST = ["Arnau", "Laia", "Pau", "Montserrat", "Isidre", "Conxita", "Jaume", "Eulàlia",
          "Narcís", "Remei", "Bernat", "Assumpta", "Climent", "Neus", "Esteve", "Fina",
          "Gerard", "Antònia", "Oriol", "Magda", "Salvador", "Rosalia", "Tomàs", "Imma"]
_LAST = ["Comas", "Masó", "Rovira", "Tarrés", "Batlle", "Planas", "Pagès", "Cuscó",
         "Ribas", "Torrent", "Bonet", "Mas", "Garriga", "Oliveras", "Sabaté", "Fabra"]


def demo_game(rng: random.Random, hands: int, extra: int) -> GameValues:
    """A plausible group game: a few level after the set hands and won in the extra ones,
    the rest won after the set hands (no target, no cap; rules.md 12.1)."""
    if rng.random() < 0.2:
        level = rng.randint(45, 70)
        won, lost = rng.randint(6, 20), rng.randint(0, 5)
        first_won = rng.random() < 0.5
        points = (level + won, level + lost) if first_won else (level + lost, level + won)
        return GameValues(*points, "hands", hands + extra)
    winner, loser = rng.randint(60, 110), rng.randint(20, 58)
    points = (winner, loser) if rng.random() < 0.55 else (loser, winner)
    return GameValues(*points, "hands", hands)


def add_pairs(championship: Championship, rng: random.Random) -> None:
    """The 24 pairs, numbered in the seeding order (the snake reads it from the numbers)."""
    add_demo_pairs(championship, rng, PAIRS, first_names=_FIRST, last_names=_LAST,
                   clubs=_CLUBS)


@transaction.atomic
def load_groups_demo(director) -> tuple[Championship, str]:
    existing = Championship.objects.filter(name=DEMO_NAME).first()
    if existing is not None:
        existing.directors.add(director)
        return existing, _("Groups-then-knockout demo already loaded: “%(name)s”.") % {
            "name": DEMO_NAME}
    rng = random.Random(SEED)
    championship = services.create_championship(
        director, name=DEMO_NAME, venue="Ateneu de Sant Andreu", format="groups_knockout",
        starts_on=datetime.date(2026, 11, 29), ends_on=datetime.date(2026, 11, 29),
        format_settings={"group_size": GROUP_SIZE, "seeding": "snake"})
    add_pairs(championship, rng)
    make_groups(championship, by=director)
    settings = settings_of(championship)
    hands, extra = settings.hands_per_game, settings.extra_hands
    for number in (1, 2):
        (round_,) = services.generate_next_round(championship)
        services.release_round(round_, by=director)
        tables = round_.tables.select_related("ns_team", "ew_team").order_by("number")
        for index, table in enumerate(tables):
            if number == 2 and index > CONFIRMED_IN_ROUND_2 + 1:
                break  # round 2: these tables are still playing
            entry, _created = submit_game(team=table.ns_team, table=table,
                                          values=demo_game(rng, hands, extra),
                                          idempotency_key=None)
            if number == 2 and index == CONFIRMED_IN_ROUND_2:
                continue  # waiting for the other pair's confirmation
            if number == 2 and index == CONFIRMED_IN_ROUND_2 + 1:
                dispute_game(entry_id=entry.pk, team=table.ew_team,
                             comment="Vam jugar 10 mans, no 8: anàvem empatats.")
                continue
            confirm_game(entry_id=entry.pk, team=table.ew_team)
        if number == 1:
            services.close_round(round_, by=director)
    set_results_public(championship, True, user=director)
    return championship, _("Groups-then-knockout demo loaded: “%(name)s”, %(pairs)s pairs in "
                           "%(groups)s groups, round 1 closed, round 2 in play.") % {
        "name": DEMO_NAME, "pairs": PAIRS, "groups": PAIRS // GROUP_SIZE}
