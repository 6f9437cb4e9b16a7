"""The burst's requests, each with its scheduled send time (deterministic for a seed).

Per table (times drawn uniformly in the window and sorted, so that each table's requests
come in a plausible order): both captains read their tables; then for each deal the
entering captain submits it, and the other captain reads its results and confirms it.
About 5 % of submissions and confirmations are sent a second time shortly after (the same
idempotency key; the same entry), and a few bad requests are mixed in, each of which must
be refused with a 4xx and write nothing.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

CONTRACTS = ("O", "C", "E", "B", "BOT")
DUPLICATE_SHARE = 0.05
DUPLICATE_DELAY = 1.5  # a double tap or a retry, up to this many seconds later
BAD_KINDS = ("bad_points", "bad_deal", "bad_secret", "bad_entry", "bad_self_confirm")
UNKNOWN_DEAL = 9999
MISSING_ENTRY = 2_000_000_000

# The report's request types.
TYPES = ("tables", "results list", "submit", "confirm", "duplicate", "bad")
KIND_TYPE = {
    "tables": "tables",
    "results": "results list",
    "submit": "submit",
    "confirm": "confirm",
    "dup_submit": "duplicate",
    "dup_confirm": "duplicate",
    **{kind: "bad" for kind in BAD_KINDS},
}


@dataclass(eq=False)
class Action:
    at: float  # scheduled send time, seconds from the start of the burst
    kind: str
    table: int  # table number
    team_id: int
    secret: str
    deal: int | None = None
    body: dict | None = None
    expect: tuple[int, ...] = (200,)
    # submit: the table's submission this confirmation needs the entry of; dup_confirm:
    # the confirmation it repeats.
    source: Action | None = None
    after: list[Action] = field(default_factory=list)  # must have been answered first
    index: int = -1

    @property
    def type(self) -> str:
        return KIND_TYPE[self.kind]


@dataclass
class Plan:
    actions: list[Action]  # by scheduled time; ``index`` is the position
    expected: dict[str, dict]  # "table:deal" -> the result sent
    bad_keys: list[str]
    duration: float

    def check_spec(self, build: dict) -> dict:
        return {
            "championship": build["championship"],
            "round": build["round"],
            "deals": build["deals"],
            "tables": [t["number"] for t in build["tables"]],
            "expected": self.expected,
            "bad_keys": self.bad_keys,
        }


def _result(rng: random.Random, deal: int, key: str) -> dict:
    return {
        "deal": deal,
        "contract": rng.choice(CONTRACTS),
        "points_ns": rng.randint(0, 72),
        "contro": rng.random() < 0.1,
        "idempotency_key": key,
    }


def _mangled(secret: str) -> str:
    return ("B" if secret[0] == "A" else "A") + secret[1:]


def make_plan(build: dict, duration: float, seed: int) -> Plan:
    rng = random.Random(seed)
    championship = build["championship"]
    deals = build["deals"]

    def new_key() -> str:
        return f"load-c{championship}-{rng.getrandbits(96):024x}"

    actions: list[Action] = []
    expected: dict[str, dict] = {}
    pairs: dict[tuple[int, int], tuple[Action, Action]] = {}  # (table, deal): submit, confirm
    for table in build["tables"]:
        number = table["number"]
        enter, other = (table["ns"], table["ew"]) if rng.random() < 0.5 else (table["ew"], table["ns"])
        times = sorted(rng.uniform(0, duration) for _ in range(2 + 3 * len(deals)))
        first, second = (enter, other) if rng.random() < 0.5 else (other, enter)
        for at, team in zip(times[:2], (first, second), strict=True):
            actions.append(Action(at, "tables", number, team["id"], team["secret"]))
        for i, deal in enumerate(deals):
            t_submit, t_results, t_confirm = times[2 + 3 * i: 5 + 3 * i]
            body = _result(rng, deal, new_key())
            expected[f"{number}:{deal}"] = body
            submit = Action(t_submit, "submit", number, enter["id"], enter["secret"], deal, body,
                            expect=(201, 200))
            results = Action(t_results, "results", number, other["id"], other["secret"])
            confirm = Action(t_confirm, "confirm", number, other["id"], other["secret"], deal,
                             source=submit)
            actions += [submit, results, confirm]
            pairs[(number, deal)] = (submit, confirm)

    # Duplicate sends: the same body and key again; the same confirmation again.
    originals = [a for a in actions if a.kind in ("submit", "confirm")]
    chosen = [a for a in originals if rng.random() < DUPLICATE_SHARE]
    for kind in ("submit", "confirm"):
        if not any(a.kind == kind for a in chosen):
            chosen.append(next(a for a in originals if a.kind == kind))
    for original in chosen:
        at = original.at + rng.uniform(0.0, DUPLICATE_DELAY)
        if original.kind == "submit":
            actions.append(Action(at, "dup_submit", original.table, original.team_id,
                                  original.secret, original.deal, original.body,
                                  expect=(200, 201)))
        else:
            actions.append(Action(at, "dup_confirm", original.table, original.team_id,
                                  original.secret, original.deal, source=original))

    # Bad requests: refused with a 4xx, nothing written.
    bad_keys: list[str] = []
    count = max(len(BAD_KINDS), math.ceil(len(build["tables"]) / 10))
    for i in range(count):
        kind = BAD_KINDS[i % len(BAD_KINDS)]
        table = rng.choice(build["tables"])
        deal = rng.choice(deals)
        submit, confirm = pairs[(table["number"], deal)]
        team = table[rng.choice(("ns", "ew"))]
        at = rng.uniform(0, duration)
        if kind == "bad_self_confirm":
            # The entering captain confirms its own entry, before the other team does.
            at = rng.uniform(submit.at, confirm.at)
            bad = Action(at, kind, submit.table, submit.team_id, submit.secret, deal,
                         source=submit, expect=(409,))
            confirm.after.append(bad)
        elif kind == "bad_entry":
            bad = Action(at, kind, table["number"], team["id"], team["secret"], expect=(404,))
        else:
            key = new_key()
            bad_keys.append(key)
            body = _result(rng, deal, key)
            secret, expect = team["secret"], (400,)
            if kind == "bad_points":
                body["points_ns"] = 99
            elif kind == "bad_deal":
                body["deal"] = UNKNOWN_DEAL
            else:  # bad_secret
                secret, expect = _mangled(team["secret"]), (404,)
            bad = Action(at, kind, table["number"], team["id"], secret, body["deal"], body,
                         expect=expect)
        actions.append(bad)

    actions.sort(key=lambda a: a.at)
    for index, action in enumerate(actions):
        action.index = index
    return Plan(actions, expected, bad_keys, duration)
