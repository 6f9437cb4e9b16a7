"""The finished groups-then-knockout demo (``python manage.py demo``): a town's open of 24
pairs played to the end (rules.md 12). 6 groups of 4 made snake-wise from the pairs' numbers,
the 3 group rounds played and closed (every game confirmed by the other pair, some level
after the 8 hands and won in the extra ones, one disputed and set by the director); the
director confirmed who goes through (the 6 group winners and the 2 best runners-up, by
repechage, in a bracket of 8); the quarter-finals, semi-finals, final and third-place game
played, most entered by the director, some reported by a pair and confirmed by the other as
on the night; results public and the championship finished.

Everything goes through the services, so the audit log reads like a real evening. The
games come from a fixed seed (each pair a fixed strength, the better pair winning more
often), chosen so that no group and no repechage needs the director's draw; loading it
twice leaves the first one as it is.
"""

from __future__ import annotations

import datetime
import random

from django.db import transaction
from django.utils.translation import gettext as _

from formats.groups_knockout.services import make_groups, settings_of
from formats.groups_knockout.services.knockout import confirm_qualifiers
from scoring.models import KnockoutTie
from scoring.services import set_results_public
from scoring.services.games import (
    GameValues,
    confirm_game,
    director_set_game,
    dispute_game,
    submit_game,
)
from scoring.services.knockout import enter_knockout_game
from scoring.services.knockout_captains import confirm_knockout_entry, submit_knockout_entry
from tournaments import services
from tournaments.demo import add_demo_pairs
from tournaments.models import Championship

DEMO_NAME = "Obert de Botifarra de Santa Tecla"
PAIRS = 24
GROUP_SIZE = 4
#: One pair through per group and a bracket of 8: the 6 winners and 2 runners-up by
#: repechage (rules.md 12.3); a third-place game (rules.md 12.4).
SETTINGS = {"group_size": GROUP_SIZE, "seeding": "snake", "qualifiers_per_group": 1,
            "bracket_size": 8, "third_place": True}
SEED = 3800
#: The group game disputed and set by the director: (round, table).
DISPUTED = (2, 7)
#: The knockout ties whose game a pair reported and the other confirmed: (stage, slot); the
#: director entered the others from the score sheets.
REPORTED = {(1, 3), (2, 2), (3, 2)}

_CLUBS = ["Casal Tarragoní", "Penya Botifarrera del Serrallo", "Ateneu de Valls",
          "Centre de Lectura de Reus", "Club Botifarra Cambrils", "Casino de l'Espluga"]
_FIRST = ["Magí", "Tecla", "Ramon", "Mercè", "Pere", "Rosa", "Joan", "Maria", "Agustí",
          "Montserrat", "Francesc", "Dolors", "Josep", "Carme", "Lluís", "Assumpció",
          "Jaume", "Roser", "Pau", "Teresa", "Antoni", "Núria", "Ricard", "Elisenda"]
_LAST = ["Nogués", "Gavaldà", "Ferré", "Miró", "Sendra", "Salvadó", "Folch", "Magrinyà",
         "Ollé", "Cabré", "Rull", "Pijoan", "Vallverdú", "Gasull", "Baiges", "Escoda"]


def first_wins(rng: random.Random, first: float, second: float) -> bool:
    """Whether the first pair wins, the stronger pair more often (never always)."""
    return rng.random() < 0.5 + (first - second) / 2


def group_game(rng: random.Random, first_won: bool, hands: int, extra: int) -> GameValues:
    """A group game won by the first pair or the second: mostly decided after the set hands,
    some level after them and won in the extra hands, one now and then level again and won
    after a second batch (every hand's points count; rules.md 12.1)."""
    roll = rng.random()
    if roll < 0.18:
        batches = 2 if roll < 0.03 else 1
        level = rng.randint(45, 70) + (batches - 1) * rng.randint(4, 12)
        won, lost = rng.randint(6, 20), rng.randint(0, 5)
        hands += batches * extra
    else:
        level, won, lost = 0, rng.randint(60, 110), rng.randint(20, 58)
    points = (level + won, level + lost) if first_won else (level + lost, level + won)
    return GameValues(*points, "hands", hands)


def knockout_points(rng: random.Random, first_won: bool) -> tuple[int, int]:
    """A knockout game's points, the first pair's first (never level)."""
    won, lost = rng.randint(62, 104), rng.randint(24, 58)
    return (won, lost) if first_won else (lost, won)


def play_group_round(championship: Championship, director, rng: random.Random,
                     strength: dict[int, float], number: int) -> None:
    """Draft, release and play one group round: each game reported by its first pair and
    confirmed by the other, one disputed and set by the director; then close it."""
    settings = settings_of(championship)
    (round_,) = services.generate_next_round(championship)
    services.release_round(round_, by=director)
    for table in round_.tables.select_related("ns_team", "ew_team").order_by("number"):
        won = first_wins(rng, strength[table.ns_team_id], strength[table.ew_team_id])
        values = group_game(rng, won, settings.hands_per_game, settings.extra_hands)
        if (number, table.number) == DISPUTED:
            # The pair reported the points the wrong way round; the director puts it right.
            wrong = GameValues(values.second_points, values.first_points, "hands",
                               values.hands_played)
            entry, _created = submit_game(team=table.ns_team, table=table, values=wrong,
                                          idempotency_key=None)
            dispute_game(entry_id=entry.pk, team=table.ew_team,
                         comment="Ho han posat al revés: vam guanyar nosaltres.")
            director_set_game(table=table, values=values, user=director,
                              note="Comprovat amb el full de la taula.")
            continue
        entry, _created = submit_game(team=table.ns_team, table=table, values=values,
                                      idempotency_key=None)
        confirm_game(entry_id=entry.pk, team=table.ew_team)
    services.close_round(round_, by=director)


def play_knockout(championship: Championship, director, rng: random.Random,
                  strength: dict[int, float]) -> None:
    """Every tie, round by round (the third-place game before the final, as on the night):
    most entered by the director, those in ``REPORTED`` by the winners and confirmed by the
    losers."""
    ties = KnockoutTie.objects.filter(championship=championship).select_related(
        "first", "second")
    settings = settings_of(championship)
    last = max(ties.values_list("stage", flat=True))
    for stage in sorted(set(ties.values_list("stage", flat=True))):
        for tie in ties.filter(stage=stage).order_by("-slot"):
            first, second = tie.first, tie.second
            won = first_wins(rng, strength[first.pk], strength[second.pk])
            points = knockout_points(rng, won)
            # Every game lasts the set hands but those of the last round (the final and the
            # third-place game), level after them and won in the extra hands (rules.md 12.4: a
            # knockout game lasts as a group game).
            hands = settings.hands_per_game + (settings.extra_hands if stage == last else 0)
            if (stage, tie.slot) in REPORTED:
                winner, loser = (first, second) if won else (second, first)
                entry, _created = submit_knockout_entry(
                    team=winner, tie_id=tie.pk, first_points=points[0],
                    second_points=points[1], hands=hands)
                confirm_knockout_entry(team=loser, entry_id=entry.pk)
            else:
                enter_knockout_game(tie, *points, hands=hands, by=director)


@transaction.atomic
def load_finished_groups_demo(director) -> tuple[Championship, str]:
    existing = Championship.objects.filter(name=DEMO_NAME).first()
    if existing is not None:
        existing.directors.add(director)
        return existing, _("Finished groups-then-knockout demo already loaded: "
                           "“%(name)s”.") % {"name": DEMO_NAME}
    rng = random.Random(SEED)
    championship = services.create_championship(
        director, name=DEMO_NAME, venue="Casal Tarragoní", format="groups_knockout",
        starts_on=datetime.date(2026, 9, 23), ends_on=datetime.date(2026, 9, 23),
        format_settings=SETTINGS)
    add_demo_pairs(championship, rng, PAIRS, first_names=_FIRST, last_names=_LAST,
                   clubs=_CLUBS)
    # The seeding order is roughly the pairs' form: the better seeds are stronger.
    strength = {team.pk: 0.45 - 0.015 * team.number + rng.uniform(-0.15, 0.15)
                for team in championship.teams.all()}
    make_groups(championship, by=director)
    for number in range(1, GROUP_SIZE):  # a group of 4 plays 3 rounds
        play_group_round(championship, director, rng, strength, number)
    confirm_qualifiers(championship, by=director)
    play_knockout(championship, director, rng, strength)
    set_results_public(championship, True, user=director)
    services.finish_championship(championship, by=director)
    return championship, _("Finished groups-then-knockout demo loaded: “%(name)s”, "
                           "%(pairs)s pairs in %(groups)s groups, the knockout played to "
                           "the final.") % {
        "name": DEMO_NAME, "pairs": PAIRS, "groups": PAIRS // GROUP_SIZE}
