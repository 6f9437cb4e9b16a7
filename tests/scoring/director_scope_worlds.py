"""The director scope matrix's worlds (``test_director_scope_matrix``): two championships of
each format, A and B, each with its own director (neither a superuser), built through the
services, with the objects the matrix's requests name (an entry, a report, a team, a tie, an
export job, an API token), and a series of each director's holding their championship."""

from __future__ import annotations

import sys
from pathlib import Path

from scoring_factories import make_championship, make_round, result, teams_of

from formats.abarrotada import services as ab
from formats.abarrotada.rules import ReportValues
from formats.duplicate_pairs import services as pairs_services
from formats.groups_knockout.services import make_groups
from formats.groups_knockout.services.knockout import confirm_qualifiers
from scoring.exports.models import ExportJob
from scoring.models import KnockoutTie
from scoring.services import games, tokens
from scoring.services.games import GameValues
from series import services as series_services
from tournaments import services as tournament_services

# The groups' factories live beside the format's tests.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
from groups_knockout_factories import make_groups_event  # noqa: E402


def common(championship, director, teams) -> dict:
    _token, _raw = tokens.create_token(director, "desk")
    # A series of the director's, with the championship in it (rules.md 13.2).
    series = series_services.create_series(director, name="Lliga")
    series_services.add_championship(series, championship, by=director)
    return {"championship": championship, "director": director, "teams": teams,
            "series": series,
            "token": _token, "tie": None,
            "job": ExportJob.objects.create(championship=championship, kind="ranking_csv",
                                            language="en")}


def pairs_world(director) -> dict:
    championship = make_championship(teams=4, director=director)
    teams = teams_of(championship)
    round_ = make_round(championship, 1, [(teams[0], teams[1]), (teams[2], teams[3])])
    table = round_.tables.get(number=1)
    first = round_.deals.order_by("number").first()
    entry, _ = pairs_services.submit_result(team=teams[0], table=table, deal=first, data=result(40),
                                            idempotency_key=None)
    return {**common(championship, director, teams), "entry": entry.pk, "deal": first.number}


def free_deal_world(director) -> dict:
    championship = tournament_services.create_championship(
        director, name="Lliure", format="free_deal_pairs", rounds_planned=3)
    for i in range(1, 5):
        tournament_services.add_team(championship, name=f"Parella {i}", player1="A",
                                     player2="B")
    (round_,) = tournament_services.generate_next_round(championship)
    tournament_services.release_round(round_)
    table = round_.tables.select_related("ns_team", "ew_team").get(number=1)
    entry, _ = games.submit_game(team=table.ns_team, table=table,
                                 values=GameValues(101, 40, "target", 9), idempotency_key=None)
    teams = list(championship.teams.order_by("number"))
    tie = KnockoutTie.objects.create(championship=championship, stage=1, slot=1,
                                     first=teams[0], second=teams[1])
    return {**common(championship, director, teams), "entry": entry.pk, "tie": tie.pk}


def individual_world(director, format_key: str) -> dict:
    championship = tournament_services.create_championship(
        director, name="Abarrotada", format=format_key, rounds_planned=2, deals_per_match=2)
    for i in range(1, 9):
        ab.add_player(championship, name=f"Jugador {i}")
    (round_,) = tournament_services.generate_next_round(championship)
    tournament_services.release_round(round_)
    table = round_.player_tables.get(number=1)
    seats = {s.seat: s.player for s in table.seatings.select_related("player")}
    if format_key == "abarrotada":
        entry, _ = ab.submit_report(player=seats["N"], table=table, deal_number=1,
                                    values=ReportValues("N", "O", {"N": 30, "E": 14, "S": 20,
                                                                   "W": 8}),
                                    idempotency_key=None)
        key = "report"
    else:
        entry, _ = ab.submit_totals(player=seats["N"], table=table, idempotency_key=None,
                                    values=ab.TotalsValues({"N": 1, "E": 2, "S": 3, "W": 4}))
        key = "entry"
    teams = list(championship.teams.order_by("number"))
    return {**common(championship, director, teams), key: entry.pk}


def groups_world(director) -> dict:
    """Groups then knockout, kept small: 8 pairs in two groups of 4 (3 rounds of 4 tables),
    the group winners through to a final. Round 1's table 1 entered by its first pair (the
    entry the requests name), then set by the director as every other game; the group stage
    complete and who goes through confirmed: the final is the tie they name."""
    championship = make_groups_event(director, pairs=8, seeding="snake")
    make_groups(championship)
    entry = None
    for _number in range(3):
        (round_,) = tournament_services.generate_next_round(championship)
        tournament_services.release_round(round_, by=director)
        for table in round_.tables.select_related("ns_team", "ew_team", "round__championship"
                                                  ).order_by("number"):
            first, second = sorted((table.ns_team, table.ew_team), key=lambda t: t.number)
            won = 70 + first.number  # the lower number wins, no two pairs level
            values = (GameValues(won, 40, "hands", 8) if table.ns_team == first
                      else GameValues(40, won, "hands", 8))
            if entry is None:
                entry, _ = games.submit_game(team=table.ns_team, table=table, values=values,
                                             idempotency_key=None)
            games.director_set_game(table=table, values=values, user=director)
        tournament_services.close_round(round_, by=director)
    confirm_qualifiers(championship, by=director)
    (tie,) = KnockoutTie.objects.filter(championship=championship)
    teams = list(championship.teams.order_by("number"))
    return {**common(championship, director, teams), "entry": entry.pk, "tie": tie.pk}


BUILDERS = {"pairs": pairs_world, "free_deal": free_deal_world,
            "individual": lambda d: individual_world(d, "abarrotada"),
            "evening": lambda d: individual_world(d, "abarrotada_free"), "groups": groups_world}
STANDINGS = {"pairs": "standings/", "free_deal": "free-deal/standings/",
             "individual": "abarrotada/standings/", "evening": "abarrotada/evening/",
             "groups": "groups/standings/"}


def build(world: str, django_user_model) -> dict:
    directors = {side: django_user_model.objects.create_user(
        f"director-{side}", password="x-pass-long") for side in "ab"}
    assert not any(d.is_superuser or d.is_staff for d in directors.values())
    return {side: BUILDERS[world](directors[side]) for side in "ab"}
