"""The individual demo (``python manage.py demo``): an evening of *abarrotada* for 18 players
in the four-player form (four tables and two sit-outs a round), 4 deals a round over 3
rounds: rounds 1 and 2 played and closed, round 3 being played (some deals confirmed, one
waiting for another player, one disputed), results public. Reports come from a fixed seed, so
the demo is the same every time; loading it twice leaves the first one as it is."""

from __future__ import annotations

import datetime
import random

from django.db import transaction
from django.utils.translation import gettext as _

from engine.abarrotada import MAX_DELEGATIONS, trump_maker
from engine.seats import Seat
from formats.abarrotada import services as ab
from formats.abarrotada.rules import ReportValues
from scoring.services import set_results_public
from tournaments import services
from tournaments.models import Championship

DEMO_NAME = "Abarrotada de la Mercè"
PLAYERS = 18
ROUNDS = 3
PLAYED = 2
DEALS = 4
SEED = 1902

_CLUBS = ["Casal de Gràcia", "Penya Botifarrera de Sants", "Ateneu de Vic", "Club Lleidatà"]
_FIRST = ["Jordi", "Montse", "Pere", "Núria", "Josep", "Roser", "Quim", "Mercè", "Lluís",
          "Anna", "Ramon", "Teresa", "Xavier", "Pilar", "Joan", "Carme", "Enric", "Dolors",
          "Miquel", "Marta"]
_LAST = ["Puig", "Soler", "Vila", "Serra", "Ferrer", "Pujol", "Roca", "Font", "Camps", "Riera",
         "Vidal", "Casals", "Prat", "Costa", "Bosch", "Sala"]


def demo_report(rng: random.Random, dealer: str = "N") -> ReportValues:
    """A plausible deal: the trump maker usually takes most points; now and then a contro.
    The dealer delegated as many times as it takes to reach the maker (rules.md 10.1)."""
    maker = rng.choice("NESW")
    others = [seat for seat in "NESW" if seat != maker]
    maker_points = rng.randint(20, 40)
    rest = 72 - maker_points
    cuts = sorted(rng.randint(0, rest) for _ in range(2))
    shares = [cuts[0], cuts[1] - cuts[0], rest - cuts[1]]
    points = {maker: maker_points, **dict(zip(others, shares, strict=True))}
    contro = "".join(seat for seat in others if rng.random() < 0.12)
    delegations = next(count for count in range(MAX_DELEGATIONS + 1)
                       if trump_maker(Seat(dealer), count).value == maker)
    return ReportValues(maker=maker, contract=rng.choice(["O", "C", "E", "B", "BOT"]),
                        points=points, contro_by=contro, delegations=delegations)


@transaction.atomic
def load_individual_demo(director) -> tuple[Championship, str]:
    existing = Championship.objects.filter(name=DEMO_NAME).first()
    if existing is not None:
        existing.directors.add(director)
        return existing, _("Individual demo already loaded: “%(name)s”.") % {"name": DEMO_NAME}
    rng = random.Random(SEED)
    championship = services.create_championship(
        director, name=DEMO_NAME, venue="Ateneu de Vic", format="abarrotada",
        rounds_planned=ROUNDS, deals_per_match=DEALS, starts_on=datetime.date(2026, 9, 24),
        ends_on=datetime.date(2026, 9, 24), format_settings={"form": 4})
    names: set[str] = set()
    while len(names) < PLAYERS:
        names.add(f"{rng.choice(_FIRST)} {rng.choice(_LAST)}")
    for name in sorted(names):
        ab.add_player(championship, name=name, club=rng.choice(_CLUBS),
                      licence=f"FCB-{rng.randint(1000, 9999)}" if rng.random() < 0.6 else "")
    for number in range(1, PLAYED + 2):
        (round_,) = services.generate_next_round(championship)
        services.release_round(round_, by=director)
        playing = number <= PLAYED
        deals = dict(round_.deals.order_by("number").values_list("number", "dealer"))
        for index, table in enumerate(round_.player_tables.order_by("number")):
            seated = {s.seat: s.player for s in table.seatings.select_related("player")}
            for position, deal in enumerate(deals, start=1):
                if not playing and position > 2:
                    break  # round 3: the first two deals so far
                report, _created = ab.submit_report(
                    player=seated["N"], table=table, deal_number=deal,
                    values=demo_report(rng, deals[deal]), idempotency_key=None)
                if not playing and index == 0 and position == 2:
                    continue  # waiting for another player's confirmation
                if not playing and index == 1 and position == 2:
                    ab.dispute_report(report_id=report.pk, player=seated["E"],
                                      comment="Vaig fer 14 punts, no 10.")
                    continue
                ab.confirm_report(report_id=report.pk, player=seated[rng.choice("ESW")])
        if playing:
            services.close_round(round_, by=director)
    set_results_public(championship, True, user=director)
    return championship, _("Individual demo loaded: “%(name)s”, %(players)s players, rounds 1 "
                           "to %(played)s closed, round %(running)s in play.") % {
        "name": DEMO_NAME, "players": PLAYERS, "played": PLAYED, "running": PLAYED + 1}
