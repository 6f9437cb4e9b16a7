"""The club nights of the demo (``python manage.py demo``): four finished free-deal Swiss
evenings at the Casal Tarragoní, a fortnight apart, for the demo's series of championships
(rules.md 13.2, ``series.demo``).

The same 20 regulars come back night after night, each with their club, in partnerships that
change within the club (a pair plays for one club, and the register links a player by exact
name and club, rules.md 13.1): so the series adds up their points across the nights and the
player pages list several championships and a rating. Some of them also played the finished
groups demo ("Obert de Botifarra de Santa Tecla"), under the same names and clubs, so that
event counts for them too; that event's pairs come from its own seed, so these names are
written out here as they came out there. One night someone typed "Merce Vila" for Mercè Vila:
the register keeps both until a director merges them (its likely duplicates, rules.md 13.1).

Every night is played through the services (pairs registered, rounds paired, games reported
and confirmed, rounds closed, results published, the championship finished) from a fixed
seed, each player a fixed strength, so the demo is the same every time; a night already
loaded is left as it is.
"""

from __future__ import annotations

import datetime
import random

from django.db import transaction
from django.utils.translation import gettext as _

from formats.free_deal import services as fd
from formats.free_deal.demo import demo_game
from scoring.services import set_results_public
from scoring.services.games import GameValues
from tournaments import services
from tournaments.models import Championship

VENUE = "Casal Tarragoní"
#: Each night's name and day, in the order played.
NIGHTS = (
    ("Nit de Botifarra del Casal — 1a nit", datetime.date(2026, 10, 9)),
    ("Nit de Botifarra del Casal — 2a nit", datetime.date(2026, 10, 23)),
    ("Nit de Botifarra del Casal — 3a nit", datetime.date(2026, 11, 6)),
    ("Nit de Botifarra del Casal — 4a nit", datetime.date(2026, 11, 20)),
)
ROUNDS = 3
SEED = 3900
#: The regulars by club; those of Santa Tecla's pairs as they played there.
REGULARS = {
    "Casal Tarragoní": ("Roser Rull", "Carme Ollé", "Roser Escoda", "Teresa Gavaldà",
                        "Mercè Vila", "Jaume Ferré"),
    "Casino de l'Espluga": ("Rosa Vallverdú", "Mercè Baiges", "Montserrat Ollé", "Ricard Miró"),
    "Centre de Lectura de Reus": ("Francesc Ollé", "Roser Gavaldà", "Magí Escoda",
                                  "Antoni Ollé"),
    "Penya Botifarrera del Serrallo": ("Maria Ollé", "Teresa Sendra", "Josep Gavaldà",
                                       "Montserrat Baiges", "Pere Magrinyà", "Francesc Miró"),
}
#: The misspelling: on this night (its index in NIGHTS), this player's name as typed.
MISSPELT = (2, "Mercè Vila", "Merce Vila")


def night_pairs(rng: random.Random, night: int) -> list[tuple[str, str, str]]:
    """One night's pairs as (club, first player, second player): every club brings an even
    number of its regulars (two of one club stay at home now and then), paired at random."""
    pairs = []
    away = rng.choice([None, *REGULARS])  # a club two of whose regulars stay at home
    for club, players in REGULARS.items():
        present = rng.sample(players, len(players) - (2 if club == away else 0))
        for first, second in zip(present[::2], present[1::2], strict=True):
            pairs.append((club, *(MISSPELT[2] if (night, name) == MISSPELT[:2] else name
                                  for name in (first, second))))
    rng.shuffle(pairs)
    return pairs


def pair_name(first: str, second: str, taken: set[str]) -> str:
    """"Roser i Carme"; the full names when a pair of that name is already in."""
    name = f"{first.split()[0]} i {second.split()[0]}"
    return name if name not in taken else f"{first} i {second}"


def oriented(values: GameValues, first_wins: bool) -> GameValues:
    """The game with the points the right way round for the pair that won it."""
    if (values.first_points > values.second_points) == first_wins:
        return values
    return GameValues(values.second_points, values.first_points, values.ended_by,
                      values.hands_played)


def play_night(director, name: str, day: datetime.date, pairs, rng: random.Random,
               strength: dict[str, float]) -> Championship:
    """Register the pairs, play the three rounds to the end and finish the night."""
    championship = services.create_championship(
        director, name=name, venue=VENUE, format="free_deal_pairs", rounds_planned=ROUNDS,
        starts_on=day, ends_on=day, format_settings={"round_minutes": 45})
    taken: set[str] = set()
    power = {}
    for club, first, second in pairs:
        team = services.add_team(championship, name=pair_name(first, second, taken),
                                 club=club, player1=first, player2=second)
        taken.add(team.name)
        power[team.pk] = strength.get(first, 0.0) + strength.get(second, 0.0)
    settings = fd.settings_of(championship)
    for _number in range(ROUNDS):
        (round_,) = services.generate_next_round(championship)
        services.release_round(round_, by=director)
        for table in round_.tables.select_related("ns_team", "ew_team").order_by("number"):
            won = rng.random() < 0.5 + (power[table.ns_team_id] - power[table.ew_team_id]) / 2
            entry, _created = fd.submit_game(
                team=table.ns_team, table=table,
                values=oriented(demo_game(rng, settings), won), idempotency_key=None)
            fd.confirm_game(entry_id=entry.pk, team=table.ew_team)
        services.close_round(round_, by=director)
    set_results_public(championship, True, user=director)
    return services.finish_championship(championship, by=director)


@transaction.atomic
def load_club_nights(director) -> tuple[list[Championship], str]:
    strength_rng = random.Random(SEED)
    strength = {player: strength_rng.uniform(-0.2, 0.2)
                for players in REGULARS.values() for player in players}
    loaded, nights = 0, []
    for index, (name, day) in enumerate(NIGHTS):
        existing = Championship.objects.filter(name=name).first()
        if existing is not None:
            existing.directors.add(director)
            nights.append(existing)
            continue
        rng = random.Random(SEED + 1 + index)  # each night its own draw
        nights.append(play_night(director, name, day, night_pairs(rng, index), rng, strength))
        loaded += 1
    if not loaded:
        return nights, _("Club nights demo already loaded: %(count)s nights.") % {
            "count": len(nights)}
    return nights, _("Club nights demo loaded: %(count)s free-deal nights of %(rounds)s "
                     "rounds, from “%(first)s” to “%(last)s”, played and finished.") % {
        "count": len(nights), "rounds": ROUNDS, "first": NIGHTS[0][0], "last": NIGHTS[-1][0]}
