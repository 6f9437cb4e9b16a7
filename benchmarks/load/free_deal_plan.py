"""The free-deal burst's requests, each with its scheduled send time (deterministic for a
seed), and the free-deal captain API's paths and answers (rules.md 11).

The end of a round: every table has played its game. Per table (times drawn uniformly in the
window and sorted, so that each table's requests come in a plausible order): both pairs
read their game; the first pair submits it; the second pair reads it again (the entry's id)
and confirms it. Each game is a valid random one for the championship's settings: mostly a
winner at the target or above (up to the cap) and a loser below it, else a game ended by
time or by the hand limit, both pairs below the target, sometimes a draw. About 5 % of
submissions and confirmations are sent a second time shortly after (the same idempotency
key; the same entry), and a few bad requests are mixed in, each of which must be refused
with a 4xx and write nothing: points above the cap, both pairs over the target, a wrong
link secret, an entry that does not exist, the entering pair confirming its own game.
"""

from __future__ import annotations

import random

from benchmarks.load.schedule import Action, Plan, add_duplicates, finish, key_maker
from benchmarks.load.table_games import bad_requests, end_of_round

BAD_KINDS = ("bad_above_cap", "bad_both_target", "bad_secret", "bad_entry", "bad_self_confirm")
# How games end: the rest reach the target. Of the games ended by time or by the hand limit
# (both pairs below the target), DRAW_SHARE are draws.
TIME_SHARE = 0.15
HANDS_SHARE = 0.05
DRAW_SHARE = 0.25

# The report's request types.
TYPES = ("game", "submit", "confirm", "duplicate", "bad")
KIND_TYPE = {
    "game": "game",
    "submit": "submit",
    "confirm": "confirm",
    "dup_submit": "duplicate",
    "dup_confirm": "duplicate",
    **{kind: "bad" for kind in BAD_KINDS},
}


def describe(tables: int) -> str:
    return f"{2 * tables} pairs, free deal: one game a table"


def check_spec(plan: Plan, build: dict) -> dict:
    """What the database check (``free_deal_check``) needs to know of the burst."""
    return {
        "championship": build["championship"],
        "round": build["round"],
        "settings": build["settings"],
        "tables": [{"number": t["number"], "first": t["ns"]["id"], "second": t["ew"]["id"]}
                   for t in build["tables"]],
        "expected": plan.expected,
        "bad_keys": plan.bad_keys,
    }


def _game(rng: random.Random, settings: dict, key: str) -> dict:
    """A valid game for the settings (every ending on, as by default)."""
    target, cap, limit = settings["target"], settings["cap"], settings["hand_limit"]
    roll = rng.random()
    if roll < TIME_SHARE + HANDS_SHARE:
        ended_by = "time" if roll < TIME_SHARE else "hands"
        hands = rng.randint(1, limit - 1) if ended_by == "time" else limit
        if rng.random() < DRAW_SHARE:
            first = second = rng.randint(0, target - 1)
        else:
            first, second = rng.randint(0, target - 1), rng.randint(0, target - 1)
    else:
        ended_by, hands = "target", rng.randint(3, limit)
        winner, loser = rng.randint(target, cap), rng.randint(0, target - 1)
        first, second = (winner, loser) if rng.random() < 0.5 else (loser, winner)
    return {"first_points": first, "second_points": second, "ended_by": ended_by,
            "hands_played": hands, "idempotency_key": key}


def _spoil(rng: random.Random, settings: dict, kind: str, body: dict) -> None:
    """A game the rules refuse: points above the cap, or both pairs over the target."""
    target, cap = settings["target"], settings["cap"]
    if kind == "bad_above_cap":
        body.update(first_points=cap + rng.randint(1, 30),
                    second_points=rng.randint(0, target - 1), ended_by="target")
    elif kind == "bad_both_target":
        body.update(first_points=rng.randint(target, cap),
                    second_points=rng.randint(target, cap), ended_by="target")


def make_plan(build: dict, duration: float, seed: int) -> Plan:
    rng = random.Random(seed)
    settings = build["settings"]
    if None in (settings["target"], settings["cap"], settings["hand_limit"],
                settings["round_minutes"]):
        raise ValueError("the free-deal plan needs a target, a cap, a hand limit and a clock")
    new_key = key_maker(rng, build["championship"])
    actions, expected, games = end_of_round(rng, build["tables"], duration,
                                            lambda: _game(rng, settings, new_key()))
    add_duplicates(actions, rng)
    # Bad requests: refused with a 4xx, nothing written.
    bad, bad_keys = bad_requests(
        rng, build["tables"], games, duration, BAD_KINDS, new_key,
        lambda key: _game(rng, settings, key),
        lambda rng, kind, body: _spoil(rng, settings, kind, body))
    actions += bad
    finish(actions, KIND_TYPE)
    return Plan(actions, expected, bad_keys, duration)


class CaptainApi:
    """The free-deal captain API (``formats.free_deal.api``): where each kind of request
    goes, and what its answers must say (a problem note, or ``None``)."""

    reads = ("game",)

    @staticmethod
    def _game_path(team_id: int, secret: str) -> str:
        return f"/api/v1/captain/{team_id}/{secret}/free-deal/game/"

    def read_path(self, action: Action) -> str:
        return self._game_path(action.team_id, action.secret)

    def submit_path(self, action: Action) -> str:
        return self._game_path(action.team_id, action.secret)

    def confirm_path(self, action: Action, entry: int) -> str:
        return f"{self._game_path(action.team_id, action.secret)}{entry}/confirm/"

    def warm_up_paths(self, team: dict) -> list[str]:
        return [self._game_path(team["id"], team["secret"])]

    def read(self, action: Action, data) -> tuple[str | None, dict]:
        """A read's problem, and the entry id it shows: ``(pair, table, None) -> id`` when
        the other pair entered the game."""
        if not isinstance(data, dict) or data.get("table") != action.table or not data.get("open"):
            return "game: not the pair's table in the round in play", {}
        entry = data.get("entry")
        if entry and entry.get("by_pair") not in (None, action.team_id):
            return None, {(action.team_id, action.table, None): entry["id"]}
        return None, {}

    def submitted(self, action: Action, data) -> tuple[str | None, int | None]:
        """A submission's problem, and the id of the entry it stored."""
        entry = data.get("entry") or {}
        fields = ("first_points", "second_points", "ended_by", "hands_played")
        if data.get("table") != action.table or any(
            entry.get(name) != action.body[name] for name in fields
        ):
            return f"{action.kind}: the answer is not the game sent", None
        return None, entry["id"]

    def confirmed(self, action: Action, data) -> str | None:
        if data.get("state") != "confirmed":
            return f"{action.kind}: state {data.get('state')!r}"
        return None
