"""The small running championship most browser tests start from, and the director's way in
to its results grid (shared by the fixture ``round_one`` and the tests)."""

from __future__ import annotations

from typing import NamedTuple

DIRECTOR = "e2e-director"
PASSWORD = "e2e-pass-9"


class RoundOne(NamedTuple):
    """Four teams, round 1 released: table 1 is team 1 (NS) v team 2 (EW), table 2 is 3 v 4;
    ``director`` (``DIRECTOR``, ``PASSWORD``) directs it."""

    director: object
    championship: object
    round: object
    table: object
    ns: object
    ew: object


def make_round_one(django_user_model) -> RoundOne:
    from scoring_factories import make_championship, make_round, teams_of

    director = django_user_model.objects.create_user(DIRECTOR, password=PASSWORD)
    championship = make_championship(teams=4, director=director, name="E2E Open")
    ns, ew, t3, t4 = teams_of(championship)
    round_ = make_round(championship, 1, [(ns, ew), (t3, t4)])
    return RoundOne(director, championship, round_, round_.tables.get(number=1), ns, ew)


def open_grid(page, base_url: str, championship) -> None:
    """Log in as the director and open the championship's results grid."""
    page.goto(f"{base_url}/accounts/login/?next=/director/c/{championship.pk}/results/")
    page.fill("#id_username", DIRECTOR)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
