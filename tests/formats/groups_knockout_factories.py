"""A groups-then-knockout championship built through the services, for the format's tests."""

from __future__ import annotations

import contextlib

from tournaments import services


def make_groups_event(director, *, pairs: int = 10, **format_settings):
    championship = services.create_championship(
        director, name="Open de la Fira", format="groups_knockout",
        format_settings=format_settings or None)
    for i in range(1, pairs + 1):
        services.add_team(championship, name=f"Parella {i}", player1=f"Jugador {i}a",
                          player2=f"Jugador {i}b")
    return championship


def played_groups_event(director, *, finish_rounds: bool = True):
    """Nine pairs in two groups (5 and 4: a sit-out each round in the group of 5), games of
    8 hands, 2 match points a win, two through per group: round 1's games entered by the
    pairs, one confirmed by the other pair, one with its PIN (after a wrong one), one
    disputed and set by the director, the rest set by the director; pair 9 withdrawn after round 1 (its walkovers); the other
    rounds set by the director and closed (all of them unless ``finish_rounds`` is false:
    then round 2 only)."""
    from formats.groups_knockout.format import GroupsKnockout
    from formats.groups_knockout.services import make_groups
    from scoring.services import games
    from scoring.services.games import GameValues
    from scoring.services.values import PinRefused

    championship = make_groups_event(director, pairs=9, seeding="snake", group_size=5,
                                     win_points=2, qualifiers_per_group=2)
    make_groups(championship)
    total = GroupsKnockout().rounds_to_pair(championship)
    for number in range(1, (total if finish_rounds else 2) + 1):
        (round_,) = services.generate_next_round(championship)
        services.release_round(round_, by=director)
        tables = round_.tables.select_related("ns_team", "ew_team", "round__championship")
        for index, table in enumerate(tables.order_by("number")):
            if table.bye_team_id is not None:
                continue
            first, second = table.ns_team, table.ew_team
            won = 60 + 3 * first.number + number
            values = (GameValues(won, 50 + index, "hands", 8) if first.number < second.number
                      else GameValues(45 + index, won, "hands", 8))
            if number == 1 and index == 0:
                entry, _created = games.submit_game(team=first, table=table, values=values,
                                                    idempotency_key=None)
                games.confirm_game(entry_id=entry.pk, team=second)
            elif number == 1 and index == 2:
                # Confirmed on the entering pair's phone: a wrong PIN first, then the right one.
                entry, _created = games.submit_game(team=first, table=table, values=values,
                                                    idempotency_key=None)
                wrong = "0000" if second.pin != "0000" else "1111"
                with contextlib.suppress(PinRefused):  # refused, and the attempt kept
                    games.confirm_game_with_pin(entry_id=entry.pk, team=first, pin=wrong)
                games.confirm_game_with_pin(entry_id=entry.pk, team=first, pin=second.pin)
            elif number == 1 and index == 1:
                entry, _created = games.submit_game(team=first, table=table, values=values,
                                                    idempotency_key=None)
                games.dispute_game(entry_id=entry.pk, team=second, comment="Era 10 a 8.")
                games.director_set_game(table=table, values=values, user=director,
                                        note="Revisat amb les dues parelles.")
            else:
                games.director_set_game(table=table, values=values, user=director)
        services.close_round(round_, by=director)
        if number == 1:
            services.withdraw_team(championship.teams.get(number=9), by=director)
    return championship


def played_knockout(championship, director, *, upsets=(), stages=None):
    """Confirm who goes through, then play the bracket's ties one game each, stage by stage
    (every stage unless ``stages`` is given): the first pair wins, but for a tie whose
    ``(stage, slot)`` is in ``upsets``, by 60 to 40 (the third-place game, stored beside the
    final as its slot 2, with it)."""
    from formats.groups_knockout.services.knockout import confirm_qualifiers
    from scoring.models import KnockoutTie
    from scoring.services.knockout import enter_knockout_game

    confirm_qualifiers(championship, by=director)
    last = KnockoutTie.objects.filter(championship=championship).order_by("-stage")[0].stage
    for stage in stages or range(1, last + 1):
        for tie in KnockoutTie.objects.filter(championship=championship, stage=stage):
            if tie.winner_id is None and tie.first_id and tie.second_id:
                first_wins = (stage, tie.slot) not in upsets
                enter_knockout_game(tie, 60 if first_wins else 40, 40 if first_wins else 60,
                                    hands=8, by=director)
    return championship
