"""The groups-then-knockout burst's requests, each with its scheduled send time
(deterministic for a seed), and the group games' captain API (rules.md 12.1).

Round 1 of the group stage ends: every table has played its group game. Per table, as in a
free-deal round (``table_games``): both pairs read their game, the first pair submits it,
the second pair reads it again and confirms it. Each game is a valid random group game for
the settings: it ends by its hands, never level; mostly after the set hands (8), sometimes
after one or two batches of extra hands (10, 12). About 5 % of submissions and
confirmations are sent a second time shortly after (the same idempotency key; the same
entry), and a few bad requests are mixed in, each of which must be refused with a 4xx and
write nothing: level points, a game ended otherwise than by its hands, a number of hands
the rules do not allow, a wrong link secret, an entry that does not exist, the entering pair
confirming its own game.
"""

from __future__ import annotations

import random

from benchmarks.load import free_deal_plan
from benchmarks.load.schedule import Plan, add_duplicates, finish, key_maker
from benchmarks.load.table_games import (
    BAD_ENTRY,
    BAD_SECRET,
    BAD_SELF_CONFIRM,
    bad_requests,
    end_of_round,
)

BAD_KINDS = ("bad_level", "bad_ending", "bad_hands", BAD_SECRET, BAD_ENTRY, BAD_SELF_CONFIRM)
# Games that went on past the set hands, level after them (then once more: LONGER_SHARE of
# those).
EXTRA_SHARE = 0.12
LONGER_SHARE = 0.25
POINTS_PER_HAND = 12  # the most points drawn for a pair, per hand played

# The report's request types (the same as a free-deal burst's).
TYPES = free_deal_plan.TYPES
KIND_TYPE = {**free_deal_plan.KIND_TYPE, **{kind: "bad" for kind in BAD_KINDS}}


def describe(tables: int) -> str:
    from benchmarks.load.groups_build import DRAW_SEED, bracket_for

    groups = tables // 2
    bracket = bracket_for(tables)
    return (f"{2 * tables} pairs in {groups} group{'s' if groups != 1 else ''} of 4 drawn "
            f"with seed {DRAW_SEED}, the first of each through, bracket "
            f"{bracket or 'by default'}: round 1's {tables} group games")


def check_spec(plan: Plan, build: dict) -> dict:
    """What the database check (``groups_check``) needs to know of the burst."""
    return {
        "championship": build["championship"],
        "round": build["round"],
        "settings": build["settings"],
        "groups": build["groups"],
        "tables": [{"number": t["number"], "first": t["ns"]["id"], "second": t["ew"]["id"]}
                   for t in build["tables"]],
        "expected": plan.expected,
        "bad_keys": plan.bad_keys,
    }


def _game(rng: random.Random, settings: dict, key: str) -> dict:
    """A valid group game for the settings: by its hands, never level."""
    hands = settings["hands_per_game"]
    if rng.random() < EXTRA_SHARE:
        hands += settings["extra_hands"] * (2 if rng.random() < LONGER_SHARE else 1)
    first = rng.randint(0, POINTS_PER_HAND * hands)
    second = rng.randint(0, POINTS_PER_HAND * hands - 1)
    if second >= first:
        second += 1  # never level: a draw among the others, shifted past ``first``
    return {"first_points": first, "second_points": second, "ended_by": "hands",
            "hands_played": hands, "idempotency_key": key}


def _spoil(rng: random.Random, settings: dict, kind: str, body: dict) -> None:
    """A group game the rules refuse (rules.md 12.1)."""
    if kind == "bad_level":
        body["second_points"] = body["first_points"]
    elif kind == "bad_ending":
        body["ended_by"] = rng.choice(("target", "time"))
    elif kind == "bad_hands":  # fewer than the set hands: never a group game's length
        body["hands_played"] = rng.randint(1, settings["hands_per_game"] - 1)


def make_plan(build: dict, duration: float, seed: int) -> Plan:
    rng = random.Random(seed)
    settings = build["settings"]
    if settings["hands_per_game"] < 2:
        raise ValueError("the groups plan needs games of 2 hands or more")
    new_key = key_maker(rng, build["championship"])
    actions, expected, games = end_of_round(rng, build["tables"], duration,
                                            lambda: _game(rng, settings, new_key()))
    add_duplicates(actions, rng)
    bad, bad_keys = bad_requests(
        rng, build["tables"], games, duration, BAD_KINDS, new_key,
        lambda key: _game(rng, settings, key),
        lambda rng, kind, body: _spoil(rng, settings, kind, body))
    actions += bad
    finish(actions, KIND_TYPE)
    return Plan(actions, expected, bad_keys, duration)


class CaptainApi(free_deal_plan.CaptainApi):
    """The group games' captain API (``formats.groups_knockout.api``, the core's game
    endpoints): the free-deal game's requests and answers at the pair's ``group-game/``."""

    @staticmethod
    def _game_path(team_id: int, secret: str) -> str:
        return f"/api/v1/captain/{team_id}/{secret}/group-game/"
