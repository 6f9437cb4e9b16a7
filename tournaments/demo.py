"""The demo championship (``python manage.py demo``): 13 teams, so every round has a bye,
in a round robin whose first rounds are released. Loaded from ``fixtures/``."""

from __future__ import annotations

import datetime
import json
import random
from collections.abc import Sequence

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.models import Championship

DEMO_FIXTURE = settings.BASE_DIR / "fixtures" / "demo_championship.json"


def _fixture() -> dict:
    with open(DEMO_FIXTURE, encoding="utf-8") as handle:
        return json.load(handle)


@transaction.atomic
def load_demo(director) -> tuple[Championship | None, str]:
    """Create the demo championship directed by ``director``, or return the existing one.

    Idempotent: the championship is recognised by its name, and never duplicated.
    """
    data = _fixture()
    details = dict(data["championship"])
    existing = Championship.objects.filter(name=details["name"]).first()
    if existing is not None:
        existing.directors.add(director)
        return existing, _("Demo championship already loaded: “%(name)s”.") % {
            "name": existing.name}
    for key in ("starts_on", "ends_on"):
        if details.get(key):
            details[key] = datetime.date.fromisoformat(details[key])
    championship = services.create_championship(director, **details)
    for team in data["teams"]:
        services.add_team(championship, **team)
    rounds = services.generate_next_round(championship)
    for round_ in rounds[: data.get("released_rounds", 0)]:
        services.release_round(round_)
    championship.refresh_from_db()
    return championship, _(
        "Demo championship loaded: “%(name)s”, %(teams)s pairs, a round robin of %(rounds)s "
        "rounds."
    ) % {"name": championship.name, "teams": len(data["teams"]), "rounds": len(rounds)}


def add_demo_pairs(championship: Championship, rng: random.Random, count: int, *,
                   first_names: Sequence[str], last_names: Sequence[str],
                   clubs: Sequence[str]) -> None:
    """``count`` pairs of made-up players, numbered in the order drawn: two different first
    names make the pair's name ("Jordi i Montse", never the same name twice), each player a
    surname, the pair a club. Drawn from ``rng``, so a seeded demo is the same every time."""
    names: set[str] = set()
    while len(names) < count:
        a, b = rng.sample(first_names, 2)
        if f"{a} i {b}" in names:
            continue
        names.add(f"{a} i {b}")
        services.add_team(championship, name=f"{a} i {b}", club=rng.choice(clubs),
                          player1=f"{a} {rng.choice(last_names)}",
                          player2=f"{b} {rng.choice(last_names)}")
