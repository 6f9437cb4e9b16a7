"""The burst of a format whose table plays one game of two pairs (free-deal pairs, the group
games of groups then knockout): the requests of each table at the end of a round, and the
bad requests mixed in. What differs between these formats is the game sent and how a bad
one is spoilt; the plan modules (``free_deal_plan``, ``groups_plan``) give them.

Per table (times drawn uniformly in the window and sorted, so that each table's requests
come in a plausible order): both pairs read their game; the first pair submits it; the
second pair reads it again (the entry's id) and confirms it. Deterministic for a seed: every
draw comes from the plan's ``random.Random``, in a fixed order.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from benchmarks.load.schedule import Action, mangled, missing_entry, self_confirmation

# Bad kinds every one-game format has; the others are the format's own spoilt games.
BAD_SECRET, BAD_ENTRY, BAD_SELF_CONFIRM = "bad_secret", "bad_entry", "bad_self_confirm"


def end_of_round(rng: random.Random, tables: list[dict], duration: float,
                 make_body: Callable[[], dict]) -> tuple[list[Action], dict[str, dict], dict]:
    """Every table's reads, submission and confirmation: the actions, the body sent for
    each table (by number, as a string) and each table's ``(submit, confirm)``.
    ``make_body()`` draws the table's game (with a fresh idempotency key)."""
    actions: list[Action] = []
    expected: dict[str, dict] = {}
    games: dict[int, tuple[Action, Action]] = {}  # table: submit, confirm
    for table in tables:
        number = table["number"]
        first, second = table["ns"], table["ew"]
        times = sorted(rng.uniform(0, duration) for _ in range(5))
        readers = (first, second) if rng.random() < 0.5 else (second, first)
        for at, pair in zip(times[:2], readers, strict=True):
            actions.append(Action(at, "game", number, pair["id"], pair["secret"]))
        t_submit, t_read, t_confirm = times[2:]
        body = make_body()
        expected[str(number)] = body
        submit = Action(t_submit, "submit", number, first["id"], first["secret"], body=body,
                        expect=(201, 200))
        read = Action(t_read, "game", number, second["id"], second["secret"])
        confirm = Action(t_confirm, "confirm", number, second["id"], second["secret"],
                         source=submit)
        actions += [submit, read, confirm]
        games[number] = (submit, confirm)
    return actions, expected, games


def bad_requests(rng: random.Random, tables: list[dict], games: dict, duration: float,
                 kinds: tuple[str, ...], new_key: Callable[[], str],
                 make_body: Callable[[str], dict],
                 spoil: Callable[[random.Random, str, dict], None]) -> tuple[list[Action], list[str]]:
    """A few bad requests (at least one of each of ``kinds``, about one a ten tables), each
    of which must be refused with a 4xx and write nothing; and the idempotency keys of the
    bad submissions (none may be stored). ``make_body(key)`` draws a valid game;
    ``spoil(rng, kind, body)`` makes it one the rules refuse (400) for the format's own
    kinds; a wrong link secret, an entry that does not exist and the entering pair confirming
    its own game are the same in every format."""
    bad_actions: list[Action] = []
    bad_keys: list[str] = []
    count = max(len(kinds), math.ceil(len(tables) / 10))
    for i in range(count):
        kind = kinds[i % len(kinds)]
        table = rng.choice(tables)
        submit, confirm = games[table["number"]]
        pair = table[rng.choice(("ns", "ew"))]
        at = rng.uniform(0, duration)
        if kind == BAD_SELF_CONFIRM:
            bad = self_confirmation(rng, submit, confirm)
        elif kind == BAD_ENTRY:
            bad = missing_entry(at, table["number"], pair)
        else:
            key = new_key()
            bad_keys.append(key)
            body = make_body(key)
            secret, expect = pair["secret"], (400,)
            if kind == BAD_SECRET:  # a valid game through a link that does not exist
                secret, expect = mangled(pair["secret"]), (404,)
            else:
                spoil(rng, kind, body)
            bad = Action(at, kind, table["number"], pair["id"], secret, body=body,
                         expect=expect)
        bad_actions.append(bad)
    return bad_actions, bad_keys
